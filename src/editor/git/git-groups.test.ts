/**
 * A git command of an editor killed without a word (SIGKILL) never runs on after the next start: a real process runs
 * git through the editor's own runner (git.ts), on a real repository, with git held before it starts by a wrapper
 * on the PATH (as a slow disk or a busy machine would hold it); that process is killed, and what the next start does
 * first (endLeftoverGroups) ends the held command before it ever touches the copy. A process that took over a
 * recorded id since is never touched.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitAndPush, editJsonFile, git, sharedSitePerTest } from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { claimSite, endLeftoverGroups, recordGroup } from './git-groups.ts';
import { processesNaming } from '../../testing/editor-process.ts';

const HOME = 'config/pages/home.json';
const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);

/** Waits until `condition` holds, at most 20 seconds. */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 400) throw new Error(`Still not so after 20 seconds: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A folder with a `git` that holds `command` until `release` exists (20 seconds at most), having said so in `started`,
 * then runs the real git: put first on the PATH.
 */
function heldGit(folder: string, command: string): { bin: string; started: string; release: string } {
  const bin = join(folder, 'bin');
  mkdirSync(bin, { recursive: true });
  const started = join(folder, 'held-started');
  const release = join(folder, 'held-release');
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const script = [
    '#!/bin/sh',
    'for arg in "$@"; do',
    `  if [ "$arg" = '${command}' ]; then`,
    `    touch '${started}'`,
    `    for tick in $(seq 400); do [ -e '${release}' ] && break; sleep 0.05; done`,
    '  fi',
    'done',
    `exec '${realGit}' "$@"`,
  ];
  writeFileSync(join(bin, 'git'), `${script.join('\n')}\n`, { mode: 0o755 });
  return { bin, started, release };
}

describe('a git command of an editor that was killed', () => {
  it('that works on this computer alone (merge --ff-only) is ended at the next start, and never runs later', async () => {
    const { author, teammate } = sharedSite();
    git(teammate, 'pull', '--quiet', '--ff-only');
    editJsonFile(teammate, HOME, (home) => (home.sections[0].heading = 'By Kofi'));
    const target = commitAndPush(teammate, 'Kofi', 'Home heading');
    git(author, 'fetch', '--quiet');
    const head = git(author, 'rev-parse', 'HEAD');
    const held = heldGit(join(author, '..', 'held'), 'merge');

    // The editor's own runner, in a process of its own, as the editor runs it.
    const runner = new URL('./git.ts', import.meta.url).pathname;
    const code = `import { Git } from ${JSON.stringify(runner)};
      const git = await Git.of(${JSON.stringify(author)});
      await git.run(['merge', '--ff-only', '--quiet', ${JSON.stringify(target)}]);`;
    const editor = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      env: { ...process.env, PATH: `${held.bin}:${process.env.PATH}` },
      stdio: 'ignore',
    });
    try {
      await until(() => existsSync(held.started));
      // Killed once the command is under way: its record is written as it starts (a few microseconds after).
      const running = join(author, '.git/site-editor/running');
      await until(() => existsSync(running) && readdirSync(running).length > 0);
      const stopped = new Promise((resolve) => editor.once('exit', resolve));
      editor.kill('SIGKILL');
      await stopped;
      // The held command outlived its editor, as nothing but the next start can end it.
      expect(processesNaming(`${author} -c core.quotepath=off merge`)).not.toEqual([]);

      expect(await endLeftoverGroups(author)).toEqual(['git merge']);
      await until(() => processesNaming(`${author} -c core.quotepath=off merge`).length === 0);
      writeFileSync(held.release, '');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(git(author, 'rev-parse', 'HEAD')).toBe(head);
      expect(existsSync(join(author, '.git/index.lock'))).toBe(false);
      expect(readdirSync(join(author, '.git/site-editor/running'))).toEqual([]);
    } finally {
      writeFileSync(held.release, '');
      editor.kill('SIGKILL');
    }
  }, 30_000);

  it('is never taken for another program given its process id since: that one runs on', async () => {
    const { author } = sharedSite();
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      const running = join(author, '.git/site-editor/running');
      mkdirSync(running, { recursive: true });
      // A record of a git that once had this id, and started at another time.
      writeFileSync(
        join(running, String(other.pid)),
        JSON.stringify({ pid: other.pid, started: '1', command: 'git merge', commandLine: 'git merge' }),
      );
      expect(await endLeftoverGroups(author)).toEqual([]);
      expect(other.exitCode).toBeNull();
      expect(processesNaming('sleep 30').some((line) => line.startsWith(`${other.pid}:`))).toBe(true);
      expect(readdirSync(running)).toEqual([]);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('is recorded in a file of its own, never through a link put where its record goes', async () => {
    const { author } = sharedSite();
    const running = join(author, '.git/site-editor/running');
    mkdirSync(running, { recursive: true });
    const outside = join(author, '..', 'outside.txt');
    writeFileSync(outside, 'kept');
    symlinkSync(outside, join(running, '424242'));
    const done = recordGroup(author, 424242, 'git status', ['git', 'status']);
    expect(readFileSync(outside, 'utf8')).toBe('kept');
    expect(lstatSync(join(running, '424242')).isFile()).toBe(true);
    done();
  });
});

describe('a second npm run edit for the same site', () => {
  it('claims nothing while the first runs, so it ends none of its commands; once the first is gone, it claims the site', async () => {
    const { author } = sharedSite();
    const groups = new URL('./git-groups.ts', import.meta.url).pathname;
    const code = `import { claimSite } from ${JSON.stringify(groups)};
      if (claimSite(${JSON.stringify(author)})) process.exit(3);
      console.log('claimed');
      setInterval(() => undefined, 1000);`;
    const first = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      await new Promise((resolve) => first.stdout.once('data', resolve));
      expect(claimSite(author)).toEqual({ pid: first.pid });
      const stopped = new Promise((resolve) => first.once('exit', resolve));
      first.kill('SIGKILL');
      await stopped;
      // Killed without a word: its record stays, and no longer names a running editor.
      expect(claimSite(author)).toBeUndefined();
    } finally {
      first.kill('SIGKILL');
    }
  }, 30_000);
});
