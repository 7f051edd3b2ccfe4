import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'build-cli-'));
  cpSync(join(repo, 'src/testing/spec-site'), join(folder, 'site'), { recursive: true });
  // A page at the address where the editor lives.
  const about = JSON.parse(readFileSync(join(folder, 'site/config/pages/about.json'), 'utf8')) as { route: string };
  writeFileSync(join(folder, 'site/config/pages/admin.json'), JSON.stringify({ ...about, route: '/admin' }, null, 2));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run build', () => {
  it("refuses a page at the editor's address in words, building nothing, and says how to keep both", () => {
    const result = spawnSync(
      join(repo, 'node_modules/.bin/tsx'),
      ['scripts/build.ts', join(folder, 'site'), join(folder, 'dist')],
      { cwd: repo, env: { ...process.env, SITE_EDITOR: '' }, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "A page's address, /admin, is where the site's editor lives (/admin/). Give the page another address in config/pages/, or build without the editor: SITE_EDITOR=off.",
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(folder, 'dist'))).toBe(false);
  });

  it('refuses, in words and before anything is emptied, an output folder that holds the site', () => {
    const result = spawnSync(join(repo, 'node_modules/.bin/tsx'), ['scripts/build.ts', join(folder, 'site'), folder], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${folder} holds the site itself, and the build empties its output folder first.`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(folder, 'site/config/site.json'))).toBe(true);
  });

  it("refuses a site over its host's limits in words, with the numbers and what to change", () => {
    // Cloudflare Pages, named in config/hosting.json, takes files of at most 25 MiB. Each limit's sentence is tried in
    // src/build/hosting.test.ts; here, that the build measures what it built and stops in those words.
    const site = join(folder, 'too-large');
    cpSync(join(repo, 'src/testing/spec-site'), site, { recursive: true });
    writeFileSync(
      join(site, 'config/hosting.json'),
      JSON.stringify({ $schema: '../schemas/hosting.schema.json', host: 'cloudflare-pages' }),
    );
    // A file public/ serves (it takes videos), so the checker lets the build go on to measure it.
    writeFileSync(join(site, 'public/film.mp4'), readFileSync(join(site, 'public/media/hero.mp4')).subarray(0, 64));
    truncateSync(join(site, 'public/film.mp4'), 26 * 1024 * 1024);
    const result = spawnSync(
      join(repo, 'node_modules/.bin/tsx'),
      ['scripts/build.ts', site, join(folder, 'too-large-dist')],
      {
        cwd: repo,
        env: { ...process.env, SITE_EDITOR: 'off' },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The site will not go live on Cloudflare Pages (free plan;');
    expect(result.stderr).toContain('/film.mp4 is 26 MiB, and Cloudflare Pages takes files of at most 25 MiB.');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
