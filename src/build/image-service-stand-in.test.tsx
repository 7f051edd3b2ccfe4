// @vitest-environment jsdom
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileKind } from '../checker/media-files.ts';
import type { PictureFiles } from '../contract/site-config.ts';
import { cropOf, PICTURE_USES, pictureAddress, type PictureUseName } from '../content/pictures.ts';
import { ResponsivePicture } from '../ui/ResponsivePicture.tsx';
import { answerImageService } from './image-service-stand-in.ts';

// A site's originals: one 1000 × 500, its left half red and its right half blue, so the part a frame keeps shows in
// its colour.
let root: string;
const HALVES = { width: 1000, height: 500 };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'image-services-'));
  mkdirSync(join(root, 'media'));
  const blue = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  await sharp({ create: { ...HALVES, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: 500, top: 0 }])
    .jpeg()
    .toFile(join(root, 'media/halves.jpg'));
  writeFileSync(join(root, 'secret.txt'), 'not a picture of the site');
  symlinkSync(join(root, 'media/halves.jpg'), join(root, 'media/linked.jpg'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the page names for a picture in a use: each address with its width and the format its element offers. */
function offered(files: PictureFiles, use: PictureUseName) {
  const body = new DOMParser().parseFromString(
    renderToStaticMarkup(<ResponsivePicture picture={{ alt: 'Halves', files }} use={use} />),
    'text/html',
  ).body;
  return [...body.querySelectorAll('source, img')].flatMap((element) => {
    const type = element.getAttribute('type') ?? 'image/webp';
    return element
      .getAttribute('srcset')!
      .split(', ')
      .map((candidate) => {
        const [address, width] = candidate.split(' ');
        return { address: address!, width: parseInt(width!, 10), type };
      });
  });
}

/** A picture the stand-in answered: its size, kind and colour (red or blue, by which is more of it). */
async function fetched(address: string, accept = '') {
  const answer = await answerImageService(new URL(address, 'http://127.0.0.1'), root, accept);
  expect(answer?.status, address).toBe(200);
  const bytes = answer!.body as Buffer;
  const { dominant } = await sharp(bytes).stats();
  const { width, height } = await sharp(bytes).metadata();
  return {
    width,
    height,
    kind: detectFileKind(bytes.subarray(0, 64)),
    type: answer!.headers['Content-Type'],
    colour: dominant.r > dominant.b ? 'red' : 'blue',
  };
}

const files = (service: 'netlify' | 'cloudflare', x: number): PictureFiles => ({
  service,
  src: '/media/halves.jpg',
  ...HALVES,
  focus: { x, y: 50 },
});

describe("the stand-in for the hosts' image services answers every address the page names", () => {
  it("Cloudflare: each width of each format, cut square around the focus, as the frame's pixels", async () => {
    for (const [x, colour] of [
      [0, 'red'],
      [100, 'blue'],
    ] as const) {
      for (const { address, width, type } of offered(files('cloudflare', x), 'portrait')) {
        expect(address.startsWith('/cdn-cgi/image/')).toBe(true);
        expect(await fetched(address)).toMatchObject({ width, height: width, type, colour });
      }
    }
  });

  it('Netlify: the whole picture, wide enough that the frame the page cuts around the focus has its pixels', async () => {
    const picture = files('netlify', 0);
    for (const { address, width, type } of offered(picture, 'avatar')) {
      expect(address.startsWith('/.netlify/images?')).toBe(true);
      const answered = await fetched(address);
      expect(answered.type).toBe(type);
      // Uncut: the original's shape, and the square the page shows of it is `width` pixels across.
      expect(answered.width! / answered.height!).toBeCloseTo(HALVES.width / HALVES.height, 1);
      expect(cropOf({ width: answered.width!, height: answered.height! }, 1).width).toBe(width);
    }
  });

  it("both: the link preview, a JPEG of the preview's shape at its width", async () => {
    for (const service of ['netlify', 'cloudflare'] as const) {
      const address = pictureAddress(files(service, 100), 'share', PICTURE_USES.share.widths[0]!, 'jpg');
      const preview = await fetched(address);
      expect(preview).toMatchObject({ width: 800, height: 420, kind: 'jpeg', type: 'image/jpeg' });
      // Cloudflare keeps the focus exactly; Netlify cuts to the side nearest it.
      expect(preview.colour).toBe('blue');
    }
  });

  it('chooses the format a browser takes best when the address leaves it open, and says it varies', async () => {
    const avif = await answerImageService(
      new URL('http://127.0.0.1/.netlify/images?url=/media/halves.jpg&w=100'),
      root,
      'image/avif,image/webp,*/*',
    );
    expect([avif?.headers['Content-Type'], avif?.headers.Vary]).toEqual(['image/avif', 'Accept']);
    const jpeg = await answerImageService(new URL('http://127.0.0.1/cdn-cgi/image/width=100/media/halves.jpg'), root);
    expect(jpeg?.headers['Content-Type']).toBe('image/jpeg');
  });

  it('refuses what the services refuse, and reads nothing outside the site or through a link', async () => {
    const status = async (address: string) =>
      (await answerImageService(new URL(address, 'http://127.0.0.1'), root))?.status;
    expect(await status('/.netlify/images?w=100')).toBe(400);
    expect(await status('/.netlify/images?url=https://elsewhere.example/a.jpg')).toBe(403);
    expect(await status('/.netlify/images?url=/media/halves.jpg&w=0')).toBe(400);
    expect(await status('/.netlify/images?url=/media/halves.jpg&fit=stretch')).toBe(400);
    expect(await status('/.netlify/images?url=/media/linked.jpg&w=100')).toBe(404);
    expect(await status('/.netlify/images?url=/media/../../etc/passwd&w=100')).toBe(404);
    // Encoded once more, ".." survives the address's own decoding: a site in media/ still reads nothing above it.
    const inMedia = (address: string) =>
      answerImageService(new URL(address, 'http://127.0.0.1'), join(root, 'media')).then((answer) => answer?.status);
    expect(await inMedia('/.netlify/images?url=/halves.jpg&w=100')).toBe(200);
    expect(await inMedia('/.netlify/images?url=/%252e%252e/media/halves.jpg&w=100')).toBe(404);
    expect(await inMedia('/.netlify/images?url=/%252e%252e%252fmedia%252fhalves.jpg&w=100')).toBe(404);
    expect(await status('/.netlify/images?url=/secret.txt&w=100')).toBe(415);
    // The address's own ".." are taken away before it is read: whatever is left, nothing outside the site answers.
    expect(await status('/cdn-cgi/image/width=100/media/%2e%2e/%2e%2e/etc/passwd')).toBeGreaterThanOrEqual(400);
    expect(await status('/cdn-cgi/image/width=100/media/linked.jpg')).toBe(404);
    expect(await status('/cdn-cgi/image/trim=0;0;0;2000,width=100/media/halves.jpg')).toBe(400);
    expect(await status('/cdn-cgi/image/width=99999/media/halves.jpg')).toBe(400);
    expect(await status('/cdn-cgi/image/media/halves.jpg')).toBe(400);
    expect(await answerImageService(new URL('http://127.0.0.1/media/halves.jpg'), root)).toBeUndefined();
  });
});
