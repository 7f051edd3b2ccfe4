/**
 * One editor for the specs both editors must pass alike, by the project that runs them (playwright.config.ts):
 * `npm run edit` on its copy of the spec site (the editor project), or the editor at /admin/ of the site served by
 * Cloudflare's local runtime, on the GitHub stand-in over a real bare repository made for each test (the
 * cloudflare-pages project). A spec asks it to open the editor and reads where the author's saves went; everything
 * else is the page, the same in both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_PATH } from '../../src/editor/github/token-exchange.ts';
import { draftBranchOf } from '../../src/editor/model/drafts-branch.ts';
import { git, isolatedGitEnvironment } from '../../src/testing/git-sites.ts';
import { AUTHOR, createGitHubSite, startStandInFor } from '../../src/testing/github-site.ts';
import { onDisk, resetEditedSite, status } from '../editor/editor-page.ts';
import { test as base, expect, type Page } from '../fixtures.ts';
import { EDITOR_PREVIEW_PORT, GITHUB_STAND_IN, siteUrl } from '../ports.ts';

export { expect };

export type EditorKind = 'npm run edit' | '/admin/';

export interface EditorUnderTest {
  readonly kind: EditorKind;
  /** Opens the editor as its author does (at /admin/, signing in with a pasted token) and waits for its files. */
  open(page: Page): Promise<void>;
  /** A file's text where the author's saves go (on the disk, or on their drafts branch); undefined without it. */
  saved(path: string): string | undefined;
}

/** npm run edit on the editor project's copy of the spec site, put back as the spec site after each test. */
async function localEditor(use: (editor: EditorUnderTest) => Promise<void>) {
  await use({
    kind: 'npm run edit',
    open: async (page) => {
      await page.goto('/');
      await expect(status(page)).toHaveText('Choose a file to edit.');
    },
    saved: (path) => {
      try {
        return onDisk(path);
      } catch {
        return undefined;
      }
    },
  });
  resetEditedSite();
}

/** The editor at /admin/, on the GitHub stand-in keeping a new copy of the spec site for this test. */
async function editorOnGitHub(use: (editor: EditorUnderTest) => Promise<void>) {
  const root = mkdtempSync(join(tmpdir(), 'github-site-'));
  Object.assign(process.env, isolatedGitEnvironment(root));
  const site = createGitHubSite(root);
  const github = await startStandInFor(site, GITHUB_STAND_IN);
  const drafts = draftBranchOf(AUTHOR.login);
  try {
    await use({
      kind: '/admin/',
      open: async (page) => {
        await page.goto(EDITOR_PATH);
        await page.getByLabel('Token', { exact: true }).fill(github.tokenFor(AUTHOR));
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText(/^Signed in as /)).toBeVisible();
        await expect(status(page)).toHaveText('Choose a file to edit.');
      },
      saved: (path) => {
        // Before the first save the author's drafts are main itself.
        const branch = git(site.remote, 'branch', '--list', drafts) === '' ? 'main' : drafts;
        try {
          // git gives the text without its last line's end, which the file has.
          return `${git(site.remote, 'show', `${branch}:${path}`)}\n`;
        } catch {
          return undefined;
        }
      },
    });
  } finally {
    await github.close();
    rmSync(root, { recursive: true, force: true });
  }
}

export const test = base.extend<{ editorKind: EditorKind; editor: EditorUnderTest }>({
  /** Which editor the project runs these specs on. */
  editorKind: ['npm run edit', { option: true }],
  // What each editor's page may ask besides its own origin: the local preview's port; GitHub (the stand-in) and the
  // preview's own blob: files, in a frame with no origin.
  otherOrigins: async ({ editorKind }, use) =>
    use(editorKind === '/admin/' ? [siteUrl(GITHUB_STAND_IN.port), 'blob:null'] : [siteUrl(EDITOR_PREVIEW_PORT)]),
  // A refused save is answered 422 by npm run edit's server, which the browser notes in its console.
  expectedProblem: /status of (409|422)/,
  editor: async ({ editorKind }, use) => (editorKind === '/admin/' ? editorOnGitHub(use) : localEditor(use)),
});
