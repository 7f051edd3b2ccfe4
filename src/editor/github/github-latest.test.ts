import { describe, expect, it } from 'vitest';
import { git } from '../../testing/git-sites.ts';
import {
  checkHere,
  DRAFTS,
  githubSitePerTest,
  savedToDrafts,
  teammatePublishes as publishedByTeammate,
} from '../../testing/editor-github-site.ts';
import { bringInPublished } from './github-latest.ts';
import { publishDrafts, unpublished } from './github-publish.ts';

// The spec site behind the GitHub stand-in, on a real bare repository: the author saves to their drafts branch, a
// teammate publishes to main with plain git, and Get latest brings the teammate's changes into the drafts.
const current = githubSitePerTest();
const shared = () => current().site;
const api = () => current().api;
const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';
const branches = { main: 'main', drafts: DRAFTS };

const onDrafts = (path: string) => JSON.parse(git(shared().remote, 'show', `${DRAFTS}:${path}`)) as Record<string, any>;

const save = async (path: string, change: (data: Record<string, any>) => void) =>
  expect((await savedToDrafts(api(), path, change)).status).toBe('saved');

const teammatePublishes = (path: string, change: (data: Record<string, any>) => void) =>
  publishedByTeammate(shared(), path, change);

describe('Get latest on GitHub: the drafts take in what teammates published', () => {
  it('says so when main has nothing new, and moves drafts with nothing saved up to main', async () => {
    expect(await bringInPublished(api(), branches)).toEqual({ status: 'up-to-date' });
    const teammates = teammatePublishes(FAQS, (faqs) => (faqs.faqs[0].question = 'Theirs?'));
    // Said in the words History uses, never as a path.
    expect(await bringInPublished(api(), branches)).toEqual({
      status: 'updated',
      brought: ['FAQs: "What is your typical turnaround time?" renamed "Theirs?"'],
    });
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(teammates);
  });

  it("keeps the author's saved changes and brings in the teammate's, field by field in the same file", async () => {
    await save(HOME, (home) => (home.sections[0].heading = 'Mine'));
    await save(FAQS, (faqs) => (faqs.faqs[0].question = 'Mine?'));
    const teammates = teammatePublishes(HOME, (home) => (home.title = 'Theirs | Loom'));
    const draftsBefore = git(shared().remote, 'rev-parse', DRAFTS);

    expect(await bringInPublished(api(), branches)).toEqual({
      status: 'updated',
      brought: ['Home page: title changed'],
    });
    expect([onDrafts(HOME).title, onDrafts(HOME).sections[0].heading]).toEqual(['Theirs | Loom', 'Mine']);
    expect(onDrafts(FAQS).faqs[0].question).toBe('Mine?');
    // One commit with both histories as parents: nothing forced, nothing rewritten.
    expect(git(shared().remote, 'log', '-1', '--format=%P', DRAFTS).split(' ')).toEqual([draftsBefore, teammates]);
    // What is left to publish is exactly the author's own changes.
    expect((await unpublished(api(), branches)).files).toEqual([FAQS, HOME]);
    expect(await bringInPublished(api(), branches)).toEqual({ status: 'up-to-date' });
  });

  it('writes nothing where both changed the same field, then takes the author’s choice', async () => {
    await save(HOME, (home) => (home.sections[0].heading = 'Mine'));
    teammatePublishes(HOME, (home) => (home.sections[0].heading = 'Theirs'));
    const draftsBefore = git(shared().remote, 'rev-parse', DRAFTS);

    const asked = await bringInPublished(api(), branches);
    expect(asked.status).toBe('conflicts');
    if (asked.status !== 'conflicts') return;
    // Said as it happened: who changed it, from what, to what, and what the author wrote.
    expect(asked.conflicts.map(({ field, mine, theirs, by, before }) => ({ field, mine, theirs, by, before }))).toEqual(
      [
        {
          field: expect.stringContaining('heading'),
          mine: 'Mine',
          theirs: 'Theirs',
          by: 'Kofi Boateng',
          before: JSON.parse(git(shared().remote, 'show', `${draftsBefore}~1:${HOME}`)).sections[0].heading,
        },
      ],
    );
    expect(git(shared().remote, 'rev-parse', DRAFTS)).toBe(draftsBefore);

    const chosen = await bringInPublished(api(), branches, { [asked.conflicts[0]!.id]: 'theirs' });
    expect(chosen).toEqual({ status: 'updated', brought: [expect.stringMatching(/^Home page: heading .*changed$/)] });
    expect(onDrafts(HOME).sections[0].heading).toBe('Theirs');
    // Taking theirs leaves nothing of the author's to publish in that file.
    expect(await publishDrafts(api(), { ...branches, headline: 'Nothing', check: checkHere })).toEqual({
      status: 'up-to-date',
    });
  });
});
