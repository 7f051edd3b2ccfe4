import {
  existsSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS_PER_FILE } from '../../checker/validate-config.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { MAX_CHANGES_BYTES } from './editor-api.ts';
import { TAB_HEADER, TOKEN_HEADER } from '../protocol/headers.ts';
import { refusalWords } from '../protocol/refusals.ts';
import {
  editorOrigin,
  homeFile,
  onDisk,
  openedHome,
  outsideFolder,
  saveBody,
  send,
  api,
  servers,
  sessionFolder,
  site,
  snapshot,
  TOKEN,
  useEditorServers,
} from '../../testing/editor-servers.ts';

useEditorServers();

describe('saving never follows a link', () => {
  it('refuses to write through a folder link that leads out of config/', async () => {
    const outside = outsideFolder();
    symlinkSync(outside, join(site.root, 'config/pages/elsewhere'));
    const { status, body } = await api('/api/save', { body: saveBody({}, null, 'config/pages/elsewhere/page.json') });
    expect(status).toBe(400);
    expect(body.error).toContain('link');
    expect(readdirSync(outside)).toEqual([]);
    rmSync(outside, { recursive: true });
  });

  it('refuses to read or write a file that is a link, or has a second name (a hard link) anywhere', async () => {
    const outside = outsideFolder();
    const secret = join(outside, 'secret.json');
    writeFileSync(secret, '{"secret": true}');
    const { version, data } = await openedHome();
    // A link in place of the home page, and a second name of a file outside the project.
    renameSync(join(site.root, homeFile), join(outside, 'home.json'));
    symlinkSync(join(outside, 'home.json'), join(site.root, homeFile));
    linkSync(secret, join(site.root, 'config/pages/secret.json'));
    for (const path of [homeFile, 'config/pages/secret.json']) {
      const read = await api(`/api/file?path=${path}`);
      expect([path, read.status]).toEqual([path, 400]);
      expect(JSON.stringify(read.body)).not.toContain('"secret": true');
    }
    data.sections[0]!.heading = 'Through the link';
    expect((await api('/api/save', { body: saveBody(data, version) })).status).toBe(400);
    expect(
      (await api('/api/save', { body: saveBody({ secret: false }, null, 'config/pages/secret.json') })).status,
    ).toBe(400);
    expect(readFileSync(join(outside, 'home.json'), 'utf8')).not.toContain('Through the link');
    expect(readFileSync(secret, 'utf8')).toBe('{"secret": true}');
    rmSync(outside, { recursive: true });
  });

  it('keeps one rule with the checker: what the API and the media refuse (a link, a pipe), the check refuses too, and nothing waits on a pipe', async () => {
    // A link to a file inside the site, and a pipe under a picture's name, which a read would wait on forever.
    renameSync(join(site.root, 'config/collections/faqs.json'), join(site.root, 'config/collections/faqs.txt'));
    symlinkSync('faqs.txt', join(site.root, 'config/collections/faqs.json'));
    rmSync(join(site.root, 'public/media/hero-poster.jpg'));
    execFileSync('mkfifo', [join(site.root, 'public/media/hero-poster.jpg')], { stdio: 'ignore' });
    writeFileSync(
      join(site.root, 'public/media/other.jpg'),
      readFileSync(join(SPEC_SITE_DIR, 'public/media/hero-poster.jpg')),
    );
    symlinkSync('other.jpg', join(site.root, 'public/media/linked.jpg'));
    const folder = await sessionFolder();
    for (const path of ['/media/hero-poster.jpg', '/media/linked.jpg']) {
      expect([path, (await send(servers.previewPort, `${folder}${path}`)).status]).toEqual([path, 404]);
    }
    expect((await api('/api/file?path=config/collections/faqs.json')).body.error).toMatch(
      /^"config\/collections\/faqs.json" is a link to faqs.txt/,
    );
    const checked = await api('/api/check', { body: { changes: [] } });
    const problems = (checked.body.problems as { file: string; message: string }[]).map(
      (problem) => `${problem.file}: ${problem.message}`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^config\/collections\/faqs.json: this is a link to faqs.txt, and the site's tools read only real files/,
        ),
        expect.stringMatching(
          /^config\/pages\/home.json: .*names public\/media\/hero-poster.jpg, which is not a regular file/,
        ),
      ]),
    );
    // The editor answered all along, and still does.
    expect((await api('/api/files')).status).toBe(200);
  });

  it('never writes through a link planted where a temporary file could be, and leaves site.json a plain file', async () => {
    const outside = outsideFolder();
    const target = join(outside, 'written.json');
    // Links at every name a save could once have used for its temporary file.
    for (const name of ['.site.json.saving', '.site.json.tmp', '.site.json~'])
      symlinkSync(target, join(site.root, 'config', name));
    const { body: opened } = await api('/api/file?path=config/site.json');
    const data = JSON.parse(opened.text as string) as Record<string, unknown>;
    const saved = await api('/api/save', {
      body: saveBody({ ...data, name: `${String(data.name)} Studio` }, opened.version as string, 'config/site.json'),
    });
    expect(saved.status).toBe(200);
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(join(site.root, 'config/site.json')).isFile()).toBe(true);
    expect(onDisk('config/site.json')).toContain(`${String(data.name)} Studio`);
    rmSync(outside, { recursive: true });
  });

  it('refuses to write when config/ itself is a link out of the site', async () => {
    const outside = outsideFolder();
    const config = join(site.root, 'config');
    renameSync(config, join(outside, 'config'));
    symlinkSync(join(outside, 'config'), config);
    const before = readFileSync(join(outside, 'config/site.json'), 'utf8');
    const saved = await api('/api/save', { body: saveBody({}, null, 'config/site.json') });
    expect([saved.status, saved.body.error]).toEqual([409, expect.stringMatching(/^config\/ is a link, not a folder/)]);
    expect(readFileSync(join(outside, 'config/site.json'), 'utf8')).toBe(before);
    rmSync(outside, { recursive: true });
  });
});

