import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyOfValidSite } from '../../testing/edited-site.ts';
import { fileKindProblem } from '../../config/media-files.ts';
import { handleEditorApi } from './editor-api.ts';
import { SitePreview } from './preview.ts';
import { TOKEN_HEADER } from './request-guard.ts';

const TOKEN = 'a'.repeat(64);
let server: Server;
let port = 0;
let site: { root: string; remove: () => void };

beforeAll(async () => {
  server = createServer((request, response) => {
    void handleEditorApi(request, response, { siteDir: site.root, port, token: TOKEN, preview: new SitePreview() }).then((handled) => {
      if (!handled) response.writeHead(200).end('the editor page');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  site = copyOfValidSite();
});
afterEach(() => site.remove());

/** A request as the editor's own page makes it, with any header replaced or removed (undefined). */
async function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string | undefined> } = {}) {
  const headers: Record<string, string> = {};
  const wanted = { [TOKEN_HEADER]: TOKEN, origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json', ...init.headers };
  for (const [name, value] of Object.entries(wanted)) if (value !== undefined) headers[name] = value;
  const body = init.body === undefined ? undefined : Buffer.isBuffer(init.body) ? init.body : Buffer.from(JSON.stringify(init.body));
  return send(path, init.method ?? (body ? 'POST' : 'GET'), headers, body);
}

/** An HTTP request with exactly these headers (fetch would not send another Host). */
function send(path: string, method: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; body: Record<string, unknown> & { error?: string } }>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : { text } });
      });
    });
    // A server may answer and close before reading a body it refuses.
    outgoing.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    outgoing.end(body);
  });
}

