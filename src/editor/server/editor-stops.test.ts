/**
 * Nothing the editor started runs on after it stops: `npm run edit` runs in real processes on a site kept in a real
 * bare repository whose remote takes its time to receive a push; the editor is stopped as an author stops it (Ctrl+C,
 * the terminal closed, the launcher killed) while the push is under way, and the push dies with it, remote side
 * included: nothing lands later, so nothing the author undoes next can be overtaken. Nothing of git is imitated.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSharedSite,
  git,
  isolatedGitEnvironment,
  withEnvironment,
  type SharedSite,
} from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { processesAt, processesNaming, RunningEditor } from '../../testing/editor-process.ts';

const HOME = 'config/pages/home.json';
let root: string;
let site: SharedSite;
let gitEnvironment: Record<string, string>;
/** The copies of the editor's code, made by the first test and taken by the next, as by any later npm run edit. */
let codeCache: string;

beforeAll(() => {
  codeCache = mkdtempSync(join(tmpdir(), 'editor-stops-cache-'));
});
afterAll(() => rmSync(codeCache, { recursive: true, force: true }));
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'editor-stops-'));
  gitEnvironment = isolatedGitEnvironment(root);
  site = withEnvironment(gitEnvironment, () => createSharedSite(SPEC_SITE_DIR, join(root, 'site')));
});
afterEach(() => {
  writeFileSync(join(root, 'push-release'), '');
  rmSync(root, { recursive: true, force: true });
});

/** Waits until `condition` holds, at most 20 seconds. */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 400) throw new Error(`Still not so after 20 seconds: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const remoteHeading = () =>
  withEnvironment(
    gitEnvironment,
    () => JSON.parse(git(site.remote, 'show', `main:${HOME}`)).sections[0].heading as string,
  );

describe('an editor stopped while it publishes', () => {
  it.each([
    ['Ctrl+C', 'SIGINT'],
    ['a closed terminal', 'SIGHUP'],
    ['its launcher killed', 'SIGKILL'],
  ] as const)(
    'by %s: the push under way dies with it and never lands',
    async (_, signal) => {
      const editor = await RunningEditor.start(site.author, { ...gitEnvironment, XDG_CACHE_HOME: codeCache });
      try {
        expect(
          (await editor.api('/api/publish/identity', { name: 'Ama', email: 'ama@loommedia.example' })).status,
        ).toBe(200);
        const opened = (await editor.api(`/api/file?path=${HOME}`)).body as { text: string; version: string };
        const data = JSON.parse(opened.text);
        data.sections[0].heading = 'Sent as the editor stopped';
        expect(
          (await editor.api('/api/save', { changes: [{ path: HOME, data, baseVersion: opened.version }] })).status,
        ).toBe(200);
        // The remote says it started receiving, then waits until the test lets it finish (30 seconds at most).
        const started = join(root, 'push-started');
        const release = join(root, 'push-release');
        const hook = [
          'cat > /dev/null',
          `touch '${started}'`,
          `for tick in $(seq 300); do [ -e '${release}' ] && exit 0; sleep 0.1; done`,
          'exit 1',
        ];
        writeFileSync(join(site.remote, 'hooks/pre-receive'), `#!/bin/sh\n${hook.join('\n')}\n`, { mode: 0o755 });
        const publishing = editor.api('/api/publish', { message: 'Sent as the editor stopped' }).catch(() => undefined);
        await until(() => existsSync(started));
        // The remote's side of the push is at work in it: git-receive-pack, and its hook.
        expect(processesAt(site.remote)).not.toEqual([]);

        const stopped = new Promise((resolve) => editor.launcher.once('exit', resolve));
        editor.launcher.kill(signal);
        await stopped;
        await publishing;
        // Every process of the push is gone, the remote's included, and the remote never takes it: once nothing is at
        // work on the remote after the release, nothing is left that could still write to it.
        await until(() => processesAt(site.remote).length === 0);
        expect(processesNaming(site.author).filter((line) => /\bgit\b/.test(line))).toEqual([]);
        writeFileSync(release, '');
        await until(() => processesAt(site.remote).length === 0);
        expect(remoteHeading()).not.toBe('Sent as the editor stopped');
        expect(JSON.parse(readFileSync(join(site.author, HOME), 'utf8')).sections[0].heading).toBe(
          'Sent as the editor stopped',
        );
      } finally {
        await editor.stop();
      }
    },
    60_000,
  );
});
