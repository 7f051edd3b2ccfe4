/**
 * `npm start` serves the built site from dist/ the way a static host would: Brotli or gzip, validators (ETag),
 * long-lived caching for hashed assets, pages at their folder address ("/about" redirects to "/about/"), dist/404.html
 * with status 404 for unknown paths, and the security headers of public/_headers.
 * Addresses of the hosts' image services (/.netlify/images, /cdn-cgi/image/) are answered by a stand-in
 * (src/build/image-service-stand-in.ts), so a site whose pictures a host makes shows them here too.
 * `tsx scripts/serve.ts <folder>` serves another built site, such as the spec site the browser tests build.
 * A site built for a folder of its address (site.url https://our-team.github.io/loom-site) is served in that folder,
 * http://127.0.0.1:4173/loom-site/, as GitHub Pages serves a project site.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { formatOfExtension } from '../src/content/file-formats.ts';
import { answerImageService } from '../src/build/image-service-stand-in.ts';

const root = process.argv[2] ? resolve(process.argv[2]) : join(import.meta.dirname, '..', 'dist');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

// The site's own files; pictures and videos are typed by src/content/file-formats.ts, as everywhere else.
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

/**
 * The header rules of the built _headers: a path pattern (such as /* or /assets/*) and the headers it sets, or drops
 * ("! name", null), as the hosts read it.
 */
function headerRules(): { pattern: string; headers: [string, string | null][] }[] {
  const file = join(root, '_headers');
  if (!existsSync(file)) return [];
  const rules: { pattern: string; headers: [string, string | null][] }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const header = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    const dropped = /^\s+!\s*([A-Za-z-]+)\s*$/.exec(line);
    if (header) rules.at(-1)?.headers.push([header[1]!, header[2]!.trim()]);
    else if (dropped) rules.at(-1)?.headers.push([dropped[1]!, null]);
    else rules.push({ pattern: line.trim(), headers: [] });
  }
  return rules;
}
const RULES = headerRules();

/**
 * The headers _headers sets for a URL path (a trailing * matches any rest of the path): where rules set the same
 * header, the later one's stands; "! name" drops what an earlier rule set.
 */
function headersFor(urlPath: string): [string, string][] {
  const headers = new Map<string, string>();
  for (const rule of RULES)
    if (rule.pattern.endsWith('*') ? urlPath.startsWith(rule.pattern.slice(0, -1)) : urlPath === rule.pattern)
      for (const [name, value] of rule.headers)
        if (value === null) headers.delete(name.toLowerCase());
        else headers.set(name.toLowerCase(), value);
  return [...headers];
}

/** The file for a URL path: the file itself, or the pre-rendered page (path/index.html or path.html). */
function fileFor(urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [
    join(root, clean),
    join(root, clean, 'index.html'),
    join(root, `${clean.replace(/\/$/, '')}.html`),
  ];
  return candidates.find((candidate) =>
    candidate.startsWith(root + sep) || candidate === root
      ? existsSync(candidate) && statSync(candidate).isFile()
      : false,
  );
}