describe('limits that keep the editor answering', () => {
  it('refuses a body over the limit, declared or sent in chunks, at once and without keeping it', async () => {
    const over = Buffer.alloc(MAX_CHANGES_BYTES + 1024, 0x20);
    const declared = await api('/api/check', { body: over });
    expect([declared.status, declared.body.error]).toEqual([413, refusalWords('requestTooLarge')]);
    const chunked = await api('/api/save', { body: over, chunked: true });
    expect(chunked.status).toBe(413);
    // Still answering afterwards.
    expect((await api('/api/files')).status).toBe(200);
  });

  it('refuses an upload declared larger than any file it takes before receiving it, and leaves nothing behind', async () => {
    const before = snapshot();
    const answer = await api('/api/media?name=big.mp4&accept=any', {
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(200 * 1024 * 1024) },
      body: Buffer.alloc(1024),
    });
    // Answered at once: the rest of the 200 MB it declares never comes, so an editor that waited for it would not
    // answer.
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(/^big\.mp4 is 200\.0 MB; the editor takes files of at most \d+ MB\.$/);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a deeply nested change in words, without running out of stack', async () => {
    const depth = 100_000;
    const body = Buffer.from(
      `{"changes":[{"path":"${homeFile}","baseVersion":null,"data":${'['.repeat(depth)}${']'.repeat(depth)}}]}`,
    );
    const answer = await api('/api/check', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/nests lists and groups more than \d+ deep/);
  });

  it('lists at most a fixed number of problems per file, then says how many more there are', async () => {
    const { version, data } = await openedHome();
    const sections = Array.from({ length: MAX_PROBLEMS_PER_FILE * 3 }, () => ({ type: 'video-heroo' }));
    const { status, body } = await api('/api/check', { body: saveBody({ ...data, sections }, version) });
    expect(status).toBe(200);
    const home = (body.problems as { file: string; message: string }[]).filter((problem) => problem.file === homeFile);
    expect(home).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(home.at(-1)!.message).toMatch(/^and \d+ more problems in this file, not listed\./);
  });

  it('answers other requests while large checks run, one at a time', async () => {
    const { version, data } = await openedHome();
    // About 3 MB of sections, which take the checker seconds each.
    const sections = Array.from({ length: 80_000 }, () => ({ type: 'video-heroo', heading: 'x'.repeat(20) }));
    const heavy = Buffer.from(JSON.stringify(saveBody({ ...data, sections }, version)));
    const checks = Array.from({ length: 4 }, (_, tab) =>
      api('/api/check', { body: heavy, headers: { [TAB_HEADER]: `tab-${tab}` } }),
    );
    let done = false;
    void Promise.all(checks).then(() => (done = true));
    // The file list, asked again and again while the checks run, is answered each time before they are all done.
    const answeredMeanwhile: boolean[] = [];
    while (!done && answeredMeanwhile.length < 3) {
      const listed = await api('/api/files');
      answeredMeanwhile.push(listed.status === 200 && !done);
    }
    const answers = await Promise.all(checks);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.every((answer) => (answer.body.problems as unknown[]).length > 0)).toBe(true);
    expect(answeredMeanwhile).toEqual([true, true, true]);
  }, 60_000);

  it('never writes a save whose request was given up while it waited its turn', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    // Another tab's large check keeps the checking thread busy, so the save waits behind it.
    const sections = Array.from({ length: 110_000 }, () => ({ type: 'video-heroo', heading: 'x'.repeat(20) }));
    const busy = api('/api/check', {
      body: Buffer.from(JSON.stringify(saveBody({ ...data, sections }, version))),
      headers: { [TAB_HEADER]: 'other-tab' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    data.sections[0]!.heading = 'Given up on';
    const body = Buffer.from(JSON.stringify(saveBody(data, version)));
    await new Promise<void>((resolve) => {
      const outgoing = request({
        host: '127.0.0.1',
        port: servers.editorPort,
        path: '/api/save',
        method: 'POST',
        headers: {
          host: `127.0.0.1:${servers.editorPort}`,
          origin: editorOrigin(),
          [TOKEN_HEADER]: TOKEN,
          'content-type': 'application/json',
        },
      });
      outgoing.on('error', () => resolve());
      outgoing.end(body);
      // The author gives up (the tab closed, the connection dropped) before the save's turn comes.
      setTimeout(() => {
        outgoing.destroy();
        resolve();
      }, 300);
    });
    expect((await busy).status).toBe(200);
    // A check after it has had its turn: by then the save would have been written.
    expect((await api('/api/check', { body: saveBody(data, version) })).status).toBe(200);
    expect(onDisk(homeFile)).toBe(before);
  }, 60_000);

  it("replaces a tab's waiting check with its newer one", async () => {
    const { version, data } = await openedHome();
    // Another tab's large check (about 5 MB) keeps the checker busy for a second or more, while this tab sends two.
    const heavy = Buffer.from(
      JSON.stringify(
        saveBody(
          {
            ...data,
            sections: Array.from({ length: 110_000 }, () => ({ type: 'video-heroo', heading: 'x'.repeat(20) })),
          },
          version,
        ),
      ),
    );
    const busy = api('/api/check', { body: heavy, headers: { [TAB_HEADER]: 'other-tab' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const older = api('/api/check', { body: saveBody(data, version), headers: { [TAB_HEADER]: 'one-tab' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    data.sections[0]!.heading = 'The newest';
    const newest = api('/api/check', { body: saveBody(data, version), headers: { [TAB_HEADER]: 'one-tab' } });
    expect((await older).body).toEqual({ superseded: true, problems: [] });
    // The newest check's answer: no errors, only the fixture site's warnings (its forms deliver nowhere).
    const answer = (await newest).body.problems as { severity: string }[];
    expect(answer.filter((problem) => problem.severity !== 'warning')).toEqual([]);
    expect((await busy).body.problems).not.toEqual([]);
  }, 60_000);
});