/** A GET with no token, as an <img> or <video> of the preview makes it: status, type, size and text. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; bytes: number; text: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), bytes: body.length, text: body.toString('utf8') });
      });
    })
      .on('error', reject)
      .end();
  });
}

const homeFile = 'config/pages/home.json';
const onDisk = (path: string) => readFileSync(join(site.root, path), 'utf8');

async function openedHome() {
  const { body } = await api(`/api/file?path=${homeFile}`);
  return { version: body.version as string, data: JSON.parse(body.text as string) as { sections: Record<string, unknown>[] } };
}

describe('the editor API', () => {
  it('lists the config files by what they are for', async () => {
    const { status, body } = await api('/api/files');
    expect(status).toBe(200);
    const files = body.files as { path: string; group: string; label: string }[];
    expect(body.groups).toEqual(expect.arrayContaining(['Site', 'Navigation', 'Pages', 'Influencers', 'Projects', 'Forms']));
    expect(files.find((file) => file.path === homeFile)).toMatchObject({ group: 'Pages', label: '/' });
    expect(files.find((file) => file.path === 'config/forms/contact-inquiry.json')).toMatchObject({ group: 'Forms' });
    expect(files.map((file) => file.group)).toEqual([...files.map((file) => file.group)].sort((a, b) => (body.groups as string[]).indexOf(a) - (body.groups as string[]).indexOf(b)));
  });

  it('saves a changed field as a one-line change that the validator accepts', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.heading = 'Stories That Move Accra';
    const { status, body } = await api('/api/save', { body: { changes: [{ path: homeFile, data, baseVersion: version }] } });
    expect(status).toBe(200);
    expect(body.status).toBe('saved');
    const after = onDisk(homeFile);
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toEqual([expect.stringContaining('"heading": "Stories That Move Accra"')]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
  });

  it('refuses to save a mistake, with the validator sentence, and leaves the file as it was', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.type = 'video-heroo';
    const { status, body } = await api('/api/save', { body: { changes: [{ path: homeFile, data, baseVersion: version }] } });
    expect(status).toBe(422);
    expect(JSON.stringify(body.problems)).toContain('\\"video-heroo\\" is not a section type. Did you mean \\"video-hero\\"?');
    expect(onDisk(homeFile)).toBe(before);
  });

  it('shows what a change breaks in other files: a renamed page that the navigation still links to', async () => {
    const { body: opened } = await api('/api/file?path=config/pages/about.json');
    const about = JSON.parse(opened.text as string) as Record<string, unknown>;
    const { body } = await api('/api/check', { body: { changes: [{ path: 'config/pages/about.json', data: { ...about, route: '/about-us' }, baseVersion: opened.version }] } });
    const problems = body.problems as { file: string; message: string; at: unknown[] }[];
    const nav = problems.find((problem) => problem.file === 'config/navigation.json' && problem.message.includes('/about'));
    // Each problem says where it is as data too, so the editor can show it at its field.
    expect(nav).toMatchObject({ at: ['links', 4, 'href'] });
  });

  it('never overwrites a file that changed on disk since it was opened, and returns both versions', async () => {
    const { version, data } = await openedHome();
    const theirs = onDisk(homeFile).replace('"route": "/"', '"route": "/"  ');
    writeFileSync(join(site.root, homeFile), theirs);
    data.sections[0]!.heading = 'Mine';
    const { status, body } = await api('/api/save', { body: { changes: [{ path: homeFile, data, baseVersion: version }] } });
    expect(status).toBe(409);
    const [conflict] = body.files as { text: string; yours: string }[];
    expect(conflict!.text).toBe(theirs);
    expect(conflict!.yours).toContain('"heading": "Mine"');
    expect(onDisk(homeFile)).toBe(theirs);
  });

  it.each<[string, Record<string, string | undefined>, number]>([
    ['no token', { [TOKEN_HEADER]: undefined }, 403],
    ['a wrong token', { [TOKEN_HEADER]: 'b'.repeat(64) }, 403],
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['no Origin', { origin: undefined }, 403],
    ['another Host (DNS rebinding)', { host: 'evil.example:PORT' }, 421],
  ])('refuses a write with %s', async (_what, headers, status) => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.heading = 'Written from elsewhere';
    const refused = await api('/api/save', { body: { changes: [{ path: homeFile, data, baseVersion: version }] }, headers: { ...headers, host: headers.host?.replace('PORT', String(port)) } });
    expect(refused.status).toBe(status);
    expect(onDisk(homeFile)).toBe(before);
  });

  it('refuses to read another Host, even the page', async () => {
    expect((await send('/', 'GET', { host: `evil.example:${port}` })).status).toBe(421);
    expect((await send('/', 'GET', { host: `localhost:${port}` })).status).toBe(200);
  });

  it.each([
    ['a path out of config/', 'config/../package.json'],
    ['an absolute path', '/etc/passwd'],
    ['a dotfile', 'config/.secrets.json'],
    ['a file outside config/', 'package.json'],
    ['a backslash path', 'config\\..\\package.json'],
  ])('refuses %s, with the reason', async (_what, path) => {
    const read = await api(`/api/file?path=${encodeURIComponent(path)}`);
    expect(read.status).toBe(400);
    expect(read.body.error).toMatch(/outside|out of|absolute|hidden|not a file path/);
    const write = await api('/api/save', { body: { changes: [{ path, data: {}, baseVersion: null }] } });
    expect(write.status).toBe(400);
  });

  it('refuses to write through a link that leads out of config/', async () => {
    const outside = join(tmpdir(), `outside-${process.pid}-${Date.now()}`);
    mkdirSync(outside);
    symlinkSync(outside, join(site.root, 'config/pages/elsewhere'));
    const { status, body } = await api('/api/save', { body: { changes: [{ path: 'config/pages/elsewhere/page.json', data: {}, baseVersion: null }] } });
    expect(status).toBe(400);
    expect(body.error).toContain('link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it("serves the site's pictures and videos for the preview, read only, and nothing else of the disk", async () => {
    const poster = await rawGet('/media/hero-poster.jpg');
    expect([poster.status, poster.type, poster.bytes]).toEqual([200, 'image/jpeg', readFileSync(join(site.root, 'public/media/hero-poster.jpg')).length]);
    const part = await rawGet('/media/hero.mp4', { range: 'bytes=0-99' });
    expect([part.status, part.bytes]).toEqual([206, 100]);
    writeFileSync(join(site.root, 'public/media/.hidden.png'), 'x');
    for (const path of ['/media/.hidden.png', '/../package.json', '/media/%2e%2e/%2e%2e/config/site.json', '/media/missing.png']) {
      expect((await rawGet(path)).text, path).toBe('the editor page');
    }
  });

  it('refuses a request body larger than it accepts', async () => {
    const { status } = await api('/api/check', { body: { changes: [], padding: 'x'.repeat(21 * 1024 * 1024) } });
    expect(status).toBe(413);
  });

  it('uploads a picture into public/media/ under a safe name, and refuses what is not one', async () => {
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64)]);
    const upload = (name: string, accept: string, bytes: Buffer) => api(`/api/media?name=${encodeURIComponent(name)}&accept=${accept}`, { body: bytes, headers: { 'content-type': 'application/octet-stream' } });
    const saved = await upload('../../Beach Day (1).PNG', 'photo', png);
    expect(saved.status).toBe(201);
    expect(saved.body.src).toBe('/media/beach-day-1.png');
    expect(existsSync(join(site.root, 'public/media/beach-day-1.png'))).toBe(true);
    expect((await upload('Beach Day (1).png', 'image', png)).body.src).toBe('/media/beach-day-1-2.png');
    expect((await upload('notes.png', 'image', Buffer.from('<html>not a picture</html>'))).status).toBe(400);
    // A picture for a video field is refused in the validator's words.
    expect((await upload('clip.png', 'webm', png)).body.error).toBe(`clip.png ${fileKindProblem('upload.png', png, 'webm')}`);
    expect(existsSync(join(site.root, 'public/media/clip.png'))).toBe(false);
    const listed = async (kind: string) => ((await api(`/api/media?kind=${kind}`)).body.files as { src: string }[]).map((file) => file.src);
    // A picture larger than a page should load is refused, with its size and the limit.
    const huge = await upload('huge.png', 'image', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]));
    expect([huge.status, huge.body.error]).toEqual([400, expect.stringMatching(/^huge\.png is 11\.0 MB; a picture can be at most 10 MB/)]);
    expect(await listed('image')).toContain('/media/beach-day-1.png');
    expect(await listed('webm')).not.toContain('/media/beach-day-1.png');
    expect((await listed('webm')).every((src) => src.endsWith('.webm'))).toBe(true);
  });
});
