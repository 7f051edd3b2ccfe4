import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
});
