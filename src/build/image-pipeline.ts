/**
 * The build's image pipeline: every photo and image config names (pictures.ts says which fields, and where each is
 * shown) is cut around its focus to each shape it is shown in and written once per width, as WebP (a link preview as
 * one JPEG). What it writes is kept in a cache folder by a hash of the original's bytes and its focus, so a
 * rebuild encodes only new or changed pictures; the build copies the files of this site's pictures into the site.
 * Where the host's image service makes the sizes instead (config/hosting.json), it writes nothing and only reads each
 * original's size. Node only: the build runs it, never a browser.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { readPlainFile } from '../checker/plain-files.ts';
import type { SiteConfig } from '../contract/site-config.ts';
import type { ImageServiceName } from '../content/image-services.ts';
import {
  cropOf,
  heightAt,
  PICTURE_FIELDS,
  PICTURE_FORMATS,
  PICTURE_KINDS,
  PICTURE_SHAPES,
  PICTURE_USES,
  pictureFileName,
  PICTURES_FOLDER,
  qualityOf,
  SHARE_FORMAT,
  type AuthorPicture,
  type BuiltPicture,
  type PictureExtension,
  type PictureFiles,
  type PictureKindName,
  type PictureShapeName,
} from '../content/pictures.ts';

/** Bumped when what the pipeline writes for the same original changes (a new width, other quality): all re-encode. */
const PIPELINE_VERSION = 4;

/**
 * How each format is encoded, at the quality pictures.ts gives it: link previews take mozjpeg's slower search, once
 * per photo, for files about a tenth smaller.
 */
const ENCODING = {
  webp: { effort: 4 },
  jpg: { mozjpeg: true },
} as const satisfies Record<PictureExtension, object>;

export interface PipelineOptions {
  /** The site's public/ folder, where the originals are. */
  readonly publicDir: string;
  /** Where encoded pictures are kept between builds. */
  readonly cacheDir: string;
  /** How many pictures are encoded at once; each uses libvips' own threads too. */
  readonly concurrency?: number;
  /** The host's image service that makes the sizes as visitors ask, instead of the pipeline; none by default. */
  readonly service?: ImageServiceName;
  /**
   * How long encoding may take (a host's build limit): `over` is called once, early, when the pace so far says the
   * pictures still to make would take longer.
   */
  readonly budget?: { readonly ms: number; readonly over: (projectedMs: number, left: number) => void };
}

export interface PipelineResult {
  /** The config with each picture's files named (`files`), for the renderer. */
  readonly config: SiteConfig;
  /** Every file the site serves, by its path under the site (/assets/pictures/…), and where the cache holds it. */
  readonly files: ReadonlyMap<string, string>;
  /**
   * The originals (their paths under the site) that only the pipeline reads: every picture made of them has its
   * files, and nothing else in config names them. A build may leave them out of the site.
   */
  readonly pipelineOnly: readonly string[];
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

  const made = new Map<string, CacheRecord | PictureFiles>();
  let encoded = 0;
  const pending = [...jobs.values()];
  const started = performance.now();
  let warned = false;
  const concurrency = options.concurrency ?? Math.max(1, Math.min(4, availableParallelism()));
  /** After a few encodes, the time the rest will take at the pace so far (a cached picture costs next to nothing). */
  const checkPace = () => {
    if (!options.budget || warned || encoded < concurrency * 2) return;
    const elapsed = performance.now() - started;
    const projected = elapsed + (elapsed / encoded) * pending.length;
    if (projected <= options.budget.ms) return;
    warned = true;
    options.budget.over(projected, pending.length);
  };
  const worker = async () => {
    for (let job = pending.shift(); job; job = pending.shift()) {
      if (options.service) {
        // The host makes every size: the build needs only the original's upright size, read from its header.
        const size = await uprightSize(readOriginal(options.publicDir, job.picture.src));
        if (size)
          made.set(job.key, { service: options.service, src: job.picture.src, ...size, focus: job.picture.focus });
        continue;
      }
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
      checkPace();
    }
  };
  sharp.concurrency(Math.max(1, Math.ceil(availableParallelism() / concurrency)));
  await Promise.all(Array.from({ length: concurrency }, worker));

  const files = new Map<string, string>();
  for (const [key, record] of made) {
    if (!('names' in record)) continue;
    for (const name of record.names)
      files.set(`${PICTURES_FOLDER}/${key.slice(0, 2)}/${name}`, join(options.cacheDir, key, name));
  }
  const withFiles = { ...config } as Record<string, unknown>;
  const pictured = new Set<string>();
  const unpictured = new Set<string>();
  for (const { collection, field, kind } of PICTURE_FIELDS) {
    withFiles[collection] = entriesOf(config, collection).map((entry) => {
      const picture = entry[field] as AuthorPicture | undefined;
      if (!picture) return entry;
      const key = keys.get(identity(picture, kind));
      const record = key && made.get(key);
      if (!key || !record) {
        unpictured.add(picture.src);
        return entry;
      }
      pictured.add(picture.src);
      const files: PictureFiles = 'names' in record ? { key } : record;
      return { ...entry, [field]: { ...picture, files } satisfies BuiltPicture };
    });
  }
  const namedElsewhere = pathsNamedOutsidePictures(config);
  const pipelineOnly = options.service
    ? []
    : [...pictured].filter((src) => !unpictured.has(src) && !namedElsewhere.has(src));
  return {
    config: withFiles as unknown as SiteConfig,
    files,
    pipelineOnly,
    encoded,
    reused: options.service ? 0 : made.size - encoded,
  };
}

