/**
 * Sites kept in real git repositories, for the tests of publishing: a bare repository on disk as the place the site
 * is kept (the remote), the author's copy the editor publishes from, and a teammate's clone that publishes too.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** Git as the tests run it: never the machine's own settings (CI's may have no name; a developer's may sign). */
export function isolatedGitEnvironment(folder: string): Record<string, string> {
  const globalConfig = join(folder, 'global.gitconfig');
  // Refs kept as files (newer git may make reftable the default), as the GitHub stand-in reads them.
  writeFileSync(
    globalConfig,
    '[init]\n\tdefaultBranch = main\n\tdefaultRefFormat = files\n[advice]\n\tdetachedHead = false\n',
  );
  return { GIT_CONFIG_GLOBAL: globalConfig, GIT_CONFIG_NOSYSTEM: '1' };
}

/**
 * Adds `variables` to this process's environment (git's isolation, for helpers that run git); the function returned
 * puts back each one as it was, in the same environment object, so later tests in the process see it unchanged.
 */
export function setEnvironment(variables: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  return () => {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  };
}

/** Runs `action` with `variables` added to this process's environment, then puts them back as they were. */
export function withEnvironment<T>(variables: Record<string, string>, action: () => T): T {
  const restore = setEnvironment(variables);
  try {
    return action();
  } finally {
    restore();
  }
}

/** Runs git in `cwd` with the environment's isolation; returns what it printed, trimmed. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Commits everything in a clone as someone, and pushes it. */
export function commitAndPush(clone: string, who: string, message: string): string {
  git(clone, 'add', '-A');
  git(
    clone,
    '-c',
    `user.name=${who}`,
    '-c',
    `user.email=${who.toLowerCase().replace(/\W+/g, '.')}@example.org`,
    'commit',
    '--quiet',
    '-m',
    message,
  );
  git(clone, 'push', '--quiet', 'origin', 'HEAD:main');
  return git(clone, 'rev-parse', 'HEAD');
}

/** A commit of the teammate's, with plain git: `work` changes their clone, then it is committed as `who` and pushed. */
export function teammateCommits(site: SharedSite, who: string, message: string, work: (clone: string) => void): string {
  git(site.teammate, 'pull', '--quiet', '--ff-only');
  work(site.teammate);
  return commitAndPush(site.teammate, who, message);
}

/**
 * `count` commits one after another on main of `repository` (the bare remote: pushed; a clone: their own, not yet
 * pushed), made by `who` a second apart from `firstDate` (seconds since 1970), none changing a file: a busy day's
 * commits, written in one go by git's fast-import. The new head.
 */
