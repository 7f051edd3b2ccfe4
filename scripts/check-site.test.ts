import { spawn } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
// Inside the project, as every build is: the pre-renderer's server build imports the project's packages.
mkdirSync(join(repo, 'test-results'), { recursive: true });
const folder = mkdtempSync(join(repo, 'test-results', 'check-site-'));
const site = join(folder, 'site');
const dist = join(folder, 'dist');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the gate on the copy of the spec site, as a host runs it; what it printed and how it ended. */
function gate(...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(repo, 'node_modules/.bin/tsx'), ['scripts/check-site.ts', site, dist, ...args], {
      cwd: repo,
      // As a host runs it: vitest's NODE_ENV=test would make a development build of React.
      env: { ...process.env, SITE_EDITOR: 'off', NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

let first: { status: number | null; output: string };
beforeAll(async () => {
  cpSync(join(repo, 'src/testing/spec-site'), site, { recursive: true });
  first = await gate();
}, 180_000);

describe('the content gate (npm run check:site)', () => {
  it('checks config/, builds the site and checks every built page, and lets a good site go live', () => {
    expect(first.output).toContain('✓ config/ checked and the site built');
    // Every page of the spec's content: seven pages, six profiles and the two not-found pages.
    expect(first.output).toMatch(/✓ HTML valid on all 15 pages \(W3C Nu Html Checker\)/);
    expect(first.output).toMatch(/✓ every link, script, stylesheet and picture inside the site answers/);
    expect(first.output).toMatch(/✓ axe finds nothing on one page of each kind \(\d+ pages\)/);
    expect(first.output).toMatch(/✓ script within budget on all \d+ pages/);
    expect(first.output).toMatch(/The site may go live: every check passed in/);
    expect(first.status).toBe(0);
  });

  it('stops a built page that is invalid, names a missing file, or fails axe, or loads too much script, each in words', async () => {
    const about = join(dist, 'about/index.html');
    writeFileSync(
      about,
      readFileSync(about, 'utf8').replace(
        '<main',
        '<img src="/media/gone.jpg"><p id="twice">1</p><p id="twice">2</p><main',
      ),
    );
    unlinkSync(join(dist, 'favicon.svg'));
    const pageScript = readdirSync(join(dist, 'assets')).find((name) => /^page-.*\.js$/.test(name))!;
    // Script that does not compress: 20 KB more on every page.
    appendFileSync(
      join(dist, 'assets', pageScript),
      `\n// ${Buffer.from(crypto.getRandomValues(new Uint8Array(15_000))).toString('base64')}`,
    );
    const { status, output } = await gate('--built');
    expect(output).not.toContain('config/ checked');
    expect(output).toMatch(/✗ HTML not valid: \d+ errors? \(W3C Nu Html Checker\)/);
    expect(output).toMatch(/about\/index\.html:\d+ Duplicate ID “twice”/);
    expect(output).toMatch(/✗ 2 addresses inside the site that no built file answers/);
    expect(output).toContain('/media/gone.jpg, named by about/index.html');
    expect(output).toMatch(/\/favicon\.svg, named by 404\.html, about\/index\.html, contact\/index\.html and \d+ more/);
    expect(output).toMatch(/✗ axe finds \d+ problems? on one page of each kind/);
    expect(output).toContain('about/index.html: image-alt: Images must have alternative text');
    expect(output).toMatch(/✗ \d+ pages load more script than its budget/);
    expect(output).toMatch(/about\/index\.html loads \d+\.\d KB of script \(gzip\), over the 15 KB of a page of text/);
    expect(output).toContain('The site must not go live: fix what is listed above. The live site stays as it was.');
    expect(status).toBe(1);
  });

  it('refuses a broken config before building, in the checker’s words', async () => {
    writeFileSync(join(site, 'config/site.json'), '{ "name": ');
    const { status, output } = await gate();
    expect(output).toMatch(/config\/site\.json/);
    expect(output).toContain('✗ config/ has a problem or the build failed: see above');
    expect(output).not.toMatch(/\n\s+at /);
    expect(status).toBe(1);
  });
});
