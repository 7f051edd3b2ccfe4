/**
 * The build's image pipeline: every photo and image config names (pictures.ts says which fields, and where each is
 * shown) is cut around its focus to each use's frame and written once per width, as AVIF, WebP and a JPEG (PNG for a
 * picture with transparency) fallback. What it writes is kept in a cache folder by a hash of the original's bytes and
 * its focus, so a rebuild encodes only new or changed pictures; the build copies the files of this site's pictures
 * into the site. Node only: the build runs it, never a browser.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { readPlainFile } from '../checker/plain-files.ts';
import type { SiteConfig } from '../contract/site-config.ts';
import {
  cropOf,
  heightAt,
  PICTURE_FIELDS,
  PICTURE_FORMATS,
  PICTURE_KINDS,
  PICTURE_USES,
  pictureFileUrl,
  PICTURES_FOLDER,
  type AuthorPicture,
  type BuiltPicture,
  type PictureFiles,
  type PictureKindName,
} from '../content/pictures.ts';

/** Bumped when what the pipeline writes for the same original changes (a new width, other quality): all re-encode. */
const PIPELINE_VERSION = 2;

/**
 * How each format is encoded: quality for photos on the web, at speeds a build of thousands of pictures can afford.
 * AVIF at effort 1 encodes about three times as fast as at 2 for files about a tenth larger; the fallback JPEG, which
 * almost no browser takes, skips mozjpeg's slower search, which link previews (`share`) keep.
 */
const ENCODING = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 75, effort: 4 },
  jpg: { quality: 78 },
  share: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
} as const;

export interface PipelineOptions {
  /** The site's public/ folder, where the originals are. */
  readonly publicDir: string;
  /** Where encoded pictures are kept between builds. */
  readonly cacheDir: string;
  /** How many pictures are encoded at once; each uses libvips' own threads too. */
  readonly concurrency?: number;
}

export interface PipelineResult {
  /** The config with each picture's files named (`files`), for the renderer. */
  readonly config: SiteConfig;
  /** Every file the site serves, by its path under the site (/assets/pictures/…), and where the cache holds it. */
  readonly files: ReadonlyMap<string, string>;
  /** How many distinct pictures were encoded now, and how many came from the cache. */
  readonly encoded: number;
  readonly reused: number;
}

/** The cache folder a build uses: SITE_PICTURE_CACHE, or node_modules/.cache/site-pictures, which hosts keep. */
export function pictureCacheDir(projectRoot: string): string {
  return process.env.SITE_PICTURE_CACHE || join(projectRoot, 'node_modules', '.cache', 'site-pictures');
}

interface Job {
  readonly picture: AuthorPicture;
  readonly kind: PictureKindName;
  readonly key: string;
}

/** The key every file of a picture starts with: its original's bytes, its focus, its kind and the pipeline's version. */
function keyOf(bytes: Buffer, picture: AuthorPicture, kind: PictureKindName): string {
  return createHash('sha256')
    .update(JSON.stringify([PIPELINE_VERSION, kind, picture.focus ?? null]))
    .update(bytes)
    .digest('hex')
    .slice(0, 16);
}

/**
 * Makes (or finds in the cache) every file of every picture the config names, and returns the config with each
 * picture's files named. A picture that cannot be read is left without files: the renderer then shows the original,
 * and the checker has already told the author why.
 */
export async function runImagePipeline(config: SiteConfig, options: PipelineOptions): Promise<PipelineResult> {
  mkdirSync(options.cacheDir, { recursive: true });
  // Each distinct picture (its original, focus and kind) once, however many entries name it. An original is read to
  // hash it and let go: only the pictures not in the cache are read again, to encode them.
  const keys = new Map<string, string | undefined>();
  const jobs = new Map<string, Job>();
  const identity = (picture: AuthorPicture, kind: PictureKindName) =>
    JSON.stringify([picture.src, picture.focus ?? null, kind]);
  for (const { collection, field, kind } of PICTURE_FIELDS) {
    for (const entry of entriesOf(config, collection)) {
      const picture = entry[field] as AuthorPicture | undefined;
      const id = picture && identity(picture, kind);
      if (!picture || !id || keys.has(id)) continue;
      const bytes = readOriginal(options.publicDir, picture.src);
      const key = bytes && keyOf(bytes, picture, kind);
      keys.set(id, key);
      if (key && !jobs.has(key)) jobs.set(key, { picture, kind, key });
    }
  }

  const made = new Map<string, CacheRecord>();
  let encoded = 0;
  const pending = [...jobs.values()];
  const worker = async () => {
    for (let job = pending.shift(); job; job = pending.shift()) {
      const cached = cachedFiles(options.cacheDir, job.key);
      if (cached) {
        made.set(job.key, cached);
        continue;
      }
      const bytes = readOriginal(options.publicDir, job.picture.src);
      const record = bytes && (await encodePicture(bytes, job, options.cacheDir).catch(() => undefined));
      // Not a picture libvips can read after all: left without files, shown as the original, as in the preview.
      if (!record) continue;
      made.set(job.key, record);
      encoded++;
    }
  };
  const concurrency = options.concurrency ?? Math.max(1, Math.min(4, availableParallelism()));
  sharp.concurrency(Math.max(1, Math.ceil(availableParallelism() / concurrency)));
  await Promise.all(Array.from({ length: concurrency }, worker));

  const files = new Map<string, string>();
  for (const [key, record] of made)
    for (const name of record.names) files.set(`${PICTURES_FOLDER}/${name}`, join(options.cacheDir, key, name));
  const withFiles = { ...config } as Record<string, unknown>;
  for (const { collection, field, kind } of PICTURE_FIELDS) {
    withFiles[collection] = entriesOf(config, collection).map((entry) => {
      const picture = entry[field] as AuthorPicture | undefined;
      const key = picture && keys.get(identity(picture, kind));
      const record = key && made.get(key);
      if (!picture || !key || !record) return entry;
      const files: PictureFiles = { key, fallback: record.fallback };
      return { ...entry, [field]: { ...picture, files } satisfies BuiltPicture };
    });
  }
  return { config: withFiles as unknown as SiteConfig, files, encoded, reused: made.size - encoded };
}

