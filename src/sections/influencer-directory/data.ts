import { directoryData, influencerLabels } from '../../influencers/build-data.ts';
import type { SelectData } from '../section-types.ts';

/**
 * The labels the cards show and the directory's first page, not every creator: the rest loads after the first paint.
 */
export const selectData: SelectData<'influencer-directory'> = (section, config, files) => ({
  ...influencerLabels(config),
  directory: directoryData(config, section.pageSize, files.influencerIndex.url),
});
