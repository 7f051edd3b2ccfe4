/**
 * Pictures for tests and benches, made rather than kept as binary files, different for every seed, so that each is a
 * picture of its own (as 10,000 creators' photos are). A photo (the default) compresses as a photograph does: shapes
 * and light (a gradient and a few discs) under texture at three scales (blotches, detail and a camera's grain), from
 * a seeded generator, so the same seed gives the same bytes. `drawn: true` leaves the texture out: a flat drawing,
 * which compresses far better than any photograph and would flatter the budgets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { seededRandom } from './seeded-random.ts';

export interface FixturePicture {
  readonly width: number;
  readonly height: number;
  readonly seed?: number;
  readonly format?: 'jpeg' | 'png' | 'webp';
  /** A see-through background (PNG or WebP only). */
  readonly transparent?: boolean;
  /** A flat drawing, without a photograph's texture. */
  readonly drawn?: boolean;
}

/** Texture at one scale: grey noise around the middle, `across` cells wide, smoothed up to the picture's size. */
async function texture(width: number, height: number, across: number, strength: number, random: () => number) {
  const cellsWide = Math.max(1, Math.min(width, across));
  const cellsHigh = Math.max(1, Math.round((cellsWide * height) / width));
  const cells = Buffer.alloc(cellsWide * cellsHigh * 3);
  for (let index = 0; index < cells.length; index += 3) {
    // About normal around the middle grey: the mean of three draws.
    const shade = 128 + ((random() + random() + random()) / 3 - 0.5) * 2 * strength;
    const tint = () => Math.max(0, Math.min(255, Math.round(shade + (random() - 0.5) * strength * 0.3)));
    cells[index] = tint();
    cells[index + 1] = tint();
    cells[index + 2] = tint();
  }
  return sharp(cells, { raw: { width: cellsWide, height: cellsHigh, channels: 3 } })
    .resize(width, height, { kernel: cellsWide === width ? 'nearest' : 'cubic', fit: 'fill' })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * The texture of photos of a size, made once and laid over each (its light, discs and colours are its own): light and
 * blotches, detail such as hair and cloth, and a camera's grain. Making it is most of a photo's cost.
 */
const textures = new Map<string, Promise<OverlayOptions[]>>();
function texturesOf(width: number, height: number): Promise<OverlayOptions[]> {
  const key = `${width}x${height}`;
  let made = textures.get(key);
  if (!made) {
    const random = seededRandom(width * 7919 + height);
    made = (async () => [
      { input: await texture(width, height, 24, 90, random), blend: 'overlay' as const },
      { input: await texture(width, height, Math.round(width / 6), 70, random), blend: 'soft-light' as const },
      { input: await texture(width, height, width, 36, random), blend: 'overlay' as const },
    ])();
    textures.set(key, made);
  }
  return made;
}

/** The bytes of a picture. */
export async function fixturePicture({
  width,
  height,
  seed = 1,
  format = 'jpeg',
  transparent = false,
  drawn = false,
}: FixturePicture): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const discs = Array.from({ length: 5 }, (_, index) => {
    const n = (seed * 7919 + index * 104729) % 9973;
    return `<circle cx="${(n % 100) / 100}" cy="${((n >> 3) % 100) / 100}" r="${0.08 + (n % 17) / 100}" fill="hsl(${(hue + index * 40) % 360} 70% ${40 + (n % 30)}%)" opacity="0.8"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1 1" preserveAspectRatio="none">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360} 50% 30%)"/></linearGradient></defs>
    ${transparent ? '' : '<rect width="1" height="1" fill="url(#g)"/>'}${discs}</svg>`;
  let image = sharp(Buffer.from(svg));
  if (!drawn && !transparent)
    image = sharp(
      await image
        .composite(await texturesOf(width, height))
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
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
