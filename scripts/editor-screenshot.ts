/**
 * `npm run docs:screenshot`: the pictures of the visual editor in EDITING.md, taken from the running editor on a copy
 * of the spec site kept in a bare repository: docs/editor.png, the home page open, its headline being changed, the
 * preview following; docs/editor-publish.png, the Publish panel once that change is saved.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createSharedSite, git, isolatedGitEnvironment } from '../src/testing/git-sites.ts';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from '../src/testing/sites.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/testing/chromium.ts';

const port = Number(process.env.EDIT_PORT ?? 4490);
const root = mkdtempSync(join(tmpdir(), 'editor-screenshot-'));
Object.assign(process.env, isolatedGitEnvironment(root));
const site = createSharedSite(SPEC_SITE_DIR, root).author;
git(site, 'config', 'user.name', 'Ama Mensah');
git(site, 'config', 'user.email', 'ama@loommedia.example');
const editor = spawn(join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'), ['scripts/edit.ts', site], {
  cwd: LIVE_SITE_DIR,
  env: { ...process.env, EDIT_PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  // The address the editor prints, with its session's token, as the author opens it.
  const address = await new Promise<string>((resolve, reject) => {
    let printed = '';
    editor.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /http:\/\/\S+/.exec(printed)?.[0];
      if (url) resolve(url);
    });
    editor.on('exit', (code) => reject(new Error(`The editor stopped (exit code ${code}).`)));
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await page.goto(address);
  await page
    .getByRole('navigation', { name: 'Config files' })
    .getByRole('button', { name: 'Home', exact: true })
    .click();
  const headline = page.locator('#root_sections_0_heading');
  await headline.fill('Stories That Move Accra');
  await page
    .frameLocator('iframe[title^="Preview of"]')
    .getByRole('heading', { level: 1, name: 'Stories That Move Accra' })
    .waitFor();
  await headline.scrollIntoViewIfNeeded();
  await headline.focus();
  await page.screenshot({ path: join(LIVE_SITE_DIR, 'docs/editor.png') });
  console.log('Wrote docs/editor.png');

  await page.getByRole('button', { name: /^Save/ }).click();
  await page.locator('.editor-status', { hasText: 'Saved' }).waitFor();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Publish' })
    .getByRole('checkbox', { name: 'Home page: heading changed' })
    .waitFor();
  await page.screenshot({ path: join(LIVE_SITE_DIR, 'docs/editor-publish.png') });
  console.log('Wrote docs/editor-publish.png');
} finally {
  await browser.close();
  editor.kill();
  rmSync(root, { recursive: true, force: true });
}
