/**
 * This copy taking in a published commit (get-latest.ts), on a real repository with a bare one as the remote: what
 * the journal puts back when the editor stopped before the move. What comes in and how it merges are the core's,
 * tried on both editors by src/editor/publishing-contract.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAndPush, editJsonFile, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { rollBack } from './get-latest.ts';
import type { LatestJournal } from './publish-journal.ts';
import { SiteRepository } from './site-repository.ts';

const HOME = 'config/pages/home.json';
const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);

describe('a move to what a teammate published, stopped in the middle', () => {
  it('is put back whole when it stopped before the move: the author’s files as saved, the code as it was', async () => {
    const { author, teammate } = sharedSite();
    writeFileSync(join(teammate, 'README.md'), '# Newer\n');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].text = 'By Kofi'));
    const target = commitAndPush(teammate, 'Kofi', 'Text and readme');
    editJsonFile(author, HOME, (home) => (home.sections[0].heading = 'By Ama'));
    const saved = readFileSync(join(author, HOME));
    const repo = await SiteRepository.open(author);
    const head = await repo.commitOf('HEAD');
    const journals = await repo.journal();
    const journal = journals.begin((keep): LatestJournal => ({
      step: 'get-latest',
      head,
      target,
      incoming: [HOME, 'README.md'],
      files: [{ path: HOME, mine: keep(saved), result: keep(Buffer.from('{}')) }],
    })) as LatestJournal;
    // As a fast-forward that stopped halfway leaves them: some files of the teammate's written, others not.
    writeFileSync(join(author, 'README.md'), '# Newer\n');
    writeFileSync(join(author, HOME), '{"half": ');
    await rollBack(repo, journals, journal);
    expect(readFileSync(join(author, HOME)).equals(saved)).toBe(true);
    expect(readFileSync(join(author, 'README.md'), 'utf8')).toBe('# The site\n');
    expect(journals.read()).toBeUndefined();
    expect(await repo.commitOf('HEAD')).toBe(head);
  });
});
