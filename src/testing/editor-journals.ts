/**
 * For the tests of publishing's journal: a publish of a new home page heading, journaled as Publish journals it just
 * before it sends (the editor stopped there, or the remote never answered). Nothing but tests imports it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitFiles } from '../editor/git/publish-commit.ts';
import type { PublishedJournal } from '../editor/git/publish-journal.ts';
import type { SiteRepository } from '../editor/git/site-repository.ts';

const HOME = 'config/pages/home.json';

/** The author's home page saved with `heading`, committed and journaled as sent: its journal, heads and commit. */
export async function journaledPublish(repo: SiteRepository, heading: string) {
  const home = JSON.parse(readFileSync(join(repo.siteDir, HOME), 'utf8'));
  home.sections[0].heading = heading;
  writeFileSync(join(repo.siteDir, HOME), `${JSON.stringify(home, null, 2)}\n`);
  const head = await repo.commitOf('HEAD');
  const commit = await commitFiles(
    repo,
    head,
    new Map([[HOME, readFileSync(join(repo.siteDir, HOME))]]),
    `${heading}\n`,
  );
  const journals = await repo.journal();
  journals.begin((): PublishedJournal => ({
    step: 'published',
    branch: 'main',
    head,
    commit,
    paths: [HOME],
    removals: [],
  }));
  return { repo, journals, head, commit };
}
