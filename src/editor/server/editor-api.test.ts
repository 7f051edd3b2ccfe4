import { existsSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fileKindProblem } from '../../checker/media-files.ts';
import { heldMedia, heldMediaFolder } from '../git/held-media.ts';
import { fileWrites } from '../git/safe-path.ts';
import {
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
  useEditorServers,
} from '../../testing/editor-servers.ts';

useEditorServers();

describe('the editor API', () => {
  it('lists the config files by what they are for', async () => {
    const { status, body } = await api('/api/files');
    expect(status).toBe(200);
    const files = body.files as { path: string; group: string; label: string }[];
    expect(body.groups).toEqual(
      expect.arrayContaining(['Site', 'Navigation', 'Pages', 'Influencers', 'Projects', 'Forms']),
    );
    // Pages by the words the menu links them with, or their title: never their address.
    const pages = Object.fromEntries(
      files
        .filter((file) => file.group === 'Pages')
        .map((file) => [file.path.replace(/^config\/pages\//, ''), file.label]),
    );
    expect(pages).toMatchObject({
      'home.json': 'Home',
      'about.json': 'About',
      'apply.json': 'Apply to Join Our Network',
      'influencer-profile.json': 'Influencer profile',
      'not-found.json': 'Page not found (any other address)',
    });
    expect(files.find((file) => file.path === 'config/forms/contact-inquiry.json')).toMatchObject({ group: 'Forms' });
    expect(files.map((file) => file.group)).toEqual(
      [...files.map((file) => file.group)].sort(
        (a, b) => (body.groups as string[]).indexOf(a) - (body.groups as string[]).indexOf(b),
      ),
    );
  });

  it('saves a changed field as a one-line change that the validator accepts', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.heading = 'Stories That Move Accra';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect([status, body.status]).toEqual([200, 'saved']);
    const after = onDisk(homeFile);
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toEqual([expect.stringContaining('"heading": "Stories That Move Accra"')]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
    // No temporary file stays behind.
    expect(readdirSync(join(site.root, 'config/pages')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('refuses to save a mistake, with the validator sentence, and leaves the file as it was', async () => {
    const before = onDisk(homeFile);
    const { version, data } = await openedHome();
    data.sections[0]!.type = 'video-heroo';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect(status).toBe(422);
    expect(JSON.stringify(body.problems)).toContain(
      '\\"video-heroo\\" is not a section type. Did you mean \\"video-hero\\"?',
    );
    expect(onDisk(homeFile)).toBe(before);
  });

  it('shows what a change breaks in other files: a renamed page that the navigation still links to', async () => {
    const { body: opened } = await api('/api/file?path=config/pages/about.json');
    const about = JSON.parse(opened.text as string) as Record<string, unknown>;
    const { body } = await api('/api/check', {
      body: saveBody({ ...about, route: '/about-us' }, opened.version as string, 'config/pages/about.json'),
    });
    const problems = body.problems as { file: string; message: string; at: unknown[] }[];
    const nav = problems.find(
      (problem) => problem.file === 'config/navigation.json' && problem.message.includes('/about'),
    );
    // Each problem says where it is as data too, so the editor can show it at its field.
    expect(nav).toMatchObject({ at: ['links', 4, 'href'] });
  });

  it('still checks and previews while the file shown was removed by another program: it just has no address', async () => {
    // A page of its own, opened, then removed on the disk.
    const press = join(site.root, 'config/pages/press.json');
    const about = JSON.parse(onDisk('config/pages/about.json')) as Record<string, unknown>;
    writeFileSync(press, JSON.stringify({ ...about, route: '/press' }, null, 2));
    rmSync(press);
    const { status, body } = await api('/api/check', { body: { changes: [], showing: 'config/pages/press.json' } });
    expect(status).toBe(200);
    expect((body.problems as { severity: string }[]).filter((problem) => problem.severity === 'error')).toEqual([]);
    expect((body.addresses as { path: string }[]).map((address) => address.path)).not.toContain('/press');
    // A path outside config/ is refused as before, whether or not something is there: the answer tells nothing.
    const outside = await api('/api/check', { body: { changes: [], showing: '../nowhere-at-all.json' } });
    expect(outside.status).toBe(400);
  });

  it('never overwrites a file that changed on disk since it was opened, and returns both versions', async () => {
    const { version, data } = await openedHome();
    const theirs = onDisk(homeFile).replace('"route": "/"', '"route": "/"  ');
    writeFileSync(join(site.root, homeFile), theirs);
    data.sections[0]!.heading = 'Mine';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect(status).toBe(409);
    const [conflict] = body.files as { text: string; yours: string }[];
    expect(conflict!.text).toBe(theirs);
    expect(conflict!.yours).toContain('"heading": "Mine"');
    expect(onDisk(homeFile)).toBe(theirs);
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
    expect((await api('/api/save', { body: saveBody({}, null, path) })).status).toBe(400);
  });

  it("serves the site's pictures and videos for both pages, read only, as what they are", async () => {
    const folder = await sessionFolder();
    for (const port of [servers.editorPort, servers.previewPort]) {
      const poster = await send(port, `${folder}/media/hero-poster.jpg`);
      expect([poster.status, poster.headers['content-type'], poster.bytes.length]).toEqual([
        200,
        'image/jpeg',
        readFileSync(join(site.root, 'public/media/hero-poster.jpg')).length,
      ]);
      // Never sniffed into a page, and a page even if opened as one: a sandbox with no script.
      expect(poster.headers['x-content-type-options']).toBe('nosniff');
      expect(poster.headers['content-security-policy']).toMatch(/^sandbox;.*default-src 'none'/);
      const part = await send(port, `${folder}/media/hero.mp4`, { headers: { range: 'bytes=0-99' } });
      expect([part.status, part.bytes.length]).toEqual([206, 100]);
    }
    writeFileSync(join(site.root, 'public/media/.hidden.png'), 'x');
    for (const path of ['/media/.hidden.png', '/media/missing.png', '/media/../../config/site.json']) {
      expect((await send(servers.previewPort, `${folder}${path}`)).status, path).toBeGreaterThanOrEqual(400);
    }
  });

  it.each([
    ['public', 'outside the site'],
    ['public', 'back inside the site'],
    ['config', 'outside the site'],
  ])(
    'reads and writes nothing through %s/ that is a link to a folder %s, on either port, and says so',
    async (name, where) => {
      const elsewhere = where === 'outside the site' ? join(outsideFolder(), name) : join(site.root, `${name}-moved`);
      renameSync(join(site.root, name), elsewhere);
      symlinkSync(elsewhere, join(site.root, name));
      const folder = await sessionFolder();
      for (const port of [servers.editorPort, servers.previewPort])
        expect((await send(port, `${folder}/media/hero-poster.jpg`)).status).toBe(name === 'public' ? 404 : 200);
      const refused = expect.stringMatching(
        new RegExp(`^${name}/ is a link, not a folder, so the editor does not read or write there`),
      );
      const asked = name === 'public' ? await api('/api/media') : await api(`/api/file?path=${homeFile}`);
      expect([asked.status, asked.body.error]).toEqual([409, refused]);
    },
  );
});

describe('uploads', () => {
  // A 1 × 1 picture, whole.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (name: string, accept: string, bytes: Buffer) =>
    api(`/api/media?name=${encodeURIComponent(name)}&accept=${accept}`, {
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const media = () => readdirSync(join(site.root, 'public/media')).sort();

  it('says in words that a full disk kept an upload, leaves nothing of it, and takes it once there is space', async () => {
    const full = vi.spyOn(fileWrites, 'writeSync').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    });
    try {
      const refused = await upload('beach.png', 'image', png);
      expect([refused.status, refused.body.error]).toEqual([
        507,
        "Your computer's disk is full, so beach.png was not uploaded. Your changes are still in the editor: free some space, then upload it again.",
      ]);
    } finally {
      full.mockRestore();
    }
    expect(heldMedia(site.root).size).toBe(0);
    const held = dirname(heldMediaFolder(site.root));
    expect(
      readdirSync(held, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.uploading')),
    ).toEqual([]);
    expect((await upload('beach.png', 'image', png)).status).toBe(201);
  });

  it('holds a picture out of the site under a safe name that replaces nothing, until Save writes a file that uses it', async () => {
    const saved = await upload('../../Beach Day (1).PNG', 'photo', png);
    expect([saved.status, saved.body.src, saved.body.held]).toEqual([201, '/media/beach-day-1.png', true]);
    expect(existsSync(join(site.root, 'public/media/beach-day-1.png'))).toBe(false);
    expect(readFileSync(heldMedia(site.root).get('media/beach-day-1.png')!)).toEqual(png);
    expect((await upload('Beach Day (1).png', 'image', png)).body.src).toBe('/media/beach-day-1-2.png');
    const listed = async (kind: string) =>
      (await api(`/api/media?kind=${kind}`)).body.files as { src: string; held?: boolean; used: boolean }[];
    expect(await listed('image')).toContainEqual(
      expect.objectContaining({ src: '/media/beach-day-1.png', held: true, used: false }),
    );
    expect((await listed('webm')).every((file) => file.src.endsWith('.webm'))).toBe(true);
    // The checker counts it as there: a change naming it is valid, and the picture joins public/media/ as it is saved.
    const { version, data } = await openedHome();
    const hero = data.sections[0] as unknown as { video: { poster: string } };
    const replaced = hero.video.poster;
    hero.video.poster = '/media/beach-day-1.png';
    const { status, body } = await api('/api/save', { body: saveBody(data, version) });
    expect([status, body.status]).toEqual([200, 'saved']);
    expect(readFileSync(join(site.root, 'public/media/beach-day-1.png'))).toEqual(png);
    expect([...heldMedia(site.root).keys()]).toEqual(['media/beach-day-1-2.png']);
    // The picture it replaced is named by no file any more (unless another file still names it), and the answer says
    // so.
    const stillNamed = readdirSync(join(site.root, 'config'), { recursive: true }).some(
      (path) => String(path).endsWith('.json') && onDisk(`config/${String(path)}`).includes(JSON.stringify(replaced)),
    );
    expect(body.noLongerUsed).toEqual(stillNamed ? [] : [replaced]);
    expect(await listed('image')).toContainEqual(expect.objectContaining({ src: replaced, used: stillNamed }));
  });

  it('refuses what only starts like a picture, or is not the kind the field wants, and keeps nothing of it', async () => {
    const before = media();
    // A page behind a JPEG's first bytes.
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>parent.postMessage(1, "*")</script></html>'.padEnd(200, ' ')),
    ]);
    const refused = await upload('poster.jpg', 'image', polyglot);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^poster\.jpg starts like a picture but/);
    expect((await upload('notes.png', 'image', Buffer.from('<html>not a picture</html>'))).status).toBe(400);
    // A picture for a video field is refused in the validator's words.
    expect((await upload('clip.png', 'webm', png)).body.error).toBe(
      `clip.png ${fileKindProblem('upload.png', png, 'webm')}`,
    );
    // Larger than a picture may be: refused with its size and the limit, while it arrives.
    const huge = await upload('huge.png', 'image', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]));
    expect([huge.status, huge.body.error]).toEqual([
      400,
      expect.stringMatching(/^huge\.png is 11\.0 MB; a picture can be at most 10 MB/),
    ]);
    expect(media()).toEqual(before);
  });

  it('never saves a held upload over a file or a link put under its name meanwhile, and writes nothing then', async () => {
    const outside = outsideFolder();
    const before = onDisk(homeFile);
    const saveNaming = async (src: string) => {
      const { version, data } = await openedHome();
      (data.sections[0] as unknown as { video: { poster: string } }).video.poster = src;
      return api('/api/save', { body: saveBody(data, version) });
    };
    // A file of the same name, put in public/media/ by someone else since the upload.
    const first = String((await upload('poster.png', 'image', png)).body.src);
    writeFileSync(join(site.root, `public${first}`), 'theirs');
    const refused = await saveNaming(first);
    expect([refused.status, refused.body.error]).toEqual([
      400,
      expect.stringMatching(
        /^Another file named \/media\/poster\.png was put in public\/media\/ after you uploaded yours/,
      ),
    ]);
    expect(onDisk(`public${first}`)).toBe('theirs');
    // A link planted under the name.
    const second = String((await upload('cover.png', 'image', png)).body.src);
    symlinkSync(join(outside, 'cover.png'), join(site.root, `public${second}`));
    expect((await saveNaming(second)).body.error).toMatch(
      /is a link to .*, and the site's tools read only real files and folders/,
    );
    expect([readdirSync(outside), onDisk(homeFile)]).toEqual([[], before]);
    rmSync(outside, { recursive: true });
  });

  it('never keeps an upload through a link planted under the name it would take', async () => {
    const outside = outsideFolder();
    symlinkSync(join(outside, 'poster.png'), join(site.root, 'public/media/poster.png'));
    const saved = await upload('poster.png', 'image', png);
    expect(saved.body.src).toBe('/media/poster-2.png');
    expect(readdirSync(outside)).toEqual([]);
    rmSync(outside, { recursive: true });
  });
});
