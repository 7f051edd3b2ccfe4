import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROBLEMS_PER_FILE } from '../src/checker/validate-config.ts';

const repo = join(import.meta.dirname, '..');
let site: string;

/**
 * Runs `npm run validate`'s script on a copy of the site, as an author would, and returns what it printed. Its
 * output goes to pipes, as it does on CI. `uid` runs it as another user (only possible for root).
 */
function validate(env: Record<string, string> = {}, uid?: number) {
  const result = spawnSync(join(repo, 'node_modules/.bin/tsx'), ['scripts/validate.ts', site], {
    cwd: repo,
    env: { ...process.env, GITHUB_ACTIONS: '', ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'validate-cli-'));
  cpSync(join(repo, 'src/testing/spec-site'), site, { recursive: true });
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** The fixture site's forms deliver nowhere, as the spec's do: the command says so on every run, without failing. */
const deliveryWarning = (form: string) =>
  `config/forms/${form}.json:1:1  warning  delivery: is not set, so nobody receives what visitors send: the answers are only written to the browser's console. Set "delivery" to send them somewhere: "method": "post" with your form service's "url", or "method": "netlify" on Netlify (EDITING.md, "Where form answers go").`;

// Each case starts the command in a new process, which takes seconds on a busy 2-core machine.
describe('npm run validate, the command', { timeout: 30_000 }, () => {
  it('prints a one-line summary and exits 0 on a valid config, with each warning on a line of its own', () => {
    const { code, stdout, stderr } = validate();
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(
      'Config is valid: 21 files, 9 pages, 6 influencers, 6 projects, 2 forms, with 2 warnings to look at.',
    );
    expect(stderr.trimEnd().split('\n')).toEqual([
      deliveryWarning('contact-inquiry'),
      deliveryWarning('creator-application'),
    ]);
  });

  it('prints one line per problem and nothing else, and exits 1', () => {
    const file = join(site, 'config/navigation.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      original.replace('"href": "/services"', '"href": "/servces"').replace('"label": "Home"', '"label": 42'),
    );
    try {
      const { code, stdout, stderr } = validate();
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([
        deliveryWarning('contact-inquiry'),
        deliveryWarning('creator-application'),
        'config/navigation.json:4:16  links 1.label: must be text in double quotes, not the number 42. Put it in double quotes: "42".',
        'config/navigation.json:6:36  links 3 (Services).href: "/servces" is not a page of this site. Did you mean "/services"? Pages: /, /about, /contact, /influencers, /influencers/apply, /services, /work.',
      ]);

      const github = validate({ GITHUB_ACTIONS: 'true' });
      expect(
        github.stdout
          .trimEnd()
          .split('\n')
          .filter((line) => !line.startsWith('::warning ')),
      ).toEqual([
        '::error file=config/navigation.json,line=4,col=16::links 1.label: must be text in double quotes, not the number 42. Put it in double quotes: "42".',
        '::error file=config/navigation.json,line=6,col=36::links 3 (Services).href: "/servces" is not a page of this site. Did you mean "/services"? Pages: /, /about, /contact, /influencers, /influencers/apply, /services, /work.',
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('writes every line when its output goes to a pipe, however many problems there are', () => {
    const about = JSON.parse(readFileSync(join(site, 'config/pages/about.json'), 'utf8')) as Record<string, unknown>;
    // Many files, each with more problems than are listed for one file, make far more than a pipe holds at once.
    const files = Array.from({ length: 40 }, (_, index) => join(site, `config/pages/extra-${index + 1}.json`));
    files.forEach((file, index) => {
      const sections = Array.from({ length: MAX_PROBLEMS_PER_FILE * 2 }, () => ({ type: 'video-heroo' }));
      writeFileSync(file, JSON.stringify({ ...about, route: `/extra-${index + 1}`, sections }, null, 2));
    });
    try {
      // Through a shell pipe to a reader that starts late, as CI's log collector may.
      const piped = spawnSync('sh', ['-c', '"$TSX" scripts/validate.ts "$SITE" 2>&1 | (sleep 0.3; cat)'], {
        cwd: repo,
        env: { ...process.env, GITHUB_ACTIONS: '', TSX: join(repo, 'node_modules/.bin/tsx'), SITE: site },
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      const lines = piped.stdout.trimEnd().split('\n');
      // Per file: the first problems, then one line that counts the rest.
      expect(lines).toHaveLength(files.length * (MAX_PROBLEMS_PER_FILE + 1) + 2);
      expect(lines.at(-1)).toMatch(
        /^config\/pages\/extra-\d+\.json:\d+:\d+ {2}\(whole file\): and [\d,]+ more problems in this file, not listed\./,
      );
    } finally {
      for (const file of files) rmSync(file);
    }
  });

  it('reports a file it may not read, and a folder it may not open, by name, and exits 1', () => {
    const asOtherUser = process.getuid?.() === 0 ? 65534 : undefined;
    const file = join(site, 'config/forms/creator-application.json');
    const folder = join(site, 'config/collections');
    chmodSync(site, 0o755);
    chmodSync(file, 0o000);
    chmodSync(folder, 0o000);
    try {
      const { code, stdout, stderr } = validate({}, asOtherUser);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([
        'config/collections/:1:1  (whole file): this folder cannot be read: permission denied. Make it readable (on macOS or Linux: chmod a+r), or ask whoever set up the project.',
        deliveryWarning('contact-inquiry'),
        'config/forms/creator-application.json:1:1  (whole file): this file cannot be read: permission denied. Make it readable (on macOS or Linux: chmod a+r), or ask whoever set up the project.',
      ]);
    } finally {
      chmodSync(file, 0o644);
      chmodSync(folder, 0o755);
    }
  });

  it('reports a folder without config/ in one line, without a stack trace', () => {
    const realSite = site;
    site = join(realSite, 'nowhere');
    try {
      const { code, stdout, stderr } = validate();
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([
        `config/:1:1  (whole file): there is no config folder at ${join(site, 'config')}. A site keeps its content in config/.`,
      ]);
    } finally {
      site = realSite;
    }
  });
});
