/**
 * The pictures the site makes from an author's photo or image, declared once: where each is shown (a use: its frame's
 * shape, the widths written for it, how wide it shows), which uses each kind of picture has, the smallest original
 * that looks sharp in all of them, and the addresses of what the image pipeline writes. The checker judges originals
 * with it, the build's pipeline (src/build/image-pipeline.ts) writes the files it names, and the renderer
 * (src/ui/ResponsivePicture.tsx) names them in the page.
 */
import type { BuiltPicture, PictureFiles, ShownPicture, SiteConfig } from '../contract/site-config.ts';
import { IMAGE_SERVICES } from './image-services.ts';

/** Where a picture is shown. */
export type PictureUseName = 'avatar' | 'portrait' | 'cover' | 'share';

/** The frames pictures are cut to; the uses of one shape share its files. */
export type PictureShapeName = 'square' | 'wide' | 'share';

export interface PictureShape {
  /** The frame's width over its height: every width is cut to it around the picture's focus. */
  readonly aspect: number;
  /** The widths written, in pixels, smallest first; the largest is what the original must at least give. */
  readonly widths: readonly number[];
  /**
   * Written once, as JPEG only, up to the largest width and never wider than the original gives (link previews,
   * which social networks fetch; they take neither AVIF nor a choice of widths).
   */
  readonly single?: true;
}

export const PICTURE_SHAPES: Readonly<Record<PictureShapeName, PictureShape>> = {
  // One ladder for a creator's card (56 CSS pixels) and profile (160) on screens of 1 to 3 device pixels per CSS
  // pixel: 112 serves the card up to 2x, 240 the card at 3x and the profile up to 1.5x, 480 the profile at 2x and 3x.
  // Two ladders of three (56/112/168 and 160/320/480) wrote twice the files for no sharper picture.
  square: { aspect: 1, widths: [112, 240, 480] },
  // A project's card: the full card on a phone, half the row from 48em, a third of 72rem from 64em.
  wide: { aspect: 16 / 9, widths: [480, 720, 960] },
  share: { aspect: 1200 / 630, widths: [800], single: true },
};

export interface PictureUse extends PictureShape {
  /** The shape whose files it shows. */
  readonly shape: PictureShapeName;
  /** How wide the picture shows at each screen width, for the browser's choice among the widths. */
  readonly sizes: string;
}

const useOf = (shape: PictureShapeName, sizes: string): PictureUse => ({ ...PICTURE_SHAPES[shape], shape, sizes });

export const PICTURE_USES: Readonly<Record<PictureUseName, PictureUse>> = {
  // The round photo on a creator's card.
  avatar: useOf('square', '56px'),
  // The photo on a creator's profile.
  portrait: useOf('square', '160px'),
  // The top of a project's card.
  cover: useOf('wide', '(min-width: 64em) 368px, (min-width: 48em) calc(50vw - 44px), calc(100vw - 32px)'),
  // A link preview of a creator's profile.
  share: useOf('share', '800px'),
};

/** A kind of picture an author gives: where it is shown, and in words for messages. */
export interface PictureKind {
  readonly uses: readonly PictureUseName[];
  /** The picture in words: "a creator's photo". */
  readonly words: string;
  /** The size to aim for, comfortably above the least: [width, height]. */
  readonly aim: readonly [number, number];
}

export const PICTURE_KINDS = {
  'creator-photo': { uses: ['avatar', 'portrait', 'share'], words: "a creator's photo", aim: [1000, 1000] },
  'project-image': { uses: ['cover'], words: "a project's image", aim: [1920, 1080] },
} as const satisfies Readonly<Record<string, PictureKind>>;

export type PictureKindName = keyof typeof PICTURE_KINDS;

/** The fields of config that hold pictures: the collection, the field of each entry, and its kind. */
export const PICTURE_FIELDS = [
  { collection: 'influencers', field: 'photo', kind: 'creator-photo' },
  { collection: 'projects', field: 'image', kind: 'project-image' },
] as const satisfies readonly { collection: string; field: string; kind: PictureKindName }[];

