import records from 'virtual:influencer-records';
import { profileDataUrl } from './data-urls.ts';
import { sitePath } from '../content/site-paths.ts';
import type { Influencer } from '../generated/config-types.ts';
import { settled, tracked, type Resource } from '../ui/resource.ts';

/**
 * Influencers by id, one at a time. Pre-rendering reads them from the build's records, and each profile is a page of
 * its own; the whole app (the dev server, the editor's preview) fetches each as a visitor opens it.
 */
const byId = records ? new Map(records.map((influencer) => [influencer.id, influencer])) : undefined;
const cache = new Map<number, Resource<Influencer | undefined>>();

/** The influencer with an id, or undefined when none has it; settled when already known. */
export function influencerResource(id: number): Resource<Influencer | undefined> {
  let resource = cache.get(id);
  if (!resource) {
    resource = byId
      ? settled(byId.get(id))
      : tracked(
          fetch(sitePath(profileDataUrl(id))).then((response) =>
            response.ok ? (response.json() as Promise<Influencer>) : undefined,
          ),
        );
    cache.set(id, resource);
  }
  return resource;
}

/**
 * Forgets the influencers read so far, so each profile shown next is read afresh (the editor's preview, after an edit).
 */
export function forgetInfluencers(): void {
  cache.clear();
}

/** The id in a profile's address, or undefined when it is not a whole number (such as /influencers/abc). */
export function influencerIdOf(param: string | undefined): number | undefined {
  return param && /^[0-9]+$/.test(param) ? Number(param) : undefined;
}
