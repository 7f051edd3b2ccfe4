import { describe, expect, it } from 'vitest';
import { checkHere, DRAFTS, githubSitePerTest, savedToDrafts } from '../../testing/editor-github-site.ts';
import { commitAndPush, editJsonFile, git } from '../../testing/git-sites.ts';
import { historyOf, undoChange } from './github-history.ts';
import { publishDrafts } from './github-publish.ts';

// The spec site with this project's schemas in a real bare repository behind the GitHub stand-in. The author
// publishes from the editor; a teammate publishes with plain git.
const current = githubSitePerTest();
const shared = () => current().site;
const api = () => current().api;
const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';
const live = (path: string) => JSON.parse(git(shared().remote, 'show', `main:${path}`)) as Record<string, any>;

/** The author saves changes to files and publishes them in one commit, as `headline`; its id. */
async function publishes(headline: string, changes: Record<string, (data: Record<string, any>) => void>) {
  for (const [path, change] of Object.entries(changes)) {
    expect((await savedToDrafts(api(), path, change)).status).toBe('saved');
  }
  const published = await publishDrafts(api(), { main: 'main', drafts: DRAFTS, headline, check: checkHere });
  if (published.status !== 'published') throw new Error(JSON.stringify(published));
  return published.commit;
}

function teammatePublishes(path: string, change: (data: Record<string, any>) => void): string {
  git(shared().teammate, 'pull', '--quiet', '--ff-only');
  editJsonFile(shared().teammate, path, change);
  return commitAndPush(shared().teammate, 'Kofi Boateng', 'Home page: title changed');
}

const refusalOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => '',
    (refusal: unknown) => (refusal instanceof Error ? refusal.message : String(refusal)),
  );

describe('history and undo on GitHub', () => {
  it("lists the site's content changes, newest first, with who, when and what in words", async () => {
    const mine = await publishes('A headline for the new season', {
      [HOME]: (home) => (home.sections[0].heading = 'Stories That Move Accra'),
    });
    const theirs = teammatePublishes(HOME, (home) => (home.title = 'Home | Loom'));
    const history = await historyOf(api(), 'main', 10);
    // The schemas' commit changed no content, so it is not listed.
    expect(history.map((entry) => [entry.commit, entry.author, entry.message, entry.undoable])).toEqual([
      [theirs, 'Kofi Boateng', 'Home page: title changed', true],
      [mine, 'Ama Mensah', 'A headline for the new season', true],
      [expect.any(String), 'Developer', 'The site as it went live', false],
    ]);
    expect(history[1]!.changes).toEqual([
      { path: HOME, words: expect.stringMatching(/^Home page: heading of ".+" changed/) },
    ]);
    expect(Date.parse(history[0]!.date)).not.toBeNaN();
  });

  it("undoes a change with a new checked commit, keeping a teammate's later change to another field", async () => {
    const before = live(HOME).sections[0].heading;
    const mine = await publishes('A headline for the new season', {
      [HOME]: (home) => (home.sections[0].heading = 'Stories That Move Accra'),
    });
    teammatePublishes(HOME, (home) => (home.title = 'Home | Loom'));
    expect(await undoChange(api(), { branch: 'main', commit: mine, check: checkHere })).toMatchObject({
      status: 'published',
      files: [HOME],
    });
    expect([live(HOME).sections[0].heading, live(HOME).title]).toEqual([before, 'Home | Loom']);
    expect(git(shared().remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(
      'Ama Mensah|Undo: A headline for the new season',
    );
  });

  it('undoes one file of a change made of two, and leaves the other live', async () => {
    const faqBefore = live(FAQS).faqs[0].question;
    const mine = await publishes('Two changes', {
      [HOME]: (home) => (home.sections[0].heading = 'Stories That Move Accra'),
      [FAQS]: (faqs) => (faqs.faqs[0].question = 'How fast can you start?'),
    });
    await undoChange(api(), { branch: 'main', commit: mine, only: [FAQS], check: checkHere });
    expect([live(HOME).sections[0].heading, live(FAQS).faqs[0].question]).toEqual([
      'Stories That Move Accra',
      faqBefore,
    ]);
    expect(git(shared().remote, 'log', '-1', '--format=%s', 'main')).toMatch(/^Undo: FAQs: /);
  });

  it('refuses in words, writing nothing: a later change to the same field, the first version, a change not on main', async () => {
    const mine = await publishes('A headline for the new season', {
      [HOME]: (home) => (home.sections[0].heading = 'Stories That Move Accra'),
    });
    const theirs = teammatePublishes(HOME, (home) => (home.sections[0].heading = 'Stories That Move Kumasi'));
    expect(await refusalOf(undoChange(api(), { branch: 'main', commit: mine, check: checkHere }))).toMatch(
      /^This change cannot be undone by itself: later changes were made to the same field \(Home page: sections 1 \(.+\)\.heading, in “Home page: title changed”, by Kofi Boateng\)\. Change it back in the editor instead\.$/,
    );
    const first = git(shared().remote, 'rev-list', '--max-parents=0', 'main');
    expect(await refusalOf(undoChange(api(), { branch: 'main', commit: first, check: checkHere }))).toBe(
      'The first version of the site cannot be undone.',
    );
    expect(await refusalOf(undoChange(api(), { branch: 'main', commit: 'f'.repeat(40), check: checkHere }))).toBe(
      'That change is not part of the published site.',
    );
    expect(git(shared().remote, 'rev-parse', 'main')).toBe(theirs);
  });
});
