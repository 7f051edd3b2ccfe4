/**
 * A small stand-in for the hosts' image services, which run only at the hosts: it answers each one's documented
 * address form (Netlify Image CDN's /.netlify/images?url=…, Cloudflare's /cdn-cgi/image/<options>/<path>) with sharp,
 * from the built site's own files, so `npm start` shows a site whose pictures a host makes, and tests can check the
 * addresses the renderer writes. It reads the addresses as the hosts document them, not as content/image-services.ts
 * writes them. What it does not do as the hosts do: README, "Pictures on a host's image service". Node only.
 */
import { join, relative } from 'node:path';
import sharp, { type FitEnum, type Sharp } from 'sharp';
import { readPlainFile } from '../checker/plain-files.ts';

export interface StandInAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | string;
}

/** The most pixels across the stand-in makes, as the services cap them. */
const LARGEST = 4000;

type Format = 'avif' | 'webp' | 'jpeg' | 'png';
const TYPES: Record<Format, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const refused = (status: number, text: string): StandInAnswer => ({
  status,
  headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  body: `${text}\n`,
});

/** The format a browser's Accept header takes best, as both services choose one when none is asked for. */
const negotiated = (accept: string): Format =>
  /image\/avif/.test(accept) ? 'avif' : /image\/webp/.test(accept) ? 'webp' : 'jpeg';

