import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A real git repository, made for one test, with its commands and a way to commit files. */
export interface GitHistory {
  readonly folder: string;
  /** Runs git in it, never with the machine's own settings; returns what git printed, trimmed. */
  git(...args: string[]): string;
  /** Writes these files and commits everything as it stands; returns the commit. */
  commit(files: Record<string, string>): string;
}

/**
 * A repository of its own on main, for the test that makes it to build a history in (commits of content and of code,
 * branches, merges, force pushes); removed when that test ends.
 */
export function gitHistory(): GitHistory {
  const folder = mkdtempSync(join(tmpdir(), 'git-history-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Ama', '-c', 'user.email=ama@example.org', ...args], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    }).trim();
  git('init', '--quiet', '-b', 'main');
  const commit = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    git('add', '-A');
    git('commit', '--quiet', '--allow-empty', '-m', Object.keys(files).join(', ') || 'nothing');
    return git('rev-parse', 'HEAD');
  };
  return { folder, git, commit };
}
