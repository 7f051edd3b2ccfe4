import { closeSync, createReadStream, realpathSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { openPlainFile } from '../../checker/plain-files.ts';
import { formatOfExtension } from '../../content/file-formats.ts';
import { heldMediaFolder } from '../git/held-media.ts';

/**
 * How every picture and video is sent: as exactly its type (never sniffed into a page), and, opened on its own, as a
 * sandboxed document with no script and no access to the editor's origin, whatever its bytes hold.
 */
const MEDIA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
  'Cache-Control': 'no-store',
  'Accept-Ranges': 'bytes',
} as const;

/**
 * A plain file of the folder that the path names (plain-files.ts, the rule every reader keeps): not hidden, no link
 * on the way to it or at it, not a second name of another file, not a pipe. `realFolder` says where the folder must
 * really be (by default, wherever it leads); undefined for anything else.
 */
function openInFolder(
  folder: string,
  pathname: string,
  realFolder = () => realpathSync(folder),
): { descriptor: number; size: number } | undefined {
  const parts = pathname.split('/').slice(1);
  if (parts.some((part) => part === '' || part.startsWith('.'))) return undefined;
  try {
    const file = join(folder, ...parts);
    if (realpathSync(dirname(file)) !== join(realFolder(), ...parts.slice(0, -1))) return undefined;
    const { descriptor, stats } = openPlainFile(file);
    return { descriptor, size: stats.size };
  } catch {
    return undefined;
  }
}

/**
 * Serves a picture or video of the site's public/ folder (read only), as the site serves it, for the preview and the
 * media picker: a file uploaded a moment ago (held until Save) is served at once. `pathname` is the request's
 * normalised path (see request-guard.ts). Answers 404 for anything else.
 */
export function servePublicFile(
  siteDir: string,
  method: string,
  pathname: string,
  rangeHeader: string | undefined,
  response: ServerResponse,
): void {
  const type = formatOfExtension(extname(pathname))?.mime;
  // An upload held for Save shows in the preview and the picker as it will once saved.
  const held = /^\/media\/[^/]+$/.test(pathname)
    ? () => openInFolder(heldMediaFolder(siteDir), pathname.slice('/media'.length))
    : () => undefined;
  // public/ must really be the site's own, under its name: a link in its place (even back inside the site) serves
  // nothing.
  const inSite = () => join(realpathSync(siteDir), 'public');
  const file = type ? (openInFolder(join(siteDir, 'public'), pathname, inSite) ?? held()) : undefined;
  if (!file) {
    response
      .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
      .end('Not found');
    return;
  }
  const { descriptor, size } = file;
  const range = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? '');
  const headers = { ...MEDIA_HEADERS, 'Content-Type': type! };
  let start = 0;
  let end = size - 1;
  if (range && size > 0) {
    // Video players ask for parts of a file.
    start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      closeSync(descriptor);
      response.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
      return;
    }
    response.writeHead(206, {
      ...headers,
      'Content-Length': end - start + 1,
      'Content-Range': `bytes ${start}-${end}/${size}`,
    });
  } else {
    response.writeHead(200, { ...headers, 'Content-Length': size });
  }
  if (method === 'HEAD' || size === 0) {
    closeSync(descriptor);
    response.end();
    return;
  }
  createReadStream('', { fd: descriptor, start, end }).pipe(response);
}
