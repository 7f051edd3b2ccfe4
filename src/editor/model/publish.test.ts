/**
 * What Publish and Undo ask of the place the site is kept (model/publish.ts, undo.ts), counted on the author's git copy
 * with a bare remote, where each look at the published branch's head is a fetch over the network: what publishing
 * decides is tried on both editors by src/editor/publishing-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { editJsonFile, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { setIdentity } from '../git/git-identity.ts';
import { LockQueue } from '../git/lock-queue.ts';
import { readPublishSettings } from '../git/publish-settings.ts';
import { publishingOnDisk } from '../git/publishing.ts';
import { SiteRepository } from '../git/site-repository.ts';
import { newOperationId } from './operations.ts';
import { publish, publishListOf } from './publish.ts';
import type { PublishingPlace } from './repository.ts';
import { undoPublished } from './undo.ts';

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
const HOME = 'config/pages/home.json';

/** Publishing over the author's copy, with each look at a branch's head counted by the branch's name. */
async function countingHeads(author: string): Promise<{ place: PublishingPlace; heads: string[] }> {
  const repo = await SiteRepository.open(author);
  await setIdentity(repo, 'Ama Mensah', 'ama@loommedia.example');
  const place = publishingOnDisk(repo, readPublishSettings(author), {
    siteFiles: new LockQueue(),
    validateFolder: async (dir) => ({ problems: validateConfig(siteFolders(dir)).problems }),
  });
  const heads: string[] = [];
  const { repository } = place;
  const head = repository.head.bind(repository);
  repository.head = (branch) => (heads.push(branch), head(branch));
  return { place, heads };
}

describe('the published head, a fetch at npm run edit', () => {
  it('is asked once by a publish and by an undo that look for their earlier tries first, when nothing moved', async () => {
    const { author } = sharedSite();
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    const { place, heads } = await countingHeads(author);
    const published = await place.drafts.state((await place.repository.head('main'))!);
    const { listId } = await publishListOf(place, published);
    heads.length = 0;
    const sent = await publish(place, { listId, attempt: { id: newOperationId(), earlier: [newOperationId()] } });
    expect(sent).toMatchObject({ status: 'published' });
    expect(heads).toEqual(['main']);
    heads.length = 0;
    const undone = await undoPublished(place, (sent as { commit: string }).commit, undefined, {
      id: newOperationId(),
      earlier: [newOperationId()],
    });
    expect(undone).toMatchObject({ status: 'published' });
    expect(heads).toEqual(['main']);
  });
});
