/**
 * Where the browser finds an influencer's profile data: one small file per influencer, written by the build and
 * fetched when a visitor opens a profile from the directory. Not hashed: it is revalidated, like the page itself.
 */
export const profileDataUrl = (id: number) => `/data/influencers/${id}.json`;

/** The influencer id of a profile data address (the reverse of profileDataUrl), or undefined for any other path. */
export function influencerIdOfDataUrl(path: string): number | undefined {
  const id = /^\/data\/influencers\/(\d+)\.json$/.exec(path)?.[1];
  return id === undefined || profileDataUrl(Number(id)) !== path ? undefined : Number(id);
}
