import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
};

/**
 * Serves a picture or video of the site's public/ folder (read only), as the site serves it, for the preview and the
 * media picker: a file uploaded a moment ago is served at once. Only plain files of those kinds inside public/, never
 * a hidden one or one a link leads out to. Returns false for any other request.
 */
export function servePublicFile(siteDir: string, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://editor').pathname);
  } catch {
    return false;
  }
  const type = TYPES[extname(pathname).toLowerCase()];
  const parts = pathname.split('/').slice(1);
  if (!type || parts.some((part) => part === '' || part.startsWith('.') || part.includes('\\') || part.includes('\0'))) return false;
  const folder = join(siteDir, 'public');
  const file = join(folder, ...parts);
  if (!existsSync(file) || !existsSync(folder)) return false;
  const real = realpathSync(file);
  if (!real.startsWith(realpathSync(folder) + sep) || !statSync(real).isFile()) return false;

  const size = statSync(real).size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-store', 'Accept-Ranges': 'bytes' };
  if (range && size > 0) {
    // Video players ask for parts of a file.
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      response.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
      return true;
    }
    response.writeHead(206, { ...headers, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${size}` });
    if (request.method === 'HEAD') response.end();
    else createReadStream(real, { start, end }).pipe(response);
    return true;
  }
  response.writeHead(200, { ...headers, 'Content-Length': size });
  if (request.method === 'HEAD') response.end();
  else createReadStream(real).pipe(response);
  return true;
}
