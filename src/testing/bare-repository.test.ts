/**
 * The stand-in's bare repository reads objects through one git process and branches from git's files, and keeps what
 * git said of objects named by their ids: the answers must stay those of git's own commands, an object it lacked is
 * found once it arrives, several objects read at once each get their own bytes, and no git process outlives it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { BareRepository } from './bare-repository.ts';
import { git, isolatedGitEnvironment, setEnvironment } from './git-sites.ts';

let root: string;
let restore: () => void;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bare-repository-'));
  restore = setEnvironment(isolatedGitEnvironment(root));
});
afterAll(() => {
  restore();
  rmSync(root, { recursive: true, force: true });
});

/** A bare repository under the test's folder and a clone of it: their paths. */
function newRepository(name: string): { remote: string; clone: string } {
  const remote = join(root, `${name}.git`);
  const clone = join(root, name);
  git(root, 'init', '--quiet', '--bare', remote);
  git(root, 'clone', '--quiet', remote, clone);
  return { remote, clone };
}

/** The stand-in's view of `remote`, closed when the test ends. */
function opened(remote: string): BareRepository {
  const repository = new BareRepository(remote);
  onTestFinished(() => repository.close());
  return repository;
}

/** A commit of `files` in `clone` (and of any other change there), pushed to its remote's main: its id. */
function commits(clone: string, files: Record<string, string>, message = 'Files'): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    writeFileSync(join(clone, path), text);
  }
  git(clone, 'add', '-A');
  git(clone, '-c', 'user.name=Kofi', '-c', 'user.email=k@example.org', 'commit', '--quiet', '-m', message);
  git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
  return git(clone, 'rev-parse', 'HEAD');
}

/** The git cat-file processes reading `remote`: each one's id and command. */
const readersOf = (remote: string) =>
  execFileSync('ps', ['-ww', '-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('cat-file') && line.includes(remote));

/** git ls-tree's entries of `name` (-r --long: every file, with its size), as the stand-in reads them. */
function lsTree(remote: string, ...args: string[]) {
  return execFileSync('git', ['--git-dir', remote, 'ls-tree', '-z', ...args], { encoding: 'utf8' })
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, name] = line.split('\t') as [string, string];
      const [mode, type, sha, size] = meta.split(/\s+/) as [string, string, string, string];
      return { name, mode, type, sha, ...(size !== undefined && type === 'blob' ? { size: Number(size) } : {}) };
    });
}

it('reads many blobs at once, each its own bytes, whatever else is asked among them', async () => {
  const { remote, clone } = newRepository('blobs');
  const commit = commits(clone, { 'a.txt': 'first\n', 'b.txt': 'second\n' });
  const [a, b, tree] = ['HEAD:a.txt', 'HEAD:b.txt', 'HEAD^{tree}'].map((name) => git(clone, 'rev-parse', name));
  const repository = opened(remote);
  const asked = [a!, tree!, commit, b!, 'f'.repeat(40), 'not an id', `${a}\ninfo ${b}`];
  const expected = [
    Buffer.from('first\n'),
    undefined,
    undefined,
    Buffer.from('second\n'),
    undefined,
    undefined,
    undefined,
  ];
  expect(await repository.blobs(asked)).toEqual(expected);
  // Asked again, the same answers.
  expect(await repository.blobs(asked)).toEqual(expected);
  expect(await repository.blob(b!)).toEqual(Buffer.from('second\n'));
});

it('finds a commit it did not have once it arrives, and reads a full id as git does, before a branch of that name', async () => {
  const { remote, clone } = newRepository('later');
  const first = commits(clone, { 'a.txt': 'first\n' });
  const repository = opened(remote);
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
  expect(await repository.commitOf(later)).toBeUndefined();
  git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
  expect(await repository.commitOf(later)).toBe(later);
  expect(await repository.commitOf('main')).toBe(later);
  // A branch named with a commit's full id: git ignores it when given the id.
  git(remote, 'update-ref', `refs/heads/${first}`, later);
  expect(await repository.commitOf(first)).toBe(first);
  expect((await repository.commitRecord(first)).parents).toEqual([]);
});