/** An original larger than this on either side only slows the build: the checker suggests making it smaller. */
export const HUGE_PICTURE_SIDE = 6000;
/** An original file larger than this, in bytes, is worth making smaller before it goes into the repository. */
export const HUGE_PICTURE_BYTES = 8 * 1024 * 1024;

/** A focus point in percent from the left and the top; the middle when a picture has none. */
export interface Focus {
  readonly x: number;
  readonly y: number;
}
export const MIDDLE: Focus = { x: 50, y: 50 };

/** A picture as config holds it. */
export interface AuthorPicture {
  readonly src: string;
  readonly alt: string;
  readonly focus?: Focus;
}

// What the build adds to a picture, and what cards receive of it, are part of the contract with the renderer.
export type { BuiltPicture, PictureFiles, ShownPicture } from '../contract/site-config.ts';

/** The least of a picture a card needs to show it. */
export const shownPicture = (picture: BuiltPicture): ShownPicture =>
  picture.files ? { alt: picture.alt, files: picture.files } : picture;

/**
 * Where the pipeline's files are served, under the site's folder: in 256 folders named by the first two characters of
 * each picture's key, so that no folder comes near a host's limit (Netlify: 54,000 files a folder) at 10,000 creators.
 */
export const PICTURES_FOLDER = '/assets/pictures';

/**
 * The formats offered at each width, best first (the <img> takes the last, <source>s offer any before it), and the
 * link preview's, chosen by measuring photographs (README, "Pictures"). WebP alone: every browser the site supports
 * takes it, and it keeps transparency. AVIF would save visitors about 7 KB on a profile and 17 KB on the directory's
 * first view, for twice the files and 40 % more bytes on the host: 10,000 creators' photos would no longer fit
 * GitHub Pages' 1 GB. Link previews are JPEG, which every social network takes, 800 pixels wide at most.
 */
export const PICTURE_FORMATS = [{ extension: 'webp', type: 'image/webp', quality: 75 }] as const;
export const SHARE_FORMAT = { extension: 'jpg', type: 'image/jpeg', quality: 70 } as const;

export type PictureExtension = (typeof PICTURE_FORMATS)[number]['extension'] | typeof SHARE_FORMAT.extension;

/** The quality a picture is made at in a format, by the build or by a host's image service. */
export const qualityOf = (extension: PictureExtension): number =>
  PICTURE_FORMATS.find((format) => format.extension === extension)?.quality ?? SHARE_FORMAT.quality;

/** The name of a file the pipeline writes, in its folder: <key>-<shape>[-<width>].<format>. */
export const pictureFileName = (
  key: string,
  shape: PictureShapeName,
  width: number | undefined,
  extension: PictureExtension,
): string => `${key}-${shape}${width === undefined ? '' : `-${width}`}.${extension}`;

/**
 * The address, under the site's folder, of a picture at one width of a use in one format: the file the pipeline
 * wrote, or the host's image service's address that makes it (image-services.ts). A use that is `single` has one
 * width, as wide as the original gives.
 */
export function pictureAddress(
  files: PictureFiles,
  use: PictureUseName,
  width: number,
  extension: PictureExtension,
): string {
  const { shape, single } = PICTURE_USES[use];
  if ('key' in files)
    return `${PICTURES_FOLDER}/${files.key.slice(0, 2)}/${pictureFileName(files.key, shape, single ? undefined : width, extension)}`;
  const { aspect } = PICTURE_USES[use];
  const size = { width: files.width, height: files.height };
  const crop = cropOf(size, aspect, files.focus);
  const shown = single ? Math.min(width, crop.width) : width;
  return IMAGE_SERVICES[files.service].address({
    src: files.src,
    size,
    crop,
    width: shown,
    height: heightAt(PICTURE_USES[use], shown),
    format: extension,
    quality: qualityOf(extension),
    exact: Boolean(single),
  });
}

/**
 * How many different sizes of pictures the pages of a site name: each distinct picture (its original, focus and kind)
 * at each width of each shape it shows in. What a host's image service counts.
 */
