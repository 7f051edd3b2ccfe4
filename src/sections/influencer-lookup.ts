import config from 'virtual:site-config';
import type { Influencer } from '../generated/config-types';

/** The influencer whose id is in the address; undefined for an unknown or non-numeric id. */
export function findInfluencer(idParam: string | undefined): Influencer | undefined {
  if (!idParam || !/^[0-9]+$/.test(idParam)) return undefined;
  return config.influencers.find((influencer) => influencer.id === Number(idParam));
}