it("answers of commits, trees and folders as git's own commands give them", async () => {
  const { remote, clone } = newRepository('answers');
  commits(clone, { 'a.txt': 'first\n', 'folder/deep/b.json': '{}\n', 'spaced name é.txt': 'é\n', 'run.sh': 'echo\n' });
  commits(clone, { 'a.txt': 'second\n' }, 'Second');
  chmodSync(join(clone, 'run.sh'), 0o755);
  symlinkSync('a.txt', join(clone, 'link'));
  git(clone, 'add', '-A');
  // A submodule's commit, as git records one in a tree.
  git(clone, 'update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},module`);
  const zoned = { GIT_AUTHOR_DATE: '2024-03-01T10:00:00+05:30', GIT_COMMITTER_DATE: '2024-03-02T23:30:00-08:00' };
  const message = '  Subject  \n\nBody\n  indented\n\n\n';
  const as = ['-c', 'user.name= Ama  Mensah ', '-c', 'user.email=ama@example.org'];
  const commitArgs = [...as, 'commit', '--quiet', '--cleanup=verbatim', '-m', message];
  execFileSync('git', commitArgs, { cwd: clone, env: { ...process.env, ...zoned } });
  git(clone, 'checkout', '--quiet', '-b', 'side', 'HEAD~1');
  writeFileSync(join(clone, 'side.txt'), 'side\n');
  git(clone, 'add', '-A');
  git(clone, ...as, 'commit', '--quiet', '-m', 'Side');
  git(clone, 'checkout', '--quiet', 'main');
  git(clone, ...as, 'merge', '--quiet', '--no-ff', '-m', 'Merged', 'side');
  // A commit with headers git writes besides the usual ones (an encoding, a signature across lines).
  const raw = git(clone, 'cat-file', 'commit', 'HEAD').replace(
    /\n\n/,
    '\nencoding UTF-8\ngpgsig -----BEGIN PGP SIGNATURE-----\n line\n -----END PGP SIGNATURE-----\n\n',
  );
  const signed = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], {
    cwd: clone,
    input: raw,
    encoding: 'utf8',
  }).trim();
  git(clone, 'push', '--quiet', 'origin', 'main', 'side', `${signed}:refs/heads/signed`);
  const repository = opened(remote);
  const all = git(clone, 'rev-list', '--all', signed).split('\n');
  expect(all).toHaveLength(6);
  for (const commit of all) {
    // git log's own reading of the commit.
    expect(await repository.commitRecord(commit)).toEqual((await repository.log(commit, 1))[0]);
    expect(await repository.files(commit)).toEqual(
      lsTree(remote, '-r', '--long', commit).map(({ name, ...entry }) => ({ path: name, ...entry })),
    );
    // Where two commits meet, and what one has that the other lacks, in git's order: in a line or across a merge.
    for (const other of all) {
      expect(await repository.mergeBase(commit, other)).toBe(git(remote, 'merge-base', commit, other));
      const between = git(remote, 'rev-list', '--reverse', `${commit}..${other}`).split('\n').filter(Boolean);
      expect((await repository.commitsBetween(commit, other)).map((record) => record.sha)).toEqual(between);
      expect(await repository.countBetween(commit, other)).toBe(between.length);
    }
  }
  const tree = git(clone, 'rev-parse', 'HEAD^{tree}');
  expect(await repository.entriesOf(tree)).toEqual(lsTree(remote, tree));
  expect((await repository.entriesOf(tree)).map((entry) => entry.mode)).toEqual(
    expect.arrayContaining(['040000', '100644', '100755', '120000', '160000']),
  );
  const head = git(clone, 'rev-parse', 'HEAD');
  expect(await repository.folder(`${head}:folder`)).toEqual(lsTree(remote, `${head}:folder`));
  expect(await repository.folder('main:folder/deep')).toEqual(lsTree(remote, `${head}:folder/deep`));
  for (const none of [`${head}:a.txt`, `${head}:nothing`, 'nothing:folder'])
    expect(await repository.folder(none)).toBeUndefined();
});

