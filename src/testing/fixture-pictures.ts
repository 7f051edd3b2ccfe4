/**
 * Pictures for tests and benches, drawn rather than kept as binary files: a soft gradient with a few discs, different
 * for every seed, so that each is a picture of its own (as 10,000 creators' photos are) and encodes like a photo
 * rather than a flat colour.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';

export interface FixturePicture {
  readonly width: number;
  readonly height: number;
  readonly seed?: number;
  readonly format?: 'jpeg' | 'png' | 'webp';
  /** A see-through background (PNG or WebP only). */
  readonly transparent?: boolean;
}

/** The bytes of a drawn picture. */
export async function fixturePicture({
  width,
  height,
  seed = 1,
  format = 'jpeg',
  transparent = false,
}: FixturePicture): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const discs = Array.from({ length: 5 }, (_, index) => {
    const n = (seed * 7919 + index * 104729) % 9973;
    return `<circle cx="${(n % 100) / 100}" cy="${((n >> 3) % 100) / 100}" r="${0.08 + (n % 17) / 100}" fill="hsl(${(hue + index * 40) % 360} 70% ${40 + (n % 30)}%)" opacity="0.8"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1 1" preserveAspectRatio="none">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360} 50% 30%)"/></linearGradient></defs>
    ${transparent ? '' : '<rect width="1" height="1" fill="url(#g)"/>'}${discs}</svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'webp'
      ? image.webp().toBuffer()
      : image.jpeg({ quality: 85 }).toBuffer();
}

/** Writes a drawn picture to a file, making its folder. */
export async function writeFixturePicture(path: string, picture: FixturePicture): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, await fixturePicture(picture));
}
