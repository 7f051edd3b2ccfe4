import records from 'virtual:influencer-records';
import { profileDataUrl } from './data-urls';
import { sitePath } from '../content/site-paths';
import type { Influencer } from '../generated/config-types';
import { settled, tracked, type Resource } from '../ui/resource';

/**
 * Influencers by id, one at a time. Pre-rendering reads them from the build's records; the browser receives the one a
 * profile page shows inside that page (embedded by the pre-rendering), and fetches the others as a visitor opens them.
 */
const byId = records ? new Map(records.map((influencer) => [influencer.id, influencer])) : undefined;
const cache = new Map<number, Resource<Influencer | undefined>>();

/** The influencer with an id, or undefined when none has it; settled when already known. */
export function influencerResource(id: number): Resource<Influencer | undefined> {
  let resource = cache.get(id);
  if (!resource) {
    resource = byId
      ? settled(byId.get(id))
      : tracked(fetch(sitePath(profileDataUrl(id))).then((response) => (response.ok ? (response.json() as Promise<Influencer>) : undefined)));
    cache.set(id, resource);
  }
  return resource;
}

/** Forgets the influencers read so far, so each profile shown next is read afresh (the editor's preview, after an edit). */
export function forgetInfluencers(): void {
  cache.clear();
}

/** The id in a profile's address, or undefined when it is not a whole number (such as /influencers/abc). */
export function influencerIdOf(param: string | undefined): number | undefined {
  return param && /^[0-9]+$/.test(param) ? Number(param) : undefined;
}

const EMBEDDED_KEY = 'influencer';

/**
 * What a profile page carries inside its HTML: its influencer. The not-found page of profiles, which the host serves
 * for every id no one has, carries { id: null }: whatever id its address holds, there is no one. Pre-rendering only.
 */
export function embeddedInfluencer(id: number | undefined): Record<string, unknown> {
  return { [EMBEDDED_KEY]: { id: id ?? null, record: id === undefined ? null : (byId?.get(id) ?? null) } };
}

/** Takes in the influencer a pre-rendered page carries (or that no one has the id of its address), so it needs no request. */
export function receiveEmbeddedInfluencer(embedded: Record<string, unknown>, idOfAddress: string | undefined): void {
  const entry = embedded[EMBEDDED_KEY] as { id: number | null; record: Influencer | null } | undefined;
  const id = entry?.id ?? influencerIdOf(idOfAddress);
  if (entry && id !== undefined) cache.set(id, settled(entry.record ?? undefined));
}