it('answers a folder named from where git stands (./, ../) or across lines as none, as GitHub does, and reads on', async () => {
  const { remote, clone } = newRepository('relative');
  const head = commits(clone, { 'folder/a.txt': 'a\n' });
  const repository = opened(remote);
  const names = ['./folder', '../folder', 'folder\r', 'folder\0', 'folder\nfolder'].map((path) => `${head}:${path}`);
  const answers = await Promise.all([...names.map((name) => repository.folder(name)), repository.commitRecord(head)]);
  expect(answers.slice(0, -1)).toEqual(names.map(() => undefined));
  expect(answers.at(-1)).toEqual((await repository.log(head, 1))[0]);
  expect(await repository.folder(`${head}:folder`)).toEqual(lsTree(remote, `${head}:folder`));
});

it('gathers a large object as it comes in, copying its bytes a few times, not once for each piece', async () => {
  const { remote } = newRepository('large');
  const bytes = Buffer.alloc(16 * 1024 * 1024, 'abc');
  const sha = execFileSync('git', ['--git-dir', remote, 'hash-object', '-w', '--stdin'], { input: bytes })
    .toString()
    .trim();
  const repository = opened(remote);
  const concat = vi.spyOn(Buffer, 'concat');
  onTestFinished(() => concat.mockRestore());
  expect((await repository.blob(sha))?.equals(bytes)).toBe(true);
  const copied = concat.mock.results.reduce((sum, result) => sum + (result.value as Buffer).length, 0);
  expect(copied).toBeLessThan(4 * bytes.length);
});

it('starts another git process when the one that reads ends', async () => {
  const { remote, clone } = newRepository('restarted');
  const head = commits(clone, { 'a.txt': 'a\n' });
  const repository = opened(remote);
  expect(await repository.blob(git(clone, 'rev-parse', 'HEAD:a.txt'))).toEqual(Buffer.from('a\n'));
  const [reader] = readersOf(remote);
  process.kill(Number(reader!.trim().split(' ')[0]), 'SIGKILL');
  await expect.poll(() => readersOf(remote)).toEqual([]);
  expect((await repository.commitRecord(head)).message).toBe('Files');
});

it('moves a branch only forward, to a commit with its head in its history, across a merge too', async () => {
  const { remote, clone } = newRepository('forward');
  const first = commits(clone, { 'a.txt': 'first\n' });
  const second = commits(clone, { 'a.txt': 'second\n' });
  git(clone, 'checkout', '--quiet', '-b', 'side', first);
  writeFileSync(join(clone, 'side.txt'), 'side\n');
  git(clone, 'add', '-A');
  git(clone, '-c', 'user.name=Kofi', '-c', 'user.email=k@example.org', 'commit', '--quiet', '-m', 'Side');
  const side = git(clone, 'rev-parse', 'HEAD');
  git(clone, '-c', 'user.name=Kofi', '-c', 'user.email=k@example.org', 'merge', '--quiet', '-m', 'Merged', 'main');
  const merged = git(clone, 'rev-parse', 'HEAD');
  git(clone, 'push', '--quiet', 'origin', `${side}:refs/heads/side`, `${merged}:refs/heads/kept`);
  const repository = opened(remote);
  for (const [branch, to] of [
    ['main', first],
    ['main', side],
    ['main', 'f'.repeat(40)],
    ['side', second],
  ] as const) {
    expect(await repository.fastForward(branch, to)).toBe(false);
    expect(repository.head(branch)).toBe(git(remote, 'rev-parse', branch));
  }
  expect(git(remote, 'rev-parse', 'main')).toBe(second);
  expect(await repository.fastForward('main', merged)).toBe(true);
  expect(git(remote, 'rev-parse', 'main')).toBe(merged);
  expect(await repository.fastForward('side', merged)).toBe(true);
  expect(git(remote, 'rev-parse', 'side')).toBe(merged);
});

