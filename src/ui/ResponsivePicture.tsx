import type { CSSProperties } from 'react';
import { sitePath } from '../content/site-paths.ts';
import {
  heightAt,
  MIDDLE,
  PICTURE_FORMATS,
  PICTURE_USES,
  pictureAddress,
  type BuiltPicture,
  type PictureExtension,
  type PictureFiles,
  type ShownPicture,
  type PictureUseName,
} from '../content/pictures.ts';

const srcSetOf = (files: PictureFiles, use: PictureUseName, extension: PictureExtension) =>
  PICTURE_USES[use].widths
    .map((width) => `${sitePath(pictureAddress(files, use, width, extension))} ${width}w`)
    .join(', ');

/** The focus as CSS places a picture larger than its frame: the author's picture, or a service's uncut one. */
const placed = ({ x, y } = MIDDLE) => ({ objectPosition: `${x}% ${y}%` });

/**
 * An author's picture in one of its uses (pictures.ts): from a build, a <picture> offering AVIF, then WebP, at every
 * width of its shape, which the pipeline wrote or the host's image service makes, cut around the picture's focus;
 * elsewhere (the editor's preview, the dev server),
 * the original, framed around the same focus. Either way it has its frame's width and height, so nothing moves when it
 * loads, and it loads lazily unless it is the page's main picture (`eager`).
 */
export function ResponsivePicture({
  picture,
  use,
  width,
  eager = false,
  style,
}: {
  picture: ShownPicture;
  use: PictureUseName;
  /** The width it shows at, in CSS pixels, for its width attribute; the use's widest otherwise. */
  width?: number;
  eager?: boolean;
  style?: CSSProperties;
}) {
  const frame = PICTURE_USES[use];
  const shownWidth = width ?? frame.widths[frame.widths.length - 1]!;
  const common = {
    alt: picture.alt,
    width: shownWidth,
    height: heightAt(frame, shownWidth),
    loading: eager ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: eager ? 'high' : undefined,
    // The frame's shape whatever the file's: a host's service sends the whole picture, an author's original has its
    // own shape, and a page's styles (height: auto) would otherwise follow the file once it loads.
    style: { display: 'block', objectFit: 'cover', aspectRatio: String(frame.aspect), ...style },
  } as const;
  const { files } = picture;
  if (!files) {
    // Without files, it is the author's own picture: its path and its focus.
    const { src, focus = MIDDLE } = picture as BuiltPicture;
    return <img {...common} src={sitePath(src)} style={{ ...common.style, ...placed(focus) }} />;
  }
  const middle = frame.widths[Math.floor(frame.widths.length / 2)]!;
  // The <img> offers the last format, which every browser takes; <source>s offer the better ones before it.
  const [own, ...better] = [...PICTURE_FORMATS].reverse();
  return (
    <picture>
      {better.reverse().map(({ extension, type }) => (
        <source key={extension} type={type} srcSet={srcSetOf(files, use, extension)} sizes={frame.sizes} />
      ))}
      <img
        {...common}
        src={sitePath(pictureAddress(files, use, middle, own!.extension))}
        srcSet={srcSetOf(files, use, own!.extension)}
        sizes={frame.sizes}
        style={'service' in files ? { ...common.style, ...placed(files.focus) } : common.style}
      />
    </picture>
  );
}
