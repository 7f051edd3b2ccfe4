import { influencerLabels } from '../../influencers/build-data.ts';
import type { SelectData } from '../section-types.ts';

/** The labels of platforms and niches; the influencer comes with the address. */
export const selectData: SelectData<'influencer-profile'> = (_section, config) => influencerLabels(config);
