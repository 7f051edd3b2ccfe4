/**
 * The editor stopped as a crash stops it: `npm run edit` runs in real processes, on a site kept in a real bare
 * repository, and its server process is killed (SIGKILL) at each step of Get latest changes and of Publish. It is
 * started again by its launcher, as after any crash; then every change the author saved is in the working tree or on
 * the remote, the repository is in no merge, and the author is told what happened. Nothing of git is imitated.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesAt, processesNaming, RunningEditor } from '../../testing/editor-process.ts';
import {
  commitAndPush,
  createSharedSite,
  git,
  isolatedGitEnvironment,
  withEnvironment,
  type SharedSite,
} from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
const read = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;

let root: string;
let site: SharedSite;
let editor: RunningEditor;
/** The file that names the step the editor halts at (SITE_EDITOR_HALT_AT), rewritten for each case. */
let haltFile: string;
let gitEnvironment: Record<string, string>;
let round = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'editor-crashes-'));
  gitEnvironment = isolatedGitEnvironment(root);
  site = withEnvironment(gitEnvironment, () => createSharedSite(SPEC_SITE_DIR, join(root, 'site')));
  haltFile = join(root, 'halt-at');
  editor = await RunningEditor.start(site.author, {
    ...gitEnvironment,
    SITE_EDITOR_HALT_AT: haltFile,
    XDG_CACHE_HOME: join(root, 'cache'),
  });
  expect(
    (await editor.api('/api/publish/identity', { name: 'Ama Mensah', email: 'ama@loommedia.example' })).status,
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await editor?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Git in the test's own environment: never the machine's settings. */
const gitHere = (cwd: string, ...args: string[]) => withEnvironment(gitEnvironment, () => git(cwd, ...args));

/** What a round leaves to check: a field the author saved (through the editor) and one a teammate published. */
async function prepareRound(): Promise<{ mine: string; theirs: string }> {
  round++;
  const mine = `Saved heading ${round}`;
  const theirs = `Teammate's text ${round}`;
  // The teammate's change to another field of the same page, so the author's file is merged and written.
  gitHere(site.teammate, 'pull', '--quiet', '--ff-only');
  const home = read(site.teammate, HOME);
  home.sections[0].text = theirs;
  writeFileSync(join(site.teammate, HOME), `${JSON.stringify(home, null, 2)}\n`);
  withEnvironment(gitEnvironment, () => commitAndPush(site.teammate, 'Teammate', `Home page: text ${round}`));
  // The author's change, saved through the editor as the page saves it.
  const opened = (await editor.api(`/api/file?path=${HOME}`)).body as { text: string; version: string };
  const data = JSON.parse(opened.text);
  data.sections[0].heading = mine;
  const saved = await editor.api('/api/save', { changes: [{ path: HOME, data, baseVersion: opened.version }] });
  expect(saved.status).toBe(200);
  return { mine, theirs };
}

/**
 * Kills the editor at `step` of the action `path` asks for; its launcher starts it again. Returns the length of what
 * the editor had printed before, for `answering`.
 */
async function crashDuringWithoutWaiting(path: string, body: unknown, step: string): Promise<number> {
  writeFileSync(haltFile, step);
  const from = editor.output.length;
  // The request never gets its answer: the process that would give it is killed.
  const abandoned = editor.api(path, body).catch(() => undefined);
  await editor.killAt(step, from);
  writeFileSync(haltFile, '');
  await abandoned;
  return from;
}

/** Kills the editor at `step` of the action `path` asks for, and waits until it answers again. */
async function crashDuring(path: string, body: unknown, step: string): Promise<void> {
  await editor.answering(await crashDuringWithoutWaiting(path, body, step));
}

/** Waits until `condition` holds, at most 20 seconds. */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 400) throw new Error(`Still not so after 20 seconds: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const remoteHome = () => JSON.parse(gitHere(site.remote, 'show', `main:${HOME}`)) as Record<string, any>;
const isSteady = () =>
  ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'index.lock'].every(
    (name) => !existsSync(join(site.author, '.git', name)),
  );

/**
 * Every saved change is in the working tree or on the remote; and a Get latest then Publish leaves both with
 * everything.
 */
async function expectNothingLost(mine: string, theirs: string): Promise<void> {
  expect(isSteady()).toBe(true);
  expect([read(site.author, HOME).sections[0].heading, remoteHome().sections[0].heading]).toContain(mine);
  // The editor carries on: the teammate's change comes in, and the author's goes out.
  const latest = await editor.api('/api/publish/latest', { choices: {} });
  expect([latest.status, latest.body.status]).toEqual([200, expect.stringMatching(/^(updated|up-to-date)$/)]);
  expect(read(site.author, HOME).sections[0]).toMatchObject({ heading: mine, text: theirs });
  const status = await editor.api('/api/publish');
  if (status.body.changes.length > 0)
    expect((await editor.api('/api/publish', { message: `Round ${round}` })).body.status).toBe('published');
  expect(remoteHome().sections[0]).toMatchObject({ heading: mine, text: theirs });
  expect(gitHere(site.author, 'status', '--porcelain')).toBe('');
}

describe('an editor killed in the middle of Get latest changes', () => {
  it.each([
    [
      'after-fetch',
      /^The editor stopped while getting the latest changes, as it fetched the latest from where the site is kept\. Nothing was sent and none of your files changed/,
    ],
    [
      'get-latest:journaled',
      /^The editor stopped while getting the latest changes, as it brought your teammates' changes into your files\. Your saved changes are back exactly as you saved them/,
    ],
    // get-latest:mid-write is the step the editor is killed at below, while its git is still at work.
    [
      'get-latest:fast-forwarded',
      /It has now finished: your teammates' changes are in, with your saved changes on top/,
    ],
  ])(
    'at %s, starts again with every saved change kept, and says where it stopped and what is where',
    async (step, notice) => {
      const { mine, theirs } = await prepareRound();
      await crashDuring('/api/publish/latest', { choices: {} }, step);
      // The author's saved heading is in their file, whatever the step.
      expect(read(site.author, HOME).sections[0].heading).toBe(mine);
      expect((await editor.api('/api/publish')).body.notice ?? '').toMatch(notice);
      await expectNothingLost(mine, theirs);
    },
    60_000,
  );
});

describe('an editor killed while its git is still at work', () => {
  it("waits for the git command it left running to finish, then puts the author's files back", async () => {
    const { mine, theirs } = await prepareRound();
    // As if the killed editor's git were still writing the index when the editor starts again.
    const lock = join(site.author, '.git/index.lock');
    writeFileSync(lock, '');
    let crashed: number;
    try {
      crashed = await crashDuringWithoutWaiting('/api/publish/latest', { choices: {} }, 'get-latest:mid-write');
      // The editor started again says it waits for git, and waits: a while later (three of its looks at the lock) it
      // still does not answer, and has put nothing back while git works (the heading is still only in the journal).
      await editor.waitFor(/Git is still at work in your site's folder \(\.git\/index\.lock is there\)/, crashed);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(editor.output.slice(crashed)).not.toMatch(/The editor started again/);
      expect(read(site.author, HOME).sections[0].heading).not.toBe(mine);
    } finally {
      rmSync(lock, { force: true });
    }
    await editor.answering(crashed);
    expect(read(site.author, HOME).sections[0].heading).toBe(mine);
    expect((await editor.api('/api/publish')).body.notice).toMatch(
      /Your saved changes are back exactly as you saved them/,
    );
    await expectNothingLost(mine, theirs);
  }, 60_000);
});

describe('an editor killed in the middle of Publish', () => {
  it.each([
    ['after-fetch', /^The editor stopped while publishing, as it fetched the latest .*\. Nothing was sent/],
    [
      'get-latest:journaled',
      /^The editor stopped while publishing, as it brought .*Your saved changes are back exactly as you saved them.*nothing was sent/,
    ],
    ['get-latest:mid-write', /Your saved changes are back exactly as you saved them/],
    ['publish:committed', /^The editor stopped while publishing, as it prepared the change to send\. Nothing was sent/],
    [
      'publish:journaled',
      /^The editor stopped while publishing, as it sent the change .*Your last Publish did not reach the site before the editor stopped\. Your saved changes are all still here: publish them again\./,
    ],
    ['after-push', /Your last Publish had reached the site when the editor stopped/],
    ['publish:branch-moved', /Your last Publish had reached the site when the editor stopped/],
  ])(
    'at %s, starts again with every saved change in the working tree or on the remote, and says where it stopped',
    async (step, notice) => {
      const { mine, theirs } = await prepareRound();
      await crashDuring('/api/publish', { message: `Round ${round}` }, step);
      // What the site says of a publish stopped while sending is asked at once, in the background.
      await expect.poll(async () => (await editor.api('/api/publish')).body.notice ?? '').toMatch(notice);
      await expectNothingLost(mine, theirs);
    },
    60_000,
  );

  it('while the remote is still receiving: the push dies with the editor, and never lands later', async () => {
    const { mine, theirs } = await prepareRound();
    // The remote takes its time: it says it started, then waits until the test lets it finish (30 seconds at most, so
    // a failing test never leaves a push hanging).
    const started = join(root, 'push-started');
    const release = join(root, 'push-release');
    const hook = [
      `cat > /dev/null`,
      `touch '${started}'`,
      `for tick in $(seq 300); do [ -e '${release}' ] && exit 0; sleep 0.1; done`,
      'exit 1',
    ];
    writeFileSync(join(site.remote, 'hooks/pre-receive'), `#!/bin/sh\n${hook.join('\n')}\n`, { mode: 0o755 });
    try {
      const publishing = editor.api('/api/publish', { message: `Round ${round}` });
      const abandoned = publishing.catch(() => undefined);
      const answeredFirst = publishing.then((answer) => {
        throw new Error(`Publish answered before it pushed: ${JSON.stringify(answer.body)}`);
      });
      await Promise.race([until(() => existsSync(started)), answeredFirst]);
      // The remote's side of the push is at work in it: git-receive-pack, and its hook.
      expect(processesAt(site.remote)).not.toEqual([]);
      const killed = editor.output.length;
      process.kill(editor.editorPid(), 'SIGKILL');
      await abandoned;
      await editor.answering(killed);
      // The editor that started again ended the push its killed self had left running, remote side and all.
      await until(() => processesAt(site.remote).length === 0);
      expect(read(site.author, HOME).sections[0].heading).toBe(mine);
      await expect
        .poll(async () => (await editor.api('/api/publish')).body.notice)
        .toMatch(/Your last Publish did not reach the site before the editor stopped/);
      writeFileSync(release, '');
      // Nothing lands after the stop: once nothing is at work on the remote after the release, nothing is left that
      // could still write to it, and an undo now could never be overtaken by the old push.
      await until(() => processesAt(site.remote).length === 0);
      expect(remoteHome().sections[0].heading).not.toBe(mine);
    } finally {
      writeFileSync(release, '');
      rmSync(join(site.remote, 'hooks/pre-receive'), { force: true });
    }
    await expectNothingLost(mine, theirs);
  }, 60_000);
});