export function sizesNamed(config: SiteConfig): number {
  const seen = new Set<string>();
  let sizes = 0;
  for (const { collection, field, kind } of PICTURE_FIELDS) {
    for (const entry of config[collection] as unknown as readonly Record<string, unknown>[]) {
      const picture = entry[field] as AuthorPicture | undefined;
      const id = picture && JSON.stringify([picture.src, picture.focus ?? null, kind]);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      for (const shape of new Set(PICTURE_KINDS[kind].uses.map((use) => PICTURE_USES[use].shape)))
        sizes += PICTURE_SHAPES[shape].widths.length;
    }
  }
  return sizes;
}

/** The part of an original a frame of `aspect` keeps around `focus`: as large as fits, placed as CSS object-position. */
export function cropOf(
  size: { readonly width: number; readonly height: number },
  aspect: number,
  focus: Focus = MIDDLE,
): { left: number; top: number; width: number; height: number } {
  const width = Math.min(size.width, Math.floor(size.height * aspect));
  const height = Math.min(size.height, Math.floor(width / aspect));
  return {
    left: Math.round(((size.width - width) * focus.x) / 100),
    top: Math.round(((size.height - height) * focus.y) / 100),
    width,
    height,
  };
}

/** The height of a use's frame at a width. */
export const heightAt = (shape: PictureShape, width: number) => Math.round(width / shape.aspect);

/**
 * The smallest original that gives every use of a kind its widest file without enlarging it: [width, height] for a
 * picture of the wanted shape.
 */
export function leastSizeOf(kind: PictureKindName): [number, number] {
  let width = 0;
  let height = 0;
  for (const name of PICTURE_KINDS[kind].uses) {
    const use = PICTURE_USES[name];
    if (use.single) continue;
    const widest = use.widths[use.widths.length - 1]!;
    width = Math.max(width, widest);
    height = Math.max(height, heightAt(use, widest));
  }
  return [width, height];
}

/**
 * Why an original of this size looks blurred somewhere it is shown, in words that follow its path; undefined when it is
 * large enough for every use.
 */
export function tooSmallProblem(kind: PictureKindName, size: { width: number; height: number }): string | undefined {
  // The largest frame the picture cannot fill, named in the message.
  let short: { use: PictureUse; widest: number } | undefined;
  for (const name of PICTURE_KINDS[kind].uses) {
    const use = PICTURE_USES[name];
    const widest = use.widths[use.widths.length - 1]!;
    if (!use.single && cropOf(size, use.aspect).width < widest && widest > (short?.widest ?? 0))
      short = { use, widest };
  }
  if (!short) return undefined;
  const [least, leastHeight] = leastSizeOf(kind);
  const [aimWidth, aimHeight] = PICTURE_KINDS[kind].aim;
  return `is ${size.width} × ${size.height} pixels, too small for ${PICTURE_KINDS[kind].words} to look sharp: it is shown up to ${short.widest} × ${heightAt(short.use, short.widest)} pixels on sharp screens. Use a picture of at least ${least} × ${leastHeight} pixels; aim for ${aimWidth} × ${aimHeight} or larger.`;
}

/** Why an original is larger than the site needs, as a warning that follows its path; undefined when it is not. */
export function hugeProblem(kind: PictureKindName, size: { width: number; height: number; bytes?: number }) {
  const [aimWidth, aimHeight] = PICTURE_KINDS[kind].aim;
  const fix = `The site never shows it larger than ${leastSizeOf(kind).join(' × ')} pixels: save it at about ${aimWidth} × ${aimHeight} to keep the repository small and the build fast.`;
  if (Math.max(size.width, size.height) > HUGE_PICTURE_SIDE)
    return `is ${size.width} × ${size.height} pixels, far larger than needed. ${fix}`;
  if (size.bytes !== undefined && size.bytes > HUGE_PICTURE_BYTES)
    return `is ${(size.bytes / 1024 / 1024).toFixed(1)} MB, far larger than needed. ${fix}`;
  return undefined;
}
