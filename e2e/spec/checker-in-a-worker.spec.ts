/**
 * The checker runs in a browser: check-worker.ts bundled for the browser alone (a Node API anywhere in what it imports
 * fails the bundle), started as a Web Worker in Chromium, and sent the spec site's files held in memory. It finds
 * exactly what the checker finds reading the same site from disk, on the site as it is and on unsaved changes.
 */
import { test, expect } from '@playwright/test';
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { siteFolders, PROJECT_SCHEMAS } from '../../src/checker/project-folders.ts';
import { readSchemas } from '../../src/checker/read-config-files.ts';
import { validateConfig } from '../../src/checker/validate-config.ts';
import { SPEC_SITE_DIR } from '../../src/testing/sites.ts';

/** An origin of the test's own, answered by the test: the page and the worker's code, and nothing else. */
const ORIGIN = 'http://checker.test';

/** Every file of the spec site's config/ and public/, by its path in the site, as base64. */
function siteFiles(): [string, string][] {
  return ['config', 'public'].flatMap((folder) =>
    readdirSync(join(SPEC_SITE_DIR, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry): [string, string] => {
        const full = join(entry.parentPath, entry.name);
        return [relative(SPEC_SITE_DIR, full).split('\\').join('/'), readFileSync(full).toString('base64')];
      }),
  );
}

/** The site's problems and config as JSON sees them, to compare what crossed from the worker with what Node found. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** check-worker.ts bundled for a browser worker, once for the file. */
let workerCode: string;
test.beforeAll(async () => {
  const bundle = await build({
    entryPoints: ['src/checker/check-worker.ts'],
    bundle: true,
    platform: 'browser',
    // As a bundler builds a worker: packages give their worker build (one markdown decoder's browser build needs a
    // document, which a worker has not).
    conditions: ['worker'],
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  workerCode = bundle.outputFiles[0]!.text;
});

test.beforeEach(async ({ page }) => {
  await page.route(`${ORIGIN}/**`, (route) =>
    route.request().url().endsWith('/check-worker.js')
      ? route.fulfill({ contentType: 'text/javascript', body: workerCode })
      : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checker</title>' }),
  );
  await page.goto(`${ORIGIN}/`);
});

/** Runs a check in a worker of the page: the files decoded into bytes there, config files as text. */
async function checkInWorker(
  page: import('@playwright/test').Page,
  unsaved: [string, string | null][] = [],
): Promise<unknown> {
  const schemas = [...readSchemas(PROJECT_SCHEMAS)];
  return page.evaluate(
    async ({ files, schemas, unsaved }) => {
      const worker = new Worker('/check-worker.js', { type: 'module' });
      const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const held = new Map(files.map(([path, base64]) => [path, bytes(base64)] as const));
      const answer = new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
      });
      worker.postMessage({ files: held, schemas: new Map(schemas), unsaved: new Map(unsaved) });
      return answer;
    },
    { files: siteFiles(), schemas, unsaved },
  );
}

test('a whole check of the site in a browser worker finds what the checker finds on disk', async ({ page }) => {
  const onDisk = validateConfig(siteFolders(SPEC_SITE_DIR));
  const inWorker = (await checkInWorker(page)) as { problems: unknown[]; config?: unknown; fileCount: number };
  expect(inWorker).not.toHaveProperty('error');
  expect(inWorker.fileCount).toBe(onDisk.fileCount);
  expect(plain(inWorker.problems)).toEqual(plain(onDisk.problems));
  // The renderer's whole config, assembled in the browser, placeholders filled in.
  expect(inWorker.config).toBeDefined();
  expect(plain(inWorker.config)).toEqual(plain(onDisk.config));
});

test('unsaved changes are judged in the worker as on disk: with file, line and field', async ({ page }) => {
  const home = JSON.parse(readFileSync(join(SPEC_SITE_DIR, 'config/pages/home.json'), 'utf8'));
  home.sections[0].type = 'video-heroo';
  home.sections[1].viewAll = { label: 'All', href: '/nowhere' };
  const unsaved: [string, string | null][] = [
    ['pages/home.json', JSON.stringify(home, null, 2)],
    ['pages/about.json', null],
  ];
  const onDisk = validateConfig(siteFolders(SPEC_SITE_DIR), { unsaved: new Map(unsaved) });
  const inWorker = (await checkInWorker(page, unsaved)) as { problems: { file: string }[]; config?: unknown };
  expect(onDisk.problems.length).toBeGreaterThan(1);
  expect(plain(inWorker.problems)).toEqual(plain(onDisk.problems));
  expect(inWorker.problems.map((problem) => problem.file)).toContain('config/pages/home.json');
  expect(inWorker.config).toBeUndefined();
});