/** The 404.html nearest to a path, as Cloudflare Pages finds it: /influencers/99 gets dist/influencers/404.html. */
function nearestNotFoundPage(urlPath: string): string | undefined {
  const folders = urlPath.split('/').filter(Boolean).slice(0, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const candidate = join(root, ...folders.slice(0, depth).map((folder) => decodeURIComponent(folder)), '404.html');
    if (candidate.startsWith(root + sep) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The encodings the server can send, best first, as hosts do (Cloudflare Pages and Netlify send Brotli). */
type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the browser accepts for a file of this type. */
function encodingFor(acceptEncoding: string, extension: string): Encoding {
  if (!COMPRESSIBLE.has(extension)) return 'identity';
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  return /\bgzip\b/.test(acceptEncoding) ? 'gzip' : 'identity';
}

/**
 * A file's bytes in each encoding, made once per version of the file (a rebuild changes its size or time) and kept,
 * so the best compression costs the first request only. Up to MAX_CACHED files; then it starts again. Text only:
 * pictures and videos are streamed as they are.
 */
const compressed = new Map<
  string,
  { readonly version: string; readonly bytes: Partial<Record<Encoding, Promise<Buffer>>> }
>();
const MAX_CACHED = 2000;

function bytesOf(file: string, version: string, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  let entry = compressed.get(file);
  if (entry?.version !== version) {
    if (compressed.size >= MAX_CACHED) compressed.clear();
    entry = { version, bytes: {} };
    compressed.set(file, entry);
  }
  const made = entry.bytes;
  made[encoding] ??= readFile(file).then((raw) =>
    encoding === 'br'
      ? brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzip(raw, { level: 9 }),
  );
  const bytes = made[encoding];
  // A file that could not be read (removed by a rebuild in progress) is read again by the next request.
  bytes.catch(() => {
    if (made[encoding] === bytes) delete made[encoding];
  });
  return bytes;
}

async function send(
  response: ServerResponse,
  request: IncomingMessage,
  urlPath: string,
  file: string,
  status: number,
): Promise<void> {
  const extension = extname(file);
  const { size, mtimeMs } = statSync(file);
  const encoding = encodingFor(String(request.headers['accept-encoding'] ?? ''), extension);
  // A validator, so a page the browser already has (prefetched a moment ago) is answered "not modified".
  const version = `${size.toString(36)}-${Math.round(mtimeMs).toString(36)}`;
  const etag = `"${version}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  response.statusCode = status;
  // Pages are revalidated on every visit; _headers gives hashed assets a year.
  response.setHeader('Cache-Control', 'no-cache');
  for (const [name, value] of headersFor(urlPath)) response.setHeader(name, value);
  response.setHeader(
    'Content-Type',
    TYPES[extension] ?? formatOfExtension(extension)?.mime ?? 'application/octet-stream',
  );
  response.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return void response.writeHead(304).end();
  }
  if (encoding === 'identity') {
    // Pictures and videos as they are, streamed.
    response.setHeader('Content-Length', size);
    if (request.method === 'HEAD') return void response.end();
    return void createReadStream(file).pipe(response);
  }
  response.setHeader('Content-Encoding', encoding);
  if (request.method === 'HEAD') return void response.end();
  const body = await bytesOf(file, version, encoding);
  response.setHeader('Content-Length', body.length);
  response.end(body);
}

if (!existsSync(join(root, 'index.html'))) {
  console.error(`${root} has no built site. Run npm run build first (npm start does both).`);
  process.exit(1);
}

/** The folder the site was built for ("" or "/loom-site"): where its robots.txt says its sitemap is. */
function builtBasePath(): string {
  const robots = join(root, 'robots.txt');
  const sitemap = existsSync(robots) ? /^Sitemap:\s*(\S+)/m.exec(readFileSync(robots, 'utf8'))?.[1] : undefined;
  return sitemap ? new URL(sitemap).pathname.replace(/\/sitemap\.xml$/, '') : '';
}
const basePath = builtBasePath();

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (basePath) {
    if (url.pathname === basePath) return void response.writeHead(301, { Location: `${basePath}/${url.search}` }).end();
    if (!url.pathname.startsWith(`${basePath}/`))
      return void response
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`This site lives at ${basePath}/\n`);
    url.pathname = url.pathname.slice(basePath.length);
  }
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  // The hosts' image services, for a site whose pictures a host makes (config/hosting.json), answered here by a
  // stand-in from the site's originals.
  const service = answerImageService(url, root, String(request.headers.accept ?? ''));
  void service.then(
    (answer) => {
      if (answer)
        return void response.writeHead(answer.status, answer.headers).end(method === 'HEAD' ? undefined : answer.body);
      serveFile(url, request, response);
    },
    () => response.writeHead(500).end(),
  );
});

function serveFile(url: URL, request: IncomingMessage, response: ServerResponse): void {
  const file = fileFor(url.pathname);
  // A page asked for without its folder's slash moves there, as on Cloudflare Pages and Netlify: the site's own links
  // never cost that hop, and a test that meets one sees it here too.
  // The address is the page's own folder, never the request echoed: "/.//about" must not send the browser to //about/.
  if (file?.endsWith(`${sep}index.html`) && !url.pathname.endsWith('/') && !url.pathname.endsWith('index.html')) {
    const folder = relative(root, dirname(file)).split(sep).map(encodeURIComponent).join('/');
    return void response.writeHead(308, { Location: `${basePath}/${folder ? `${folder}/` : ''}${url.search}` }).end();
  }
  const notFound = file ? undefined : nearestNotFoundPage(url.pathname);
  // Without pre-rendered pages the app decides what to show, as a single-page app.
  send(response, request, url.pathname, file ?? notFound ?? join(root, 'index.html'), notFound ? 404 : 200).catch(
    (error: unknown) => {
      console.error(`Could not send ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end();
    },
  );
}

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is in use. Stop the other server, or run PORT=4174 npm start.`
      : `Could not start the server: ${error.message}`,
  );
  process.exit(1);
});
server.listen(port, host, () =>
  console.log(`Serving the built site at http://${host}:${port}${basePath}/ (Ctrl+C to stop)`),
);
