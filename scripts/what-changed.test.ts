import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedPaths, needsTheSuite } from './what-changed.ts';

// A real repository, with commits of content only and of code.
const repository = mkdtempSync(join(tmpdir(), 'what-changed-'));
afterAll(() => rmSync(repository, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Ama', '-c', 'user.email=ama@example.org', ...args], {
    cwd: repository,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();
const commit = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repository, path)), { recursive: true });
    writeFileSync(join(repository, path), text);
  }
  git('add', '-A');
  git('commit', '--quiet', '-m', Object.keys(files).join(', '));
  return git('rev-parse', 'HEAD');
};
git('init', '--quiet', '-b', 'main');
const first = commit({ 'config/site.json': '{}', 'src/app.ts': '', 'public/_headers': '' });
const content = commit({ 'config/pages/about.json': '{}', 'public/media/ama.jpg': 'jpeg' });
const code = commit({ 'config/site.json': '{"a":1}', 'src/app.ts': 'x' });
const headers = commit({ 'public/_headers': '/*\n  X: y' });

describe('what a push changed', () => {
  it('is content only when every file is in config/ or public/media/: the gate is enough', () => {
    expect(changedPaths(first, content, repository)).toEqual(['config/pages/about.json', 'public/media/ama.jpg']);
    expect(needsTheSuite(changedPaths(first, content, repository)!)).toBe(false);
  });

  it('needs the whole suite when any file is code, or the rest of public/', () => {
    expect(needsTheSuite(changedPaths(content, code, repository)!)).toBe(true);
    expect(needsTheSuite(changedPaths(code, headers, repository)!)).toBe(true);
    expect(needsTheSuite(changedPaths(first, headers, repository)!)).toBe(true);
  });

  it('cannot be read from a first push, an unknown commit or no range, so the suite runs', () => {
    expect(changedPaths('0000000000000000000000000000000000000000', content, repository)).toBeUndefined();
    expect(changedPaths('1234567890abcdef1234567890abcdef12345678', content, repository)).toBeUndefined();
    expect(changedPaths('--output=/tmp/x', content, repository)).toBeUndefined();
    expect(needsTheSuite([])).toBe(true);
  });
});
