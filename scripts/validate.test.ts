import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
let site: string;

/** Runs `npm run validate`'s script on a copy of the site, as an author would, and returns what it printed. */
function validate(env: Record<string, string> = {}) {
  const options: ExecFileSyncOptions = { cwd: repo, env: { ...process.env, GITHUB_ACTIONS: '', ...env }, encoding: 'utf8', stdio: 'pipe' };
  try {
    return { code: 0, stdout: execFileSync(join(repo, 'node_modules/.bin/tsx'), ['scripts/validate.ts', site], options) as string, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'validate-cli-'));
  cpSync(join(repo, 'src/config/fixtures/valid-site'), site, { recursive: true });
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

// Each case starts the command in a new process, which takes seconds on a busy 2-core machine.
describe('npm run validate, the command', { timeout: 30_000 }, () => {
  it('prints a one-line summary and exits 0 on a valid config', () => {
    const { code, stdout } = validate();
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('Config is valid: 21 files, 9 pages, 6 influencers, 6 projects, 2 forms.');
  });

  it('prints one line per problem and nothing else, and exits 1', () => {
    const file = join(site, 'config/navigation.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('"href": "/services"', '"href": "/servces"').replace('"label": "Home"', '"label": 42'));
    try {
      const { code, stdout, stderr } = validate();
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([
        'config/navigation.json:4:16  links[0].label: must be text in double quotes, not the number 42. Put it in double quotes: "42".',
        'config/navigation.json:6:36  links[2].href: "/servces" is not a page of this site. Did you mean "/services"? Pages: /, /about, /contact, /influencers, /influencers/apply, /services, /work.',
      ]);

      const github = validate({ GITHUB_ACTIONS: 'true' });
      expect(github.stdout.trimEnd().split('\n')).toEqual([
        '::error file=config/navigation.json,line=4,col=16::links[0].label: must be text in double quotes, not the number 42. Put it in double quotes: "42".',
        '::error file=config/navigation.json,line=6,col=36::links[2].href: "/servces" is not a page of this site. Did you mean "/services"? Pages: /, /about, /contact, /influencers, /influencers/apply, /services, /work.',
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('reports a folder without config/ in one line, without a stack trace', () => {
    const realSite = site;
    site = join(realSite, 'nowhere');
    try {
      const { code, stdout, stderr } = validate();
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([`config/:1:1  (whole file): there is no config folder at ${join(site, 'config')}. A site keeps its content in config/.`]);
    } finally {
      site = realSite;
    }
  });
});
