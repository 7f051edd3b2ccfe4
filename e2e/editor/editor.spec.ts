import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteFolders } from '../../src/config/config-files';
import { validateConfig } from '../../src/config/validate-config';
import { EDITOR_SITE_DIR, SPEC_SITE_DIR } from '../../src/testing/sites';
import { expect, expectNoAxeViolations, test, type Page } from '../fixtures';

const onDisk = (path: string) => readFileSync(join(EDITOR_SITE_DIR, path), 'utf8');
const original = (path: string) => readFileSync(join(SPEC_SITE_DIR, path), 'utf8');
/** The lines of a file that differ from the spec site's, as a one-line change shows them. */
const changedLines = (path: string) => {
  const before = original(path).split('\n');
  return onDisk(path).split('\n').filter((line, index) => line !== before[index]);
};
const errorsOfSite = () => validateConfig(siteFolders(EDITOR_SITE_DIR)).problems.filter((problem) => problem.severity === 'error');

const HOME = 'config/pages/home.json';
const FAQS = 'config/collections/faqs.json';

test.afterEach(() => {
  for (const path of [HOME, FAQS]) copyFileSync(join(SPEC_SITE_DIR, path), join(EDITOR_SITE_DIR, path));
});

async function openFile(page: Page, group: string, label: string) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Config files' }).getByRole('region', { name: group }).getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${group}: `) })).toBeVisible();
}
const save = (page: Page) => page.getByRole('button', { name: /^Save/ });
const status = (page: Page) => page.getByRole('status');

test.describe('the visual editor', () => {
  // A refused save is answered 409 (changed on disk) or 422 (not valid), which the browser notes in its console.
  test.use({ expectedProblem: /status of (409|422)/ });

  test('opens a page file in under a second, and saves a changed headline as a one-line change the validator accepts', async ({ page }) => {
    await page.goto('/');
    const started = Date.now();
    await page.getByRole('navigation', { name: 'Config files' }).getByRole('button', { name: '/', exact: true }).click();
    await page.locator('#root_sections_0_heading').waitFor();
    expect(Date.now() - started).toBeLessThan(1000);
    const headline = page.locator('#root_sections_0_heading');
    await expect(headline).toHaveValue('Weaving Stories Into Impact');
    await headline.fill('Stories That Move Accra');
    await save(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(changedLines(HOME)).toEqual(['      "heading": "Stories That Move Accra",']);
    expect(errorsOfSite()).toEqual([]);
  });

  test('shows a mistake at its field in the validator words, lists it, and refuses to save it', async ({ page }) => {
    await openFile(page, 'Pages', '/');
    await page.locator('#root_route').fill('home');
    const problems = page.getByRole('region', { name: /problem/ });
    await expect(problems).toContainText('config/pages/home.json');
    const expected = validateConfig(siteFolders(EDITOR_SITE_DIR), { unsaved: new Map([['pages/home.json', original(HOME).replace('"route": "/"', '"route": "home"')]]) }).problems.find(
      (problem) => problem.file === HOME && problem.path === 'route',
    );
    await expect(problems).toContainText(expected!.message);
    await expect(page.locator('.error-detail')).toContainText(expected!.message);
    await save(page).click();
    await expect(status(page)).toContainText('Not saved');
    expect(onDisk(HOME)).toBe(original(HOME));
    // The list jumps to the field.
    await problems.getByRole('button', { name: /pages\/home\.json:\d+:\d+ route:/ }).click();
    await expect(page.locator('#root_route')).toBeFocused();
  });

  test('adds, moves and removes list entries, writing only those entries', async ({ page }) => {
    await openFile(page, 'FAQs', 'Faqs');
    await page.locator('#root_faqs_1_question').waitFor();
    await page.getByRole('button', { name: 'Move up' }).nth(1).click();
    await expect(page.locator('#root_faqs_0_question')).toHaveValue('Do you work with small businesses?');
    await page.getByRole('button', { name: 'Remove' }).last().click();
    await save(page).click();
    await expect(status(page)).toHaveText(`Saved ${FAQS}.`);
    const saved = JSON.parse(onDisk(FAQS)) as { faqs: { question: string }[] };
    const before = JSON.parse(original(FAQS)) as { faqs: { question: string }[] };
    expect(saved.faqs.map((faq) => faq.question)).toEqual([before.faqs[1]!.question, before.faqs[0]!.question, ...before.faqs.slice(2, -1).map((faq) => faq.question)]);
    expect(errorsOfSite()).toEqual([]);
  });

  test('never overwrites a file changed on disk while it was open: shows both versions', async ({ page }) => {
    await openFile(page, 'Pages', '/');
    await page.locator('#root_sections_0_heading').fill('Mine');
    writeFileSync(join(EDITOR_SITE_DIR, HOME), original(HOME).replace('Weaving Stories Into Impact', 'Theirs'));
    await save(page).click();
    const conflict = page.getByRole('region', { name: `Conflict in ${HOME}` });
    await expect(conflict).toContainText('"heading": "Theirs"');
    await expect(conflict).toContainText('"heading": "Mine"');
    expect(onDisk(HOME)).toContain('Theirs');
  });

  test('keeps unsaved changes through a reload', async ({ page }) => {
    await openFile(page, 'Pages', '/');
    await page.locator('#root_sections_0_heading').fill('Not yet saved');
    await page.waitForTimeout(300);
    page.on('dialog', (dialog) => void dialog.accept());
    await openFile(page, 'Pages', '/');
    await expect(page.locator('#root_sections_0_heading')).toHaveValue('Not yet saved');
    await expect(status(page)).toContainText('Restored your unsaved changes');
    expect(onDisk(HOME)).toBe(original(HOME));
  });

  test('passes axe with a page file open', async ({ page }) => {
    await openFile(page, 'Pages', '/');
    await expectNoAxeViolations(page);
  });

  test('refuses writes without the session token, from another origin, or outside config/', async ({ page, request, baseURL }) => {
    await page.goto('/');
    const token = await page.locator('meta[name="editor-token"]').getAttribute('content');
    const change = { changes: [{ path: HOME, data: { hacked: true }, baseVersion: null }] };
    expect((await request.post('/api/save', { data: change, headers: { origin: baseURL! } })).status()).toBe(403);
    expect((await request.post('/api/save', { data: change, headers: { origin: 'https://evil.example', 'x-editor-token': token! } })).status()).toBe(403);
    const outside = await request.post('/api/save', { data: { changes: [{ path: 'config/../package.json', data: {}, baseVersion: null }] }, headers: { origin: baseURL!, 'x-editor-token': token! } });
    expect(outside.status()).toBe(400);
    expect(onDisk(HOME)).toBe(original(HOME));
  });
});
