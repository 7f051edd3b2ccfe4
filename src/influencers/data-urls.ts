/**
 * Where the browser finds an influencer's profile data: one small file per influencer, written by the build and
 * fetched when a visitor opens a profile from the directory. Not hashed: it is revalidated, like the page itself.
 */
export const profileDataUrl = (id: number) => `/data/influencers/${id}.json`;