/** A whole number within 1..max, or undefined for anything else. */
function whole(value: string | null | undefined, max: number): number | undefined {
  if (value === null || value === undefined || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** An original turned upright as its EXIF says, as both services turn it before anything else. */
async function upright(bytes: Buffer): Promise<{ image: () => Sharp; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { image: () => sharp(data, { raw }), width: info.width, height: info.height };
}

/** An original of the site by its path, never through a link nor outside the site. */
function original(root: string, path: string): Buffer | undefined {
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  try {
    // Judged as read: each segment decoded first, so an encoded "%2e%2e" is a ".." too.
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments.some((segment) => segment === '..' || segment.includes('/') || segment.includes('\\')))
      return undefined;
    const file = join(root, ...segments);
    if (relative(root, file).startsWith('..')) return undefined;
    return readPlainFile(file);
  } catch {
    return undefined;
  }
}

async function encoded(
  image: Sharp,
  format: Format,
  quality: number,
  negotiatedFormat: boolean,
): Promise<StandInAnswer> {
  const body = await (
    format === 'avif'
      ? image.avif({ quality, effort: 1 })
      : format === 'webp'
        ? image.webp({ quality })
        : format === 'png'
          ? image.png()
          : image.flatten({ background: '#ffffff' }).jpeg({ quality })
  ).toBuffer();
  return {
    status: 200,
    headers: {
      'Content-Type': TYPES[format],
      'Cache-Control': 'public, max-age=31536000, immutable',
      ...(negotiatedFormat ? { Vary: 'Accept' } : {}),
    },
    body,
  };
}

/** Netlify Image CDN: url (a path of the site), w, h, fit (contain, cover, fill), position, fm, q (default 75). */
async function netlify(url: URL, root: string, accept: string): Promise<StandInAnswer> {
  const query = url.searchParams;
  const source = query.get('url');
  if (!source) return refused(400, 'Bad Request: Missing "url" query parameter');
  if (/^[a-z]+:/i.test(source) || source.startsWith('//'))
    return refused(403, 'Forbidden: Remote image URL not allowed');
  const bytes = original(root, source);
  if (!bytes) return refused(404, 'Not Found');
  const width = query.has('w') ? whole(query.get('w'), LARGEST) : undefined;
  const height = query.has('h') ? whole(query.get('h'), LARGEST) : undefined;
  if ((query.has('w') && !width) || (query.has('h') && !height)) return refused(400, 'Bad Request: invalid size');
  const fit = query.get('fit') ?? 'contain';
  const position = query.get('position') ?? 'center';
  const fm = query.get('fm');
  const quality = query.has('q') ? whole(query.get('q'), 100) : 75;
  if (!['contain', 'cover', 'fill'].includes(fit) || !['center', 'top', 'bottom', 'left', 'right'].includes(position))
    return refused(400, 'Bad Request: invalid fit or position');
  if (!quality || (fm && !['avif', 'webp', 'jpg', 'png'].includes(fm)))
    return refused(400, 'Bad Request: invalid format or quality');
  const fits: Record<string, keyof FitEnum> = { contain: 'inside', cover: 'cover', fill: 'fill' };
  const image = (await upright(bytes))
    .image()
    .resize({ width, height, fit: fits[fit], position: position === 'center' ? 'centre' : position });
  const format: Format = fm ? (fm === 'jpg' ? 'jpeg' : (fm as Format)) : negotiated(accept);
  return encoded(image, format, quality, !fm);
}

/**
 * Cloudflare: /cdn-cgi/image/<options>/<path>, options such as width (w), height (h), fit (scale-down by default,
 * contain, cover, crop, pad), format (f: auto, avif, webp, jpeg), quality (q, default 85) and trim=top;right;bottom;left
 * (in the original's pixels, cut before resizing).
 */
async function cloudflare(url: URL, root: string, accept: string): Promise<StandInAnswer> {
  const rest = url.pathname.slice('/cdn-cgi/image/'.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return refused(400, 'ERROR 9401: Invalid or missing options');
  const options = new Map<string, string>();
  const aliases: Record<string, string> = { w: 'width', h: 'height', f: 'format', q: 'quality' };
  for (const option of rest.slice(0, slash).split(',')) {
    const [name, value] = option.split('=');
    if (!name || value === undefined) return refused(400, 'ERROR 9401: Invalid or missing options');
    options.set(aliases[name] ?? name, value);
  }
  const bytes = original(root, rest.slice(slash));
  if (!bytes) return refused(404, 'ERROR 9404: Not Found');
  const width = options.has('width') ? whole(options.get('width'), LARGEST) : undefined;
  const height = options.has('height') ? whole(options.get('height'), LARGEST) : undefined;
  const quality = options.has('quality') ? whole(options.get('quality'), 100) : 85;
  const fit = options.get('fit') ?? 'scale-down';
  const requested = options.get('format') ?? 'auto';
  const known = ['auto', 'avif', 'webp', 'jpeg'];
  if ((options.has('width') && !width) || (options.has('height') && !height) || !quality || !known.includes(requested))
    return refused(400, 'ERROR 9401: Invalid or missing options');
  const fits: Record<string, { fit: keyof FitEnum; enlarge: boolean }> = {
    'scale-down': { fit: 'inside', enlarge: false },
    contain: { fit: 'inside', enlarge: true },
    cover: { fit: 'cover', enlarge: true },
    crop: { fit: 'cover', enlarge: false },
    pad: { fit: 'contain', enlarge: true },
  };
  if (!fits[fit]) return refused(400, 'ERROR 9401: Invalid or missing options');
  const picture = await upright(bytes);
  let image = picture.image();
  const trim = options.get('trim');
  if (trim !== undefined) {
    const sides = trim.split(';').map((side) => (/^\d+$/.test(side) ? Number(side) : NaN));
    const [top = NaN, right = NaN, bottom = NaN, left = NaN] = sides;
    const cut = { left, top, width: picture.width - left - right, height: picture.height - top - bottom };
    if (sides.length !== 4 || sides.some(Number.isNaN) || cut.width < 1 || cut.height < 1)
      return refused(400, 'ERROR 9401: Invalid or missing options');
    // Cut, then resized: sharp runs an extract before a resize when both are asked of one image.
    image = image.extract(cut);
  }
  image = image.resize({ width, height, fit: fits[fit].fit, withoutEnlargement: !fits[fit].enlarge });
  const format: Format = requested === 'auto' ? negotiated(accept) : (requested as Format);
  return encoded(image, format, quality, requested === 'auto');
}

/**
 * The answer to an address of either service, from the built site in `root`; undefined for any other address.
 * `accept` is the browser's Accept header, for a format left to the service.
 */
export async function answerImageService(url: URL, root: string, accept = ''): Promise<StandInAnswer | undefined> {
  try {
    if (url.pathname === '/.netlify/images' || url.pathname === '/.netlify/images/')
      return await netlify(url, root, accept);
    if (url.pathname.startsWith('/cdn-cgi/image/')) return await cloudflare(url, root, accept);
  } catch {
    // Not a picture sharp can read.
    return refused(415, 'Unsupported Media Type: the original is not a picture');
  }
  return undefined;
}
