import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileKind } from '../checker/media-files.ts';
import type { SiteConfig } from '../contract/site-config.ts';
import { PICTURE_USES, pictureFileUrl, type BuiltPicture, type PictureFiles } from '../content/pictures.ts';
import { fixturePicture, writeFixturePicture } from '../testing/fixture-pictures.ts';
import { copyPictureFiles, runImagePipeline } from './image-pipeline.ts';

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
  // Taken sideways: stored 1200 wide and 800 high, with EXIF saying to turn it upright (800 wide, 1200 high).
  const sideways = await sharp(await fixturePicture({ width: 1200, height: 800, seed: 9 }))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  writeFileSync(join(publicDir(), 'media/sideways.jpg'), sideways);
  writeFileSync(join(publicDir(), 'media/not-a-picture.jpg'), 'hello');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the image pipeline', () => {
  it("writes a creator's photo at every width of the card and the profile, as AVIF, WebP and JPEG, cut square", async () => {
    const result = await runImagePipeline(configWith([{ src: '/media/portrait.jpg', alt: 'A creator' }]), {
      publicDir: publicDir(),
      cacheDir: cacheDir(),
    });
    const files = photoOf(result.config, 0)!.files!;
    expect(files.fallback).toBe('jpg');
    for (const use of ['avatar', 'portrait'] as const) {
      for (const width of PICTURE_USES[use].widths) {
        for (const [extension, kind] of [
          ['avif', 'avif'],
          ['webp', 'webp'],
          ['jpg', 'jpeg'],
        ] as const) {
          expect(await written(result.files, pictureFileUrl(files, use, width, extension))).toEqual({
            width,
            height: width,
            kind,
          });
        }
      }
    }
    // The link preview: one JPEG, as wide as the photo gives (900 of 1200), in the preview's shape.
    expect(await written(result.files, pictureFileUrl(files, 'share', undefined, 'jpg'))).toEqual({
      width: 900,
      height: Math.round(900 / PICTURE_USES.share.aspect),
      kind: 'jpeg',
    });
    expect(result.files.size).toBe(2 * 3 * 3 + 1);
  });

  it("writes a project's image at every width of its card in 16:9, with a PNG fallback when it has transparency", async () => {
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
    expect([transparent.fallback, opaque.fallback]).toEqual(['png', 'jpg']);
    for (const width of PICTURE_USES.cover.widths) {
      const height = Math.round((width * 9) / 16);
      expect(await written(result.files, pictureFileUrl(transparent, 'cover', width, 'png'))).toEqual({
        width,
        height,
        kind: 'png',
      });
      expect(await written(result.files, pictureFileUrl(opaque, 'cover', width, 'avif'))).toMatchObject({
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
        readFileSync(result.files.get(pictureFileUrl(files, 'portrait', 480, 'jpg'))!),
      ).stats();
      return dominant.r > dominant.b ? 'red' : 'blue';
    };
    const [left, right, sideways] = [0, 1, 2].map((index) => photoOf(result.config, index)!.files!);
    expect(left!.key).not.toBe(right!.key);
    expect(await colourOf(left!)).toBe('red');
    expect(await colourOf(right!)).toBe('blue');
    // Upright, the photo is 800 wide: its link preview is 800 wide, not 1200.
    expect((await written(result.files, pictureFileUrl(sideways!, 'share', undefined, 'jpg'))).width).toBe(800);
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
    const key = photoOf(again.config, 0)!.files!.key;
    writeFileSync(join(dir, key, 'done.json'), JSON.stringify({ fallback: 'jpg', names: ['../../../etc/passwd'] }));
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
});