describe('a remote that never answers', () => {
  it('is given up on after the time config/publishing.json sets, whole, while saves and the status go on answering', async () => {
    // The site's time limit, published by a teammate and brought in as any change.
    gitHere(site.teammate, 'pull', '--quiet', '--ff-only');
    writeFileSync(
      join(site.teammate, 'config/publishing.json'),
      `${JSON.stringify({ $schema: '../schemas/publishing.schema.json', mode: 'live', branch: 'main', waitSeconds: 5 }, null, 2)}\n`,
    );
    withEnvironment(gitEnvironment, () => commitAndPush(site.teammate, 'Teammate', 'Wait 5 seconds for the remote'));
    expect((await editor.api('/api/publish/latest', { choices: {} })).body.status).toBe('updated');

    // A server that takes connections and never says a word, where this copy pushes to.
    const connections = new Set<Socket>();
    const silent = createServer((socket) => {
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
      socket.on('error', () => undefined);
      // Reads (and drops) what git sends, so the end of the connection is seen.
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    gitHere(site.author, 'remote', 'set-url', '--push', 'origin', `http://127.0.0.1:${port}/site.git`);
    try {
      const { mine } = await prepareRound();
      let answered = false;
      const publishing = editor
        .api('/api/publish', { message: 'Into the silence' })
        .then((answer) => ((answered = true), answer));
      await until(() => connections.size > 0);
      // While git waits on the remote, the editor answers the status and saves another file.
      const status = await editor.api('/api/publish');
      expect([status.status, status.body.busy]).toEqual([200, 'Publishing…']);
      const opened = (await editor.api(`/api/file?path=${ABOUT}`)).body as { text: string; version: string };
      const about = JSON.parse(opened.text);
      about.title = 'Saved while publishing | {name}';
      expect(
        (await editor.api('/api/save', { changes: [{ path: ABOUT, data: about, baseVersion: opened.version }] }))
          .status,
      ).toBe(200);
      expect(answered).toBe(false);

      const refused = await publishing;
      expect([refused.status, refused.body.error]).toEqual([
        409,
        'The place where the site is kept did not answer in 5 seconds, so the editor stopped waiting. Nothing was lost: your saved changes are all still here. Try again later.',
      ]);
      // Git and every program it started are gone: no connection stays open, no helper runs on.
      await until(() => connections.size === 0);
      expect(processesNaming(`127.0.0.1:${port}`)).toEqual([]);
      expect(read(site.author, HOME).sections[0].heading).toBe(mine);
      expect(read(site.author, ABOUT).title).toBe('Saved while publishing | {name}');
    } finally {
      gitHere(site.author, 'config', '--unset', 'remote.origin.pushurl');
      silent.close();
    }
  }, 60_000);
});
