/**
 * Publishing at npm run edit: a commit pushed with the author's own git, a teammate's change brought in, an undo. At
 * /admin/ the same dialogs publish through GitHub's API, tried in e2e/cloudflare/site-editor.spec.ts; the rules both
 * follow are tried once against each in src/editor/both-editors.test.ts.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitAndPush, git } from '../../src/testing/git-sites.ts';
import { EDITOR_SITE_DIR, EDITOR_SITE_GIT } from '../../src/testing/sites.ts';
import { expect, test } from '../fixtures.ts';
import {
  fileList,
  onDisk,
  openFile,
  original,
  resetEditedSite,
  saveButton,
  status,
  errorsOfSite,
  ABOUT,
  FAQS,
  HOME,
} from './editor-page.ts';
import { describeFileChange } from '../../src/editor/model/change-words.ts';

test.afterEach(resetEditedSite);

/**
 * Puts the site's history back where every other editor test starts from, since this test publishes: the remote's
 * main, the author's copy and the teammate's clone at `commit`, and git on this computer without the author's name
 * again. So it runs among the others, in any order.
 */
function putHistoryBack(commit: string): void {
  git(EDITOR_SITE_GIT.remote, 'update-ref', 'refs/heads/main', commit);
  for (const copy of [EDITOR_SITE_DIR, EDITOR_SITE_GIT.teammate]) {
    git(copy, 'fetch', '--quiet', 'origin');
    git(copy, 'reset', '--quiet', '--hard', commit);
  }
  git(EDITOR_SITE_DIR, 'config', '--local', '--unset-all', 'include.path', '^site-editor/identity\\.gitconfig$');
  rmSync(join(git(EDITOR_SITE_DIR, 'rev-parse', '--absolute-git-dir'), 'site-editor/identity.gitconfig'), {
    force: true,
  });
}
let wentLive: string;
test.beforeAll(() => (wentLive = git(EDITOR_SITE_GIT.remote, 'rev-parse', 'main')));
test.afterAll(() => putHistoryBack(wentLive));

const live = (file: string) =>
  JSON.parse(git(EDITOR_SITE_GIT.remote, 'show', `main:${file}`)) as { title: string; sections: { heading: string }[] };

test.describe('publishing from the editor', () => {
  // A refusal or a question (a teammate changed the same field) is answered 409, which the browser notes.
  test.use({ expectedProblem: /status of 409/ });

  test("an author publishes two changes from the button, gets a teammate's change and undoes one of their own, without a terminal", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/');
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await fileList(page).getByRole('button', { name: 'Home', exact: true }).click();
    const headingBefore = (JSON.parse(onDisk(HOME)) as { sections: { heading: string }[] }).sections[0]!.heading;
    const changeWords = `Home page: heading of "${headingBefore}" changed`;
    await page.locator('#root_sections_0_heading').fill('Stories That Move Accra');
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    // A second change, published with the first.
    await openFile(page, 'FAQs', 'FAQs');
    await page.locator('#root_faqs_0_question').fill('How fast can you start?');
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FAQS}.`);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Publish' });
    // Git on this computer has no name yet: asked once.
    await panel.getByLabel('Your name').fill('Ama Mensah');
    await panel.getByLabel('Your email').fill('ama@loommedia.example');
    await panel.getByRole('button', { name: 'Save my name' }).click();
    await expect(panel.getByRole('checkbox', { name: changeWords })).toBeChecked();
    await expect(panel.getByLabel('What you changed, for your colleagues')).toHaveValue(
      new RegExp(changeWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await panel.getByLabel('What you changed, for your colleagues').fill('A headline for the new season');
    await panel.getByRole('button', { name: 'Publish to the live site' }).click();
    await expect(panel.getByText('Your changes are on their way: the site updates in about 2 minutes.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel.getByText('Nothing: every saved change is live.')).toBeVisible();
    expect(live(HOME).sections[0]!.heading).toBe('Stories That Move Accra');
    expect(git(EDITOR_SITE_GIT.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(
      'Ama Mensah|A headline for the new season',
    );
    expect(git(EDITOR_SITE_GIT.remote, 'diff', '--name-only', 'main~1', 'main')).toBe(`${FAQS}\n${HOME}`);
    await panel.getByRole('button', { name: 'Close' }).click();

    // A teammate publishes a change to another page; the author brings it in.
    git(EDITOR_SITE_GIT.teammate, 'pull', '--quiet', '--ff-only');
    const before = git(EDITOR_SITE_GIT.teammate, 'show', `HEAD:${ABOUT}`);
    const about = JSON.parse(before) as { title: string };
    about.title = 'About the Team | {name}';
    const after = `${JSON.stringify(about, null, 2)}\n`;
    writeFileSync(join(EDITOR_SITE_GIT.teammate, ABOUT), after);
    commitAndPush(EDITOR_SITE_GIT.teammate, 'Kofi Boateng', 'About page: title changed');
    await page.getByRole('button', { name: 'Get latest changes' }).click();
    const latest = page.getByRole('dialog', { name: 'Get latest changes' });
    // What came in, said as History says a change (whatever the teammate's commit message).
    await expect(latest.getByText(describeFileChange(ABOUT, before, after))).toBeVisible({ timeout: 20_000 });
    expect(JSON.parse(onDisk(ABOUT)).title).toBe('About the Team | {name}');
    await latest.getByRole('button', { name: 'Close' }).click();

    // The author undoes one of their two changes from the history; the other stays live.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History of the live site' });
    await expect(history.getByText('Kofi Boateng,')).toBeVisible();
    await expect(history.getByText(changeWords)).toBeVisible();
    await expect(history.getByRole('button', { name: 'Undo this change: A headline for the new season' })).toHaveText(
      'Undo all 2 changes',
    );
    await history.getByRole('button', { name: `Undo only: ${changeWords}` }).click();
    await expect(history.getByText('Your changes are on their way: the site updates in about 2 minutes.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(history.getByText(`Undo: ${changeWords}`).first()).toBeVisible();
    expect(live(HOME).sections[0]!.heading).toBe(JSON.parse(original(HOME)).sections[0].heading);
    expect((live(FAQS) as unknown as { faqs: { question: string }[] }).faqs[0]!.question).toBe(
      'How fast can you start?',
    );
    expect(live(ABOUT).title).toBe('About the Team | {name}');
    expect(git(EDITOR_SITE_GIT.remote, 'log', '--format=%an|%s', 'main').split('\n').slice(0, 3)).toEqual([
      `Ama Mensah|Undo: ${changeWords}`,
      'Kofi Boateng|About page: title changed',
      'Ama Mensah|A headline for the new season',
    ]);
    // The author's copy is the live site, valid, with nothing left over.
    expect(git(EDITOR_SITE_DIR, 'status', '--porcelain')).toBe('');
    expect(errorsOfSite()).toEqual([]);
  });
});
