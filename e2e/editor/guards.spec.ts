/**
 * npm run edit's local server as a hostile page or program would try it: token, Host, Origin, the preview's port.
 * Only here: /admin/ has no local server; its own guards (the token handed to one tab, its strict policy, the preview
 * that reaches neither) are tried in e2e/cloudflare/site-editor.spec.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { EDITOR_LAUNCH_MARK, EDITOR_SITE_DIR, LIVE_SITE_DIR } from '../../src/testing/sites.ts';
import { EDITOR_PORT, EDITOR_PREVIEW_PORT, EDITOR_TOKEN, HOSTILE_PORT, siteUrl } from '../ports.ts';
import { expect, test } from '../fixtures.ts';
import { openFile, preview, resetEditedSite, status, HOME } from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe("the editor's guards, as a hostile page or program would try them", () => {
  const editorOrigin = siteUrl(EDITOR_PORT);
  const previewOrigin = siteUrl(EDITOR_PREVIEW_PORT);
  /**
   * Every file of the edited site, to prove that nothing was written; but the editor's records of the git commands it
   * is running (src/editor/git/git-groups.ts), which come and go with each command whatever a page does.
   */
  const snapshot = () =>
    readdirSync(EDITOR_SITE_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory() && !entry.parentPath.endsWith(join('.git', 'site-editor', 'running')))
      .map(
        (entry) =>
          `${join(entry.parentPath, entry.name)} ${readFileSync(join(entry.parentPath, entry.name)).toString('base64')}`,
      )
      .sort();

  test('opens only from the address npm run edit printed, keeps its token out of the address bar, and says what to do without it', async ({
    browser,
  }) => {
    // A browser that never opened the editor: nothing stored.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(`${editorOrigin}/`);
    await expect(status(page)).toHaveText(/^This editor needs the address npm run edit printed in its terminal/);
    await page.goto(`${editorOrigin}/#token=${EDITOR_TOKEN}`);
    await expect(status(page)).toHaveText('Choose a file to edit.');
    expect(page.url()).toBe(`${editorOrigin}/`);
    // A reload keeps working: the token stays in the editor's own storage.
    await page.reload();
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await context.close();
  });

  test('a page of another local server can neither read the editor, its token or its files, nor write, upload or launch a program', async ({
    browser,
  }) => {
    const before = snapshot();
    // The page a hostile site (or any other local dev server) would serve: it tries every way in it has.
    const attack = `
      const editor = ${JSON.stringify(editorOrigin)};
      const preview = ${JSON.stringify(previewOrigin)};
      const outcome = (promise) => promise.then((response) => response.type === 'opaque' ? 'sent blind' : 'read ' + response.status, () => 'blocked');
      const change = JSON.stringify({ changes: [{ path: ${JSON.stringify(HOME)}, data: { hacked: true }, baseVersion: null }] });
      const loaded = (tag, src) => new Promise((resolve) => { const element = document.createElement(tag); element.onload = () => resolve('loaded'); element.onerror = () => resolve('blocked'); element.src = src; document.body.append(element); });
      window.results = (async () => ({
        'the editor page': await outcome(fetch(editor + '/')),
        "the editor's code": await outcome(fetch(editor + '/@fs${join(LIVE_SITE_DIR, 'src/editor/app/api.ts')}')),
        'the file list': await outcome(fetch(editor + '/api/files', { headers: { 'x-editor-token': 'guess' } })),
        "the preview's data": await outcome(fetch(preview + '/data/influencers.json')),
        'a save, blind': await outcome(fetch(editor + '/api/save', { method: 'POST', mode: 'no-cors', body: change, headers: { 'content-type': 'text/plain' } })),
        'an upload, blind': await outcome(fetch(editor + '/api/media?name=x.png&accept=image', { method: 'POST', mode: 'no-cors', body: 'x' })),
        'a save through a dot segment': await outcome(fetch(editor + '/media/%2e%2e/api/save', { method: 'POST', mode: 'no-cors', body: change })),
        'open-in-editor as a picture': await loaded('img', editor + '/__open-in-editor?file=package.json'),
        "the editor's page as a script": await loaded('script', editor + '/'),
      }))();
    `;
    const hostile = createServer((request, response) => {
      if (request.url === '/attack.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(attack);
      else
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><title>Hostile</title><iframe src="${editorOrigin}/"></iframe><script src="/attack.js"></script>`,
          );
    });
    await new Promise<void>((resolve) => hostile.listen(HOSTILE_PORT, '127.0.0.1', resolve));
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{ origin: editorOrigin, localStorage: [{ name: 'editor-session-token', value: EDITOR_TOKEN }] }],
      },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl(HOSTILE_PORT)}/`);
      const results = await page.evaluate(
        () => (window as unknown as { results: Promise<Record<string, string>> }).results,
      );
      expect(results).toEqual({
        'the editor page': 'blocked',
        "the editor's code": 'blocked',
        'the file list': 'blocked',
        "the preview's data": 'blocked',
        'a save, blind': 'sent blind',
        'an upload, blind': 'sent blind',
        'a save through a dot segment': 'sent blind',
        'open-in-editor as a picture': 'blocked',
        "the editor's page as a script": 'blocked',
      });
      // The editor refuses to be framed by another page: its frame shows no editor.
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      await expect(frame.locator('.editor-status')).toHaveCount(0);
      // What was sent blind changed nothing, and no program was launched.
      expect(snapshot()).toEqual(before);
      expect(existsSync(EDITOR_LAUNCH_MARK)).toBe(false);
    } finally {
      await context.close();
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  test('another local server the browser visits is given nothing that shows the preview, its drafts or the media', async ({
    page,
  }) => {
    // The author at work: a draft of an influencer's bio, shown in the preview.
    await openFile(page, 'Influencers', 'Influencers');
    await page.locator('#root_influencers_0_name').focus();
    await page.locator('#root_influencers_0_bio').fill('A draft bio that is not saved yet');
    // The preview draws the profile once the draft has been checked: seconds on a busy machine.
    await expect(preview(page).getByText('A draft bio that is not saved yet')).toBeVisible({ timeout: 20_000 });
    // Another server on this machine, visited in the same browser: it keeps whatever the browser sends it.
    const received: Record<string, string | string[] | undefined>[] = [];
    const other = createServer((request, response) => {
      received.push(request.headers);
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Another local server</title><img src="/pixel.png">');
    });
    await new Promise<void>((resolve) => other.listen(HOSTILE_PORT, '127.0.0.1', resolve));
    try {
      const visit = await page.context().newPage();
      await visit.goto(`${siteUrl(HOSTILE_PORT)}/`);
      await visit.close();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    expect(received.length).toBeGreaterThan(0);
    // No cookie at all: nothing the editor gives is sent to other ports.
    expect(received.map((headers) => headers.cookie).filter(Boolean)).toEqual([]);
    // What it received, replayed on every route that shows the site being edited, reads nothing.
    const replayed = received.map((headers) => ({
      ...(headers.cookie ? { cookie: String(headers.cookie) } : {}),
      'user-agent': String(headers['user-agent']),
    }));
    for (const headers of replayed) {
      for (const [origin, path] of [
        [previewOrigin, '/'],
        [previewOrigin, '/data/influencers/1.json'],
        [previewOrigin, '/media/hero-poster.jpg'],
        [editorOrigin, '/media/hero-poster.jpg'],
      ] as const) {
        const answer = await fetch(`${origin}${path}`, { headers });
        expect(answer.status, `${origin}${path}`).toBeGreaterThanOrEqual(400);
        expect(await answer.text()).not.toContain('A draft bio');
      }
    }
    // The preview's address holds the session's folder, which only the editor's page gave it.
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${previewOrigin}/session-`));
    expect(frame).toBeDefined();
    expect(await frame!.evaluate(() => document.cookie)).toBe('');
  });

  test("the preview, another origin, can reach neither the editor's page nor its token", async ({ page }) => {
    await page.goto('/');
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await preview(page).locator('html[data-preview-drawn]').waitFor({ state: 'attached' });
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${previewOrigin}/`))!;
    const reach = await frame.evaluate(() => {
      let parentDocument: string;
      try {
        parentDocument = parent.document.title;
      } catch {
        parentDocument = 'blocked';
      }
      return { parentDocument, token: localStorage.getItem('editor-session-token'), origin: location.origin };
    });
    expect(reach).toEqual({ parentDocument: 'blocked', token: null, origin: previewOrigin });
    // Its frame may run the site's scripts, and nothing more.
    expect(await page.locator('iframe[title^="Preview of"]').getAttribute('sandbox')).not.toContain(
      'allow-top-navigation',
    );
    const policy = (await page.request.get('/')).headers()['content-security-policy'];
    expect(policy).toContain(`frame-src ${previewOrigin}`);
    expect(policy).toContain("script-src 'self'");
  });
});