export function commitsInARow(
  repository: string,
  who: string,
  count: number,
  firstDate = Math.floor(Date.now() / 1000),
): string {
  const email = `${who.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  const from = git(repository, 'rev-parse', 'main');
  const stream = Array.from(
    { length: count },
    // A commit without file commands keeps its parent's files; the first one names its parent, the rest follow it.
    (_, n) =>
      `commit refs/heads/main\ncommitter ${who} <${email}> ${firstDate + n} +0000\ndata <<END\nChange ${n + 1}\nEND\n` +
      `${n === 0 ? `from ${from}\n` : ''}\n`,
  ).join('');
  execFileSync('git', ['fast-import', '--quiet'], {
    cwd: repository,
    input: stream,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  return git(repository, 'rev-parse', 'main');
}

export interface SharedSite {
  /** The bare repository the site is kept in. */
  readonly remote: string;
  /** The author's copy, where the editor runs. */
  readonly author: string;
  /** A teammate's clone. */
  readonly teammate: string;
}

/**
 * The site of `source` (its config/ and public/, and a README outside them) committed to a new bare repository under
 * `root`, with the author's copy and a teammate's clone of it. Neither clone has a name set for git.
 */
export function createSharedSite(source: string, root: string): SharedSite {
  const author = join(root, 'author');
  mkdirSync(author, { recursive: true });
  cpSync(join(source, 'config'), join(author, 'config'), { recursive: true });
  cpSync(join(source, 'public'), join(author, 'public'), { recursive: true });
  return shareSite(author, join(root, 'site.git'), join(root, 'teammate'));
}

/**
 * A site folder made the author's copy of a new bare repository at `remote`, as it went live, and a teammate's clone.
 */
export function shareSite(author: string, remote: string, teammate: string): SharedSite {
  writeFileSync(join(author, 'README.md'), '# The site\n');
  git(author, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
  git(author, 'init', '--quiet', '--initial-branch=main');
  git(author, 'remote', 'add', 'origin', remote);
  commitAndPush(author, 'Developer', 'The site as it went live');
  git(author, 'branch', '--quiet', '--set-upstream-to=origin/main', 'main');
  git(author, 'clone', '--quiet', remote, teammate);
  return { remote, author, teammate };
}

/**
 * A shared site made once (createSharedSite), ready to copy for each test: each repository's objects in one pack and
 * git's sample hooks left out, so a copy is a few dozen files rather than hundreds.
 */
export async function sharedSiteTemplate(
  source: string,
  root: string,
  prepare?: (site: SharedSite) => unknown,
): Promise<SharedSite> {
  const template = createSharedSite(source, root);
  await prepare?.(template);
  for (const gitDir of [template.remote, join(template.author, '.git'), join(template.teammate, '.git')]) {
    git(gitDir, 'repack', '-a', '-d', '-q');
    const hooks = join(gitDir, 'hooks');
    for (const sample of readdirSync(hooks).filter((name) => name.endsWith('.sample'))) rmSync(join(hooks, sample));
  }
  return template;
}

/**
 * A copy of a shared site under `root`, the same repositories (commits, branches, the author's copy and the
 * teammate's clone) with each clone's remote the copy's own: far cheaper than committing the site again. Each clone is
 * copied when first asked for, as many tests use only one of them.
 */
export function copySharedSite(template: SharedSite, root: string): SharedSite {
  const remote = join(root, 'site.git');
  copyRepository(template.remote, remote, packsOf(template.remote));
  const copied = new Map<'author' | 'teammate', string>();
  const clone = (which: 'author' | 'teammate') => {
    let path = copied.get(which);
    if (path === undefined) {
      path = join(root, which);
      copyRepository(template[which], path, packsOf(join(template[which], '.git')));
      pointOriginAt(path, template.remote, remote);
      copied.set(which, path);
    }
    return path;
  };
  return {
    remote,
    get author() {
      return clone('author');
    },
    get teammate() {
      return clone('teammate');
    },
  };
}

/** Where a git folder keeps its packs. */
const packsOf = (gitDir: string) => join(gitDir, 'objects', 'pack');

/**
 * A repository (with its working tree) copied file by file, the packs in the folder `packs` linked: git never changes
 * a pack it wrote.
 */
function copyRepository(from: string, to: string, packs: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) copyRepository(source, target, packs);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (from === packs) linkSync(source, target);
    else copyFileSync(source, target);
  }
}

/**
 * Points a clone's origin at `remote` instead of `before`: its config's line rewritten where git wrote both paths
 * plainly, else by git.
 */
function pointOriginAt(clone: string, before: string, remote: string): void {
  const config = join(clone, '.git', 'config');
  const text = readFileSync(config, 'utf8');
  const line = `\turl = ${before}\n`;
  const plain = /^[\w./-]+$/;
  if (plain.test(before) && plain.test(remote) && text.split(line).length === 2)
    writeFileSync(config, text.replace(line, `\turl = ${remote}\n`));
  else git(clone, 'remote', 'set-url', 'origin', remote);
}

/**
 * A new shared site of `source` for each test of the file (or describe) that calls this, after `prepare` when given,
 * with git kept from the machine's own settings for the whole file: the returned function gives the current test's
 * site. The site is made once and copied for each test.
 */
export function sharedSitePerTest(source: string, prepare?: (site: SharedSite) => unknown): () => SharedSite {
  let root: string;
  let template: SharedSite;
  let site: SharedSite | undefined;
  let restoreEnvironment = () => {};
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'shared-site-'));
    restoreEnvironment = setEnvironment(isolatedGitEnvironment(root));
    template = await sharedSiteTemplate(source, join(root, 'template'), prepare);
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    restoreEnvironment();
  });
  beforeEach((context) => {
    site = copySharedSite(template, join(root, context.task.id));
  });
  return () => {
    if (!site) throw new Error('The shared site exists only inside a test.');
    return site;
  };
}

/** Changes a config file as the editor saves it: the data rewritten, two-space indented. */
export function editJsonFile(dir: string, file: string, change: (data: Record<string, any>) => void): void {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;
  change(data);
  writeFileSync(join(dir, file), `${JSON.stringify(data, null, 2)}\n`);
}