it("reads branches as git's for-each-ref does, packed or not, as they move", async () => {
  const { remote, clone } = newRepository('branches');
  const first = commits(clone, { 'a.txt': 'first\n' });
  const second = commits(clone, { 'a.txt': 'second\n' });
  for (const branch of ['drafts/ama', 'drafts/kofi', 'gone', 'Zed', 'é']) git(remote, 'branch', branch, first);
  git(remote, 'pack-refs', '--all');
  git(remote, 'update-ref', 'refs/heads/drafts/kofi', second);
  git(remote, 'update-ref', 'refs/heads/drafts/new', second);
  git(remote, 'update-ref', '-d', 'refs/heads/gone');
  const repository = opened(remote);
  const forEachRef = (prefix: string) =>
    git(remote, 'for-each-ref', '--format=%(refname:lstrip=2) %(objectname)', 'refs/heads/')
      .split('\n')
      .map((line) => line.split(' ') as [string, string])
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, sha]) => ({ name, sha }));
  expect(repository.branchesStartingWith('')).toEqual(forEachRef(''));
  expect(repository.branchesStartingWith('drafts/')).toEqual(forEachRef('drafts/'));
  expect(repository.branchesStartingWith('drafts/')).toHaveLength(3);
  expect(repository.head('drafts/kofi')).toBe(second);
  expect(repository.head('drafts/ama')).toBe(first);
  expect(repository.head('gone')).toBeUndefined();
  expect(repository.head('drafts')).toBeUndefined();
  // A symbolic ref is left to git to read.
  git(remote, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
  expect(repository.branchesStartingWith('')).toEqual(forEachRef(''));
  expect(repository.head('alias')).toBe(second);
});

it('asks git for the branches of a git folder that keeps none in refs/heads (reftable, a linked one)', async () => {
  const { remote, clone } = newRepository('linked');
  const commit = commits(clone, { 'a.txt': 'first\n' });
  // A linked git folder: its branches are its common folder's, which git finds through its "commondir" file.
  git(remote, 'worktree', 'add', '--quiet', '--detach', join(root, 'linked-work'), 'main');
  const repository = opened(join(remote, 'worktrees', 'linked-work'));
  expect(repository.head('main')).toBe(commit);
  expect(await repository.commitOf('main')).toBe(commit);
});

it('ends its git process when closed, and reads nothing after', async () => {
  const { remote, clone } = newRepository('closed');
  const commit = commits(clone, { 'a.txt': 'first\n' });
  const repository = new BareRepository(remote);
  expect(readersOf(remote)).toEqual([]);
  expect((await repository.commitRecord(commit)).message).toBe('Files');
  expect(readersOf(remote)).toHaveLength(1);
  await repository.close();
  expect(readersOf(remote)).toEqual([]);
  await expect(repository.blob(git(clone, 'rev-parse', 'HEAD:a.txt'))).rejects.toThrow();
  expect(readersOf(remote)).toEqual([]);
});

it('leaves no git process behind when the process that read is killed', async () => {
  const { remote, clone } = newRepository('killed');
  const commit = commits(clone, { 'a.txt': 'first\n' });
  const script = join(root, 'reads.ts');
  writeFileSync(
    script,
    `import { BareRepository } from ${JSON.stringify(new URL('./bare-repository.ts', import.meta.url).href)};\n` +
      `void new BareRepository(process.argv[2]).commitRecord(process.argv[3]).then(() => console.log('read'));\n` +
      `setInterval(() => {}, 1000);\n`,
  );
  const reader = spawn(process.execPath, ['--import', 'tsx', script, remote, commit], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => reader.stdout.once('data', resolve));
  expect(readersOf(remote)).toHaveLength(1);
  reader.kill('SIGKILL');
  await expect.poll(() => readersOf(remote), { timeout: 5000 }).toEqual([]);
});
