/**
 * `npm start` serves the built site from dist/ the way a static host would: gzip, long-lived caching for hashed
 * assets, dist/404.html with status 404 for unknown paths, and the security headers of public/_headers.
 * `tsx scripts/serve.ts <folder>` serves another built site, such as the spec site the browser tests build.
 * A site built for a folder of its address (site.url https://our-team.github.io/loom-site) is served in that folder,
 * http://127.0.0.1:4173/loom-site/, as GitHub Pages serves a project site.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { formatOfExtension } from '../src/content/file-formats.ts';

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
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

/** The header rules of public/_headers: a path pattern (such as /* or /assets/*) and the headers it adds. */
function headerRules(): { pattern: string; headers: [string, string][] }[] {
  const file = join(root, '_headers');
  if (!existsSync(file)) return [];
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const header = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (header) rules.at(-1)?.headers.push([header[1]!, header[2]!.trim()]);
    else rules.push({ pattern: line.trim(), headers: [] });
  }
  return rules;
}
const RULES = headerRules();

/** The headers public/_headers sets for a URL path; a trailing * matches any rest of the path. */
function headersFor(urlPath: string): [string, string][] {
  return RULES.filter(({ pattern }) => (pattern.endsWith('*') ? urlPath.startsWith(pattern.slice(0, -1)) : urlPath === pattern)).flatMap(
    (rule) => rule.headers,
  );
}

/** The file for a URL path: the file itself, or the pre-rendered page (path/index.html or path.html). */
function fileFor(urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [join(root, clean), join(root, clean, 'index.html'), join(root, `${clean.replace(/\/$/, '')}.html`)];
  return candidates.find((candidate) =>
    candidate.startsWith(root + sep) || candidate === root ? existsSync(candidate) && statSync(candidate).isFile() : false,
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

function send(response: ServerResponse, urlPath: string, file: string, status: number, acceptsGzip: boolean, method: string): void {
  const extension = extname(file);
  response.statusCode = status;
  // Pages are revalidated on every visit; _headers gives hashed assets a year.
  response.setHeader('Cache-Control', 'no-cache');
  for (const [name, value] of headersFor(urlPath)) response.setHeader(name, value);
  response.setHeader('Content-Type', TYPES[extension] ?? formatOfExtension(extension)?.mime ?? 'application/octet-stream');
  response.setHeader('Vary', 'Accept-Encoding');
  if (method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(file);
  if (acceptsGzip && COMPRESSIBLE.has(extension)) {
    response.setHeader('Content-Encoding', 'gzip');
    stream.pipe(createGzip({ level: 9 })).pipe(response);
  } else {
    response.setHeader('Content-Length', statSync(file).size);
    stream.pipe(response);
  }
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
      return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`This site lives at ${basePath}/\n`);
    url.pathname = url.pathname.slice(basePath.length);
  }
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const file = fileFor(url.pathname);
  if (file) return send(response, url.pathname, file, 200, acceptsGzip, method);
  const notFound = nearestNotFoundPage(url.pathname);
  if (notFound) return send(response, url.pathname, notFound, 404, acceptsGzip, method);
  // Without pre-rendered pages the app decides what to show, as a single-page app.
  return send(response, url.pathname, join(root, 'index.html'), 200, acceptsGzip, method);
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE' ? `Port ${port} is in use. Stop the other server, or run PORT=4174 npm start.` : `Could not start the server: ${error.message}`,
  );
  process.exit(1);
});
server.listen(port, host, () => console.log(`Serving the built site at http://${host}:${port}${basePath}/ (Ctrl+C to stop)`));