/** An original's bytes, from public/ and never through a link; undefined when it cannot be read. */
function readOriginal(publicDir: string, src: string): Buffer | undefined {
  try {
    return readPlainFile(join(publicDir, ...src.split('/').filter(Boolean)));
  } catch {
    return undefined;
  }
}

/** A collection's entries, field by field. */
const entriesOf = (config: SiteConfig, collection: (typeof PICTURE_FIELDS)[number]['collection']) =>
  config[collection] as unknown as readonly Record<string, unknown>[];

/** The name of a file the pipeline writes: <key>-<use>[-<width>].<format>. */
const FILE_NAME = /^[0-9a-f]{16}-[a-z]+(-[0-9]+)?\.(avif|webp|jpg|png)$/;

/** What the cache holds of one picture, written last so a build stopped half way leaves no half-made picture. */
interface CacheRecord {
  readonly fallback: PictureFiles['fallback'];
  readonly names: readonly string[];
}

function cachedFiles(cacheDir: string, key: string): CacheRecord | undefined {
  const record = join(cacheDir, key, 'done.json');
  if (!existsSync(record)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(record, 'utf8')) as CacheRecord;
    // Only names the pipeline writes, each beside the record: a record edited by hand names nothing elsewhere.
    const named = parsed.names.every(
      (name) => FILE_NAME.test(name) && name.startsWith(`${key}-`) && existsSync(join(cacheDir, key, name)),
    );
    return named ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Encodes one picture's every use, width and format into the cache. */
async function encodePicture(bytes: Buffer, job: Job, cacheDir: string): Promise<CacheRecord> {
  // Upright first: a phone's photo taken sideways says so in its EXIF, and every crop is of the upright picture.
  const upright = await sharp(bytes, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const size = { width, height };
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  const opaque = channels !== 4 || ((await pixels().stats()).channels[3]?.min ?? 255) === 255;
  const fallback: PictureFiles['fallback'] = opaque ? 'jpg' : 'png';
  const files: PictureFiles = { key: job.key, fallback };
  const folder = join(cacheDir, job.key);
  mkdirSync(folder, { recursive: true });
  const names: string[] = [];
  for (const name of PICTURE_KINDS[job.kind].uses) {
    const use = PICTURE_USES[name];
    const crop = cropOf(size, use.aspect, job.picture.focus);
    const cut = pixels().extract(crop);
    const widths = use.single ? [Math.min(use.widths[0]!, crop.width)] : use.widths;
    for (const width of widths) {
      const resized = cut.clone().resize(width, heightAt(use, width), { fit: 'fill' });
      const outputs = use.single
        ? [{ extension: 'jpg' as const, width: undefined }]
        : [...PICTURE_FORMATS.map(({ extension }) => ({ extension, width })), { extension: fallback, width }];
      for (const output of outputs) {
        const fileName = pictureFileUrl(files, name, output.width, output.extension).slice(PICTURES_FOLDER.length + 1);
        const encoder = resized.clone();
        const data = await (
          output.extension === 'avif'
            ? encoder.avif(ENCODING.avif)
            : output.extension === 'webp'
              ? encoder.webp(ENCODING.webp)
              : output.extension === 'png'
                ? encoder.png(ENCODING.png)
                : encoder.flatten({ background: '#ffffff' }).jpeg(use.single ? ENCODING.share : ENCODING.jpg)
        ).toBuffer();
        writeFileSync(join(folder, fileName), data);
        names.push(fileName);
      }
    }
  }
  const record: CacheRecord = { fallback, names };
  writeFileSync(join(folder, 'done.json.partial'), JSON.stringify(record));
  renameSync(join(folder, 'done.json.partial'), join(folder, 'done.json'));
  return record;
}

/** Copies the pipeline's files into a built site, under its folder (dist/assets/pictures/…). */
export function copyPictureFiles(files: ReadonlyMap<string, string>, outDir: string): void {
  const folder = join(outDir, ...PICTURES_FOLDER.split('/').filter(Boolean));
  mkdirSync(folder, { recursive: true });
  for (const [path, from] of files) copyFileSync(from, join(outDir, ...path.split('/').filter(Boolean)));
}
