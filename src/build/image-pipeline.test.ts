import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileKind } from '../checker/media-files.ts';
import type { SiteConfig } from '../contract/site-config.ts';
import {
  PICTURE_SHAPES,
  PICTURE_USES,
  pictureAddress,
  sizesNamed,
  type BuiltPicture,
  type PictureFiles,
} from '../content/pictures.ts';
import { fixturePicture, writeFixturePicture } from '../testing/fixture-pictures.ts';
import { copyPictureFiles, leaveOutOriginals, runImagePipeline } from './image-pipeline.ts';

let root: string;
const publicDir = () => join(root, 'public');
const cacheDir = () => join(root, 'cache');

/** A config with only what the pipeline reads: the influencers' photos and the projects' images. */
const configWith = (photos: (BuiltPicture | undefined)[], images: (BuiltPicture | undefined)[] = []) =>
  ({
    influencers: photos.map((photo, index) => ({ id: index + 1, name: `Creator ${index + 1}`, photo })),
    projects: images.map((image, index) => ({ title: `Project ${index + 1}`, image })),
  }) as unknown as SiteConfig;

const photoOf = (config: SiteConfig, index: number) => config.influencers[index]!.photo as BuiltPicture | undefined;
const imageOf = (config: SiteConfig, index: number) => config.projects[index]!.image as BuiltPicture | undefined;