/** An original's size as it shows, turned upright as its EXIF says; undefined when it is not a picture. */
async function uprightSize(bytes: Buffer | undefined): Promise<{ width: number; height: number } | undefined> {
  if (!bytes) return undefined;
  try {
    const { autoOrient } = await sharp(bytes).metadata();
    return autoOrient.width && autoOrient.height ? { width: autoOrient.width, height: autoOrient.height } : undefined;
  } catch {
    return undefined;
  }
}

/** Every path config names outside the picture fields (the site's share image, a section's poster…). */
function pathsNamedOutsidePictures(config: SiteConfig): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith('/')) found.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  const pictureFields = new Map<string, string>(PICTURE_FIELDS.map(({ collection, field }) => [collection, field]));
  for (const [name, value] of Object.entries(config)) {
    const field = pictureFields.get(name);
    if (!field) visit(value);
    else
      for (const entry of value as Record<string, unknown>[])
        for (const [key, inner] of Object.entries(entry)) if (key !== field) visit(inner);
  }
  return found;
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

/** The name of a file the pipeline writes (pictures.ts, pictureFileName). */
const FILE_NAME = /^[0-9a-f]{16}-[a-z]+(-[0-9]+)?\.(webp|jpg)$/;

/** What the cache holds of one picture, written last so a build stopped half way leaves no half-made picture. */
interface CacheRecord {
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

/** Encodes one picture's every shape, width and format into the cache. */
async function encodePicture(bytes: Buffer, job: Job, cacheDir: string): Promise<CacheRecord> {
  // Upright first: a phone's photo taken sideways says so in its EXIF, and every crop is of the upright picture.
  const upright = await sharp(bytes, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const size = { width, height };
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  const folder = join(cacheDir, job.key);
  mkdirSync(folder, { recursive: true });
  const names: string[] = [];
  // The uses of one shape (a card's avatar and a profile's portrait) share its files.
  const shapes = new Set<PictureShapeName>(PICTURE_KINDS[job.kind].uses.map((use) => PICTURE_USES[use].shape));
  for (const shape of shapes) {
    const frame = PICTURE_SHAPES[shape];
    const crop = cropOf(size, frame.aspect, job.picture.focus);
    const cut = pixels().extract(crop);
    const widths = frame.single ? [Math.min(frame.widths[0]!, crop.width)] : frame.widths;
    const extensions: PictureExtension[] = frame.single
      ? [SHARE_FORMAT.extension]
      : PICTURE_FORMATS.map(({ extension }) => extension);
    for (const width of widths) {
      const resized = cut.clone().resize(width, heightAt(frame, width), { fit: 'fill' });
      for (const extension of extensions) {
        const fileName = pictureFileName(job.key, shape, frame.single ? undefined : width, extension);
        const quality = qualityOf(extension);
        const encoder = resized.clone();
        const data = await (
          extension === 'webp'
            ? encoder.webp({ ...ENCODING.webp, quality })
            : encoder.flatten({ background: '#ffffff' }).jpeg({ ...ENCODING.jpg, quality })
        ).toBuffer();
        writeFileSync(join(folder, fileName), data);
        names.push(fileName);
      }
    }
  }
  const record: CacheRecord = { names };
  writeFileSync(join(folder, 'done.json.partial'), JSON.stringify(record));
  renameSync(join(folder, 'done.json.partial'), join(folder, 'done.json'));
  return record;
}

/** Copies the pipeline's files into a built site, under its folder (dist/assets/pictures/…). */
export function copyPictureFiles(files: ReadonlyMap<string, string>, outDir: string): void {
  const made = new Set<string>();
  for (const [path, from] of files) {
    const to = join(outDir, ...path.split('/').filter(Boolean));
    const folder = dirname(to);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    copyFileSync(from, to);
  }
}

/**
 * Takes out of a built site the originals only the pipeline read (PipelineResult.pipelineOnly), which the bundler
 * copied from public/ with everything else: the site serves what was made of them. Never through a link: only files.
 */
export function leaveOutOriginals(originals: readonly string[], outDir: string): number {
  let removed = 0;
  for (const src of originals) {
    const path = join(outDir, ...src.split('/').filter(Boolean));
    if (relative(outDir, path).startsWith('..')) continue;
    try {
      if (!lstatSync(path).isFile()) continue;
      unlinkSync(path);
      removed++;
    } catch {
      // Not in the site: nothing to take out.
      continue;
    }
    // A folder left empty goes too, up to the site's top; one that still holds anything stays.
    for (let folder = dirname(path); folder !== outDir && !relative(outDir, folder).startsWith('..');) {
      try {
        rmdirSync(folder);
      } catch {
        break;
      }
      folder = dirname(folder);
    }
  }
  return removed;
}
