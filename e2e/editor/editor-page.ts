import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { siteFolders } from '../../src/checker/project-folders.ts';
import { validateConfig } from '../../src/checker/validate-config.ts';
import { heldMedia, heldMediaFolder } from '../../src/editor/git/held-media.ts';
import { EDITOR_CACHE_DIR, EDITOR_SITE_DIR, EDITOR_SITE_GIT, SPEC_SITE_DIR } from '../../src/testing/sites.ts';
import { expect, type Page } from '../fixtures.ts';

export const HOME = 'config/pages/home.json';
export const ABOUT = 'config/pages/about.json';
export const FAQS = 'config/collections/faqs.json';

/**
 * A refused save is answered 409 (changed on disk) or 422 (not valid), and a refused upload 400, which the browser
 * notes in its console: expected in tests that try them.
 */
export const REFUSED_SAVE_OR_UPLOAD = /status of (400|409|422)/;

/** A small PNG picture, as an author would drop in. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

// Git in these tests runs as the editor's does: with settings of its own (share-editor-site.ts), never the machine's.
Object.assign(process.env, {
  GIT_CONFIG_GLOBAL: join(EDITOR_SITE_GIT.settings, 'global.gitconfig'),
  GIT_CONFIG_NOSYSTEM: '1',
});

/** A file of the site the editor edits, as it is on disk now. */
export const onDisk = (path: string) => readFileSync(join(EDITOR_SITE_DIR, path), 'utf8');
export const existsOnDisk = (path: string) => existsSync(join(EDITOR_SITE_DIR, path));
/** A file of the spec site, which the edited copy starts as. */
export const original = (path: string) => readFileSync(join(SPEC_SITE_DIR, path), 'utf8');

/** The lines of a file (on disk, or the text given) that differ from the spec site's, as a one-line change shows them. */
export const changedLines = (path: string, text = onDisk(path)) => {
  const before = original(path).split('\n');
  return text.split('\n').filter((line, index) => line !== before[index]);
};

/**
 * The lines a file lost and gained since the spec site's version, as a diff shows them (longest common run of lines
 * kept).
 */
export function diffLines(path: string): { removed: string[]; added: string[] } {
  const before = original(path).split('\n');
  const after = onDisk(path).split('\n');
  // kept[i][j]: how many lines before[i..] and after[j..] have in common, in order.
  const kept = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--)
      kept[i]![j] = before[i] === after[j] ? kept[i + 1]![j + 1]! + 1 : Math.max(kept[i + 1]![j]!, kept[i]![j + 1]!);
  }
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      i++;
      j++;
    } else if (j < after.length && (i === before.length || kept[i]![j + 1]! >= kept[i + 1]![j]!))
      added.push(after[j++]!);
    else removed.push(before[i++]!);
  }
  return { removed, added };
}

/**
 * The validator's errors for the edited site as it is on disk, found in process by the checker `npm run validate`
 * runs (the command's own words and exit code are scripts/validate.test.ts's).
 */
export const errorsOfSite = () =>
  validateConfig(siteFolders(EDITOR_SITE_DIR)).problems.filter((problem) => problem.severity === 'error');

// The tests find the uploads the editor holds until Save where the editor keeps them (playwright.config.ts).
process.env.XDG_CACHE_HOME = EDITOR_CACHE_DIR;

/** The uploads the editor holds until Save, by the path pages use without its "/" (media/launch.mp4). */
export const heldUploads = () => [...heldMedia(EDITOR_SITE_DIR).keys()];

/**
 * Puts the edited site back as the spec site is: every config file and picture, whatever a test wrote, and no held
 * upload.
 */
export function resetEditedSite(): void {
  for (const folder of ['config', 'public']) {
    rmSync(join(EDITOR_SITE_DIR, folder), { recursive: true, force: true });
    cpSync(join(SPEC_SITE_DIR, folder), join(EDITOR_SITE_DIR, folder), { recursive: true });
  }
  rmSync(heldMediaFolder(EDITOR_SITE_DIR), { recursive: true, force: true });
}

/** The list of config files, by group, as the editor shows it. */
export const fileList = (page: Page) => page.getByRole('navigation', { name: 'Config files' });

/** Opens the editor and a file in it, by its group and its name in the list. */
export async function openFile(page: Page, group: string, label: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await fileList(page)
    .getByRole('region', { name: group })
    .getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( •)?$`) })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${group}: `) })).toBeVisible();
}

export const saveButton = (page: Page) => page.getByRole('button', { name: /^Save/ });
export const status = (page: Page) => page.locator('.editor-status');

/** The site as the preview draws it. */
export const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');

/**
 * Waits until the preview shows an address (it says which in its title). The first time it shows a page with a form,
 * the editor's dev server compiles that form's code: seconds on a busy machine, so this waits longer than most.
 */
export const previewShows = (page: Page, path: string) =>
  expect(page.locator('iframe[title^="Preview of"]')).toHaveAttribute('title', `Preview of ${path}`, {
    timeout: 20_000,
  });

/** Makes a new page from the editor's New page button: its address, its title, and the first block offered. */
export async function newPage(page: Page, address: string, title: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'A new page' });
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
}
