/**
 * The hosts' own image services, which make each size of a picture when a visitor first asks for it, in place of the
 * build's image pipeline (config/hosting.json, "pictures"): the address each documents for a cut, resized and
 * re-encoded picture. The renderer names these addresses in the page; nothing here runs at the host.
 *
 * - Netlify Image CDN: /.netlify/images?url=<path>&w=&h=&fit=&position=&fm=&q= (docs.netlify.com/image-cdn). It cuts
 *   only to a side or the middle (`position`), so a frame is filled by the picture scaled to the width that gives the
 *   frame its pixels, and the page cuts it around the focus (object-position), as the build's crops do.
 * - Cloudflare image transformations: /cdn-cgi/image/<options>/<path> (developers.cloudflare.com/images). `trim`
 *   (top;right;bottom;left, in the original's pixels) cuts the exact frame around the focus before it is resized.
 */

/** What a page asks a service for: one frame of an original, at a width, in a format. */
export interface ServiceRequest {
  /** The original's path under the site: /media/creators/ama.jpg. */
  readonly src: string;
  /** The original's size, upright. */
  readonly size: { readonly width: number; readonly height: number };
  /** The part of the original the frame shows (pictures.ts, cropOf). */
  readonly crop: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  /** The frame's size in pixels. */
  readonly width: number;
  readonly height: number;
  readonly format: 'avif' | 'webp' | 'jpg';
  readonly quality: number;
  /**
   * The picture must be the frame's exact shape, since nothing cuts it afterwards (a link preview, which social
   * networks fetch); otherwise the page cuts it around the focus.
   */
  readonly exact: boolean;
}

export type ImageServiceName = 'netlify' | 'cloudflare';

export interface ImageService {
  /** The service in words, for messages. */
  readonly words: string;
  /** The host it runs on, as config/hosting.json names hosts. */
  readonly host: 'netlify' | 'cloudflare-pages';
  /** Where its addresses start: the build's stand-in (scripts/serve.ts) answers there too. */
  readonly prefix: string;
  readonly address: (request: ServiceRequest) => string;
}

/** Netlify's `position`, the nearest of the sides it cuts to for a focus: it takes no point. */
function netlifyPosition({ size, crop }: ServiceRequest): string {
  const towards = (start: number, room: number, low: string, high: string) =>
    room <= 0 ? 'center' : start / room < 1 / 3 ? low : start / room > 2 / 3 ? high : 'center';
  return crop.width < size.width
    ? towards(crop.left, size.width - crop.width, 'left', 'right')
    : towards(crop.top, size.height - crop.height, 'top', 'bottom');
}

export const IMAGE_SERVICES: Readonly<Record<ImageServiceName, ImageService>> = {
  netlify: {
    words: "Netlify's Image CDN",
    host: 'netlify',
    prefix: '/.netlify/images',
    address(request) {
      const { src, size, crop, width, height, format, quality } = request;
      const query = new URLSearchParams({ url: src });
      if (request.exact) {
        query.set('w', String(width));
        query.set('h', String(height));
        query.set('fit', 'cover');
        query.set('position', netlifyPosition(request));
      } else {
        // The whole picture, as wide as gives the frame `width` pixels across: the page cuts it around the focus.
        query.set('w', String(Math.round((width * size.width) / crop.width)));
      }
      query.set('fm', format);
      query.set('q', String(quality));
      return `/.netlify/images?${query.toString()}`;
    },
  },
  cloudflare: {
    words: "Cloudflare's image transformations",
    host: 'cloudflare-pages',
    prefix: '/cdn-cgi/image/',
    address({ src, size, crop, width, height, format, quality }) {
      const trim = [crop.top, size.width - crop.left - crop.width, size.height - crop.top - crop.height, crop.left];
      const options = [
        `trim=${trim.join(';')}`,
        `width=${width}`,
        `height=${height}`,
        'fit=cover',
        `format=${format === 'jpg' ? 'jpeg' : format}`,
        `quality=${quality}`,
      ];
      return `/cdn-cgi/image/${options.join(',')}${src}`;
    },
  },
};