/** The size and format of a file the pipeline wrote for the site. */
async function written(files: ReadonlyMap<string, string>, url: string) {
  const path = files.get(url);
  expect(path, `${url} was written`).toBeDefined();
  const bytes = readFileSync(path!);
  const { width, height } = await sharp(bytes).metadata();
  return { width, height, kind: detectFileKind(bytes.subarray(0, 64)) };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'image-pipeline-'));
  await writeFixturePicture(join(publicDir(), 'media/portrait.jpg'), { width: 900, height: 1200, seed: 3 });
  await writeFixturePicture(join(publicDir(), 'media/logo-work.png'), {
    width: 1600,
    height: 1000,
    format: 'png',
    transparent: true,
  });
  await writeFixturePicture(join(publicDir(), 'media/stage.webp'), { width: 1920, height: 1080, format: 'webp' });
  // Left half red, right half blue: where the square crop is taken shows in its colour.
  const halves = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: await sharp({ create: { width: 500, height: 500, channels: 3, background: '#0000ff' } })
          .png()
          .toBuffer(),
        left: 500,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  writeFileSync(join(publicDir(), 'media/halves.jpg'), halves);
  // Taken sideways: stored 1200 wide and 600 high, with EXIF saying to turn it upright (600 wide, 1200 high).
  const sideways = await sharp(await fixturePicture({ width: 1200, height: 600, seed: 9 }))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  writeFileSync(join(publicDir(), 'media/sideways.jpg'), sideways);
  writeFileSync(join(publicDir(), 'media/not-a-picture.jpg'), 'hello');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the image pipeline', () => {
  it("writes a creator's photo once for the card and the profile, as WebP, cut square, and one link preview", async () => {
    const result = await runImagePipeline(configWith([{ src: '/media/portrait.jpg', alt: 'A creator' }]), {
      publicDir: publicDir(),
      cacheDir: cacheDir(),
    });
    const files = photoOf(result.config, 0)!.files!;
    for (const use of ['avatar', 'portrait'] as const) {
      for (const width of PICTURE_USES[use].widths) {
        expect(await written(result.files, pictureAddress(files, use, width, 'webp'))).toEqual({
          width,
          height: width,
          kind: 'webp',
        });
      }
    }
    // The link preview: one JPEG, at its width (the photo is 900 wide), in the preview's shape.
    const [shareWidth] = PICTURE_USES.share.widths;
    expect(await written(result.files, pictureAddress(files, 'share', shareWidth!, 'jpg'))).toEqual({
      width: shareWidth,
      height: Math.round(shareWidth! / PICTURE_USES.share.aspect),
      kind: 'jpeg',
    });
    // Three widths and the preview: four files, in a folder named by the key's first characters.
    expect(result.files.size).toBe(PICTURE_SHAPES.square.widths.length + 1);
    expect(result.files.size).toBeLessThanOrEqual(8);
    const key = (files as { key: string }).key;
    for (const path of result.files.keys())
      expect(path.startsWith(`/assets/pictures/${key.slice(0, 2)}/${key}-`)).toBe(true);
  });

  it("writes a project's image at every width of its card in 16:9, keeping its transparency", async () => {
    const result = await runImagePipeline(
      configWith(
        [],
        [
          { src: '/media/logo-work.png', alt: 'A logo' },
          { src: '/media/stage.webp', alt: 'A stage' },
        ],
      ),
      { publicDir: publicDir(), cacheDir: cacheDir() },
    );
    const transparent = imageOf(result.config, 0)!.files!;
    const opaque = imageOf(result.config, 1)!.files!;
    for (const width of PICTURE_USES.cover.widths) {
      const height = Math.round((width * 9) / 16);
      const path = result.files.get(pictureAddress(transparent, 'cover', width, 'webp'))!;
      const { hasAlpha, ...size } = await sharp(readFileSync(path)).metadata();
      expect({ width: size.width, height: size.height, hasAlpha }).toEqual({ width, height, hasAlpha: true });
      expect(await written(result.files, pictureAddress(opaque, 'cover', width, 'webp'))).toMatchObject({
        width,
        height,
      });
    }
  });

  it('keeps the focus in view in every crop, and turns a sideways photo upright first', async () => {
    const config = configWith([
      { src: '/media/halves.jpg', alt: 'Red left', focus: { x: 0, y: 50 } },
      { src: '/media/halves.jpg', alt: 'Blue right', focus: { x: 100, y: 50 } },
      { src: '/media/sideways.jpg', alt: 'Upright' },
    ]);
    const result = await runImagePipeline(config, { publicDir: publicDir(), cacheDir: cacheDir() });
    const colourOf = async (files: PictureFiles) => {
      const { dominant } = await sharp(
        readFileSync(result.files.get(pictureAddress(files, 'portrait', 480, 'webp'))!),
      ).stats();
      return dominant.r > dominant.b ? 'red' : 'blue';
    };
    const [left, right, sideways] = [0, 1, 2].map((index) => photoOf(result.config, index)!.files!);
    expect(left).not.toEqual(right);
    expect(await colourOf(left!)).toBe('red');
    expect(await colourOf(right!)).toBe('blue');
    // Upright, the photo is 600 wide: its link preview is as wide as that gives, not the 800 it would be sideways.
    expect(await written(result.files, pictureAddress(sideways!, 'share', 800, 'jpg'))).toMatchObject({
      width: 600,
      height: 315,
    });
  });

  it('encodes a picture once: a rebuild and a second entry with the same picture reuse what the cache holds', async () => {
    const photo = { src: '/media/portrait.jpg', alt: 'A creator' };
    const dir = join(root, 'fresh-cache');
    const first = await runImagePipeline(configWith([photo, { ...photo, alt: 'The same photo' }]), {
      publicDir: publicDir(),
      cacheDir: dir,
    });
    expect([first.encoded, first.reused]).toEqual([1, 0]);
    expect(photoOf(first.config, 0)!.files).toEqual(photoOf(first.config, 1)!.files);
    const again = await runImagePipeline(configWith([photo]), { publicDir: publicDir(), cacheDir: dir });
    expect([again.encoded, again.reused]).toEqual([0, 1]);
    expect(again.files).toEqual(new Map([...first.files]));
    // A record that names a file elsewhere is not believed: the picture is made again.
    const key = (photoOf(again.config, 0)!.files as { key: string }).key;
    writeFileSync(join(dir, key, 'done.json'), JSON.stringify({ names: ['../../../etc/passwd'] }));
    const remade = await runImagePipeline(configWith([photo]), { publicDir: publicDir(), cacheDir: dir });
    expect([remade.encoded, remade.reused]).toEqual([1, 0]);
    expect([...remade.files.values()].every((path) => path.startsWith(join(dir, key)))).toBe(true);
    // A new focus is a new picture.
    const moved = await runImagePipeline(configWith([{ ...photo, focus: { x: 50, y: 20 } }]), {
      publicDir: publicDir(),
      cacheDir: dir,
    });
    expect([moved.encoded, moved.reused]).toEqual([1, 0]);
  });

  it('leaves a picture it cannot read without files, and every entry without a picture as it was', async () => {
    const config = configWith([{ src: '/media/not-a-picture.jpg', alt: 'Broken' }, undefined]);
    const result = await runImagePipeline(config, { publicDir: publicDir(), cacheDir: cacheDir() });
    expect(photoOf(result.config, 0)).toEqual({ src: '/media/not-a-picture.jpg', alt: 'Broken' });
    expect(result.config.influencers[1]).toBe(config.influencers[1]);
    expect(result.files.size).toBe(0);
  });

  it('copies the files into the built site under /assets/pictures/', async () => {
    const result = await runImagePipeline(configWith([{ src: '/media/portrait.jpg', alt: 'A creator' }]), {
      publicDir: publicDir(),
      cacheDir: cacheDir(),
    });
    const out = join(root, 'dist');
    copyPictureFiles(result.files, out);
    for (const url of result.files.keys()) expect(existsSync(join(out, url))).toBe(true);
  });

  it('names the originals only the pipeline reads, and takes them out of a built site, never through a link', async () => {
    const config = {
      ...configWith(
        [
          { src: '/media/portrait.jpg', alt: 'A creator' },
          { src: '/media/not-a-picture.jpg', alt: 'Broken' },
        ],
        [{ src: '/media/stage.webp', alt: 'A stage' }],
      ),
      // The stage is the site's link preview too: the site still serves it.
      site: { shareImage: '/media/stage.webp' },
    } as unknown as SiteConfig;
    const result = await runImagePipeline(config, { publicDir: publicDir(), cacheDir: cacheDir() });
    expect(result.pipelineOnly).toEqual(['/media/portrait.jpg']);
    const out = join(root, 'built');
    mkdirSync(join(out, 'media/creators'), { recursive: true });
    writeFileSync(join(out, 'media/creators/portrait.jpg'), 'copied');
    writeFileSync(join(out, 'media/stage.webp'), 'copied');
    const outside = join(root, 'outside.jpg');
    writeFileSync(outside, 'not the site');
    symlinkSync(outside, join(out, 'media/linked.jpg'));
    const originals = result.pipelineOnly.map((src) => src.replace('/media/', '/media/creators/'));
    expect(leaveOutOriginals([...originals, '/media/linked.jpg', '/../outside.jpg'], out)).toBe(1);
    expect(existsSync(join(out, 'media/creators'))).toBe(false);
    expect(existsSync(join(out, 'media'))).toBe(true);
    expect(existsSync(join(out, 'media/stage.webp'))).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('not the site');
  });

  it("with a host's image service, writes nothing and names each original with its upright size and focus", async () => {
    const photo = { src: '/media/sideways.jpg', alt: 'Upright', focus: { x: 40, y: 30 } };
    const result = await runImagePipeline(configWith([photo, { src: '/media/not-a-picture.jpg', alt: 'Broken' }]), {
      publicDir: publicDir(),
      cacheDir: join(root, 'unused-cache'),
      service: 'cloudflare',
    });
    expect(result.files.size).toBe(0);
    expect([result.encoded, result.pipelineOnly]).toEqual([0, []]);
    expect(photoOf(result.config, 0)!.files).toEqual({
      service: 'cloudflare',
      src: '/media/sideways.jpg',
      width: 600,
      height: 1200,
      focus: { x: 40, y: 30 },
    });
    expect(photoOf(result.config, 1)!.files).toBeUndefined();
  });

  it("counts the different sizes a site's pages name, as a host's image service counts them", () => {
    const photo = { src: '/media/portrait.jpg', alt: 'A creator' };
    const config = configWith(
      [photo, { ...photo, alt: 'The same photo again' }, { ...photo, focus: { x: 10, y: 10 } }, undefined],
      [{ src: '/media/stage.webp', alt: 'A stage' }],
    );
    // Two distinct photos (the focus makes the second), each at every square width and one link preview, and one
    // project's image at every wide width.
    const perPhoto = PICTURE_SHAPES.square.widths.length + PICTURE_SHAPES.share.widths.length;
    expect(sizesNamed(config)).toBe(2 * perPhoto + PICTURE_SHAPES.wide.widths.length);
  });

  it("says once, early, when the pace of encoding would outlast a host's build limit", async () => {
    const photos = ['portrait.jpg', 'halves.jpg', 'sideways.jpg', 'stage.webp'].map((name) => ({
      src: `/media/${name}`,
      alt: name,
    }));
    const warnings: [number, number][] = [];
    await runImagePipeline(configWith(photos), {
      publicDir: publicDir(),
      cacheDir: join(root, 'paced-cache'),
      concurrency: 1,
      budget: { ms: 1, over: (projectedMs, left) => warnings.push([projectedMs, left]) },
    });
    // After two pictures, two were left; said once.
    expect(warnings.map(([, left]) => left)).toEqual([2]);
    expect(warnings[0]![0]).toBeGreaterThan(1);
    const roomy: unknown[] = [];
    await runImagePipeline(configWith(photos), {
      publicDir: publicDir(),
      cacheDir: join(root, 'roomy-cache'),
      concurrency: 1,
      budget: { ms: 3_600_000, over: () => roomy.push(true) },
    });
    expect(roomy).toEqual([]);
  });
});
