/**
 * The stand-in's bare repository keeps what git said of objects named by their ids: the answers must stay git's, an
 * object it lacked is found once it arrives, and several objects read at once each get their own bytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BareRepository } from './bare-repository.ts';
import { git, isolatedGitEnvironment, withEnvironment } from './git-sites.ts';

let root: string;
let environment: Record<string, string>;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bare-repository-'));
  environment = isolatedGitEnvironment(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A commit of `files` in `clone`, pushed to its remote's main: its id. */
function commits(clone: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(clone, path), text);
  git(clone, 'add', '-A');
  git(clone, '-c', 'user.name=Kofi', '-c', 'user.email=k@example.org', 'commit', '--quiet', '-m', 'Files');
  git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
  return git(clone, 'rev-parse', 'HEAD');
}

it('reads many blobs at once, each its own bytes, whatever else is asked among them', () =>
  withEnvironment(environment, () => {
    const remote = join(root, 'blobs.git');
    const clone = join(root, 'blobs');
    git(root, 'init', '--quiet', '--bare', remote);
    git(root, 'clone', '--quiet', remote, clone);
    const commit = commits(clone, { 'a.txt': 'first\n', 'b.txt': 'second\n' });
    const [a, b, tree] = ['HEAD:a.txt', 'HEAD:b.txt', 'HEAD^{tree}'].map((name) => git(clone, 'rev-parse', name));
    const repository = new BareRepository(remote);
    const asked = [a!, tree!, commit, b!, 'f'.repeat(40), 'not an id'];
    const expected = [Buffer.from('first\n'), undefined, undefined, Buffer.from('second\n'), undefined, undefined];
    expect(repository.blobs(asked)).toEqual(expected);
    // Asked again, the same answers.
    expect(repository.blobs(asked)).toEqual(expected);
    expect(repository.blob(b!)).toEqual(Buffer.from('second\n'));
  }));

it('finds a commit it did not have once it arrives, and reads a full id as git does, before a branch of that name', () =>
  withEnvironment(environment, () => {
    const remote = join(root, 'later.git');
    const clone = join(root, 'later');
    git(root, 'init', '--quiet', '--bare', remote);
    git(root, 'clone', '--quiet', remote, clone);
    const first = commits(clone, { 'a.txt': 'first\n' });
    const repository = new BareRepository(remote);
    git(
      clone,
      '-c',
      'user.name=Kofi',
      '-c',
      'user.email=k@example.org',
      'commit',
      '--quiet',
      '--allow-empty',
      '-m',
      'Later',
    );
    const later = git(clone, 'rev-parse', 'HEAD');
    expect(repository.commitOf(later)).toBeUndefined();
    git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
    expect(repository.commitOf(later)).toBe(later);
    expect(repository.commitOf('main')).toBe(later);
    // A branch named with a commit's full id: git ignores it when given the id.
    git(remote, 'update-ref', `refs/heads/${first}`, later);
    expect(repository.commitOf(first)).toBe(first);
    expect(repository.commitRecord(first).parents).toEqual([]);
  }));
