/**
 * Writes the HTML of every page into the built site after `vite build`, so each address is served with its content
 * already in place: dist/work/index.html, dist/influencers/3/index.html, ... and dist/404.html.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../src/entry-server.tsx';
import type { SiteConfig } from '../src/config/site-config.ts';

// Any address no page has: it renders the "*" page.
const NOT_FOUND_PROBE = '/__page-not-found__';

type Config = Omit<SiteConfig, 'forms'>;

/** For each "/something/:id" page, the 404.html of its folder: what an unknown id shows, such as Influencer Not Found. */
function notFoundPagesOfDynamicRoutes(config: Config): string[] {
  return config.pages.filter((page) => page.route.includes(':id')).map((page) => page.route.replace(':id', NOT_FOUND_PROBE.slice(1)));
}

/** Every address to write: each page's route, and one profile per influencer for "/influencers/:id". */
function addresses(config: Config): string[] {
  const paths: string[] = [];
  for (const page of config.pages) {
    if (page.route === '*') continue;
    if (page.route.includes(':id')) paths.push(...config.influencers.map((influencer) => page.route.replace(':id', String(influencer.id))));
    else paths.push(page.route);
  }
  return paths;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function documentFor(template: string, config: Config, path: string, page: RenderedPage): string {
  const address = path.includes(NOT_FOUND_PROBE) ? [] : [
    `<meta property="og:url" content="${escapeAttribute(config.site.url + path)}" />`,
    `<link rel="canonical" href="${escapeAttribute(config.site.url + path)}" />`,
  ];
  const head = [
    `<title>${page.title}</title>`,
    `<meta name="description" content="${page.description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttribute(config.site.name)}" />`,
    `<meta property="og:title" content="${page.title}" />`,
    `<meta property="og:description" content="${page.description}" />`,
    `<meta property="og:image" content="${escapeAttribute(`${config.site.url}${config.site.shareImage}`)}" />`,
    ...address,
  ].join('\n    ');
  // Replacer functions, so a "$" in the content (rates such as "$$$") is never read as a replacement pattern.
  return template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(config.site.language)}">`)
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" data-prerendered="${escapeAttribute(path)}">${page.html}</div>`);
}

function write(file: string, html: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}

/** Pre-renders the site built into `dist` with the server entry built into `serverBuild`, which it then removes. */
export async function prerenderSite(dist: string, serverBuild: string): Promise<void> {
  const { renderPage, config } = (await import(pathToFileURL(join(serverBuild, 'entry-server.js')).href)) as {
    renderPage: (path: string) => Promise<RenderedPage>;
    config: Config;
  };
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const render = async (path: string) => documentFor(template, config, path, await renderPage(path));
  const started = performance.now();
  const paths = addresses(config);
  for (const path of paths) write(path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html'), await render(path));
  write(join(dist, '404.html'), await render(NOT_FOUND_PROBE));
  for (const path of notFoundPagesOfDynamicRoutes(config)) write(join(dist, dirname(path), '404.html'), await render(path));
  // Search engines: every page and profile, and where to find them.
  const origin = config.site.url;
  write(
    join(dist, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((path) => `  <url><loc>${origin}${path === '/' ? '/' : path}</loc></url>`).join('\n')}\n</urlset>\n`,
  );
  write(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  rmSync(serverBuild, { recursive: true, force: true });
  console.log(`Pre-rendered ${paths.length} pages and 404.html in ${Math.round(performance.now() - started)} ms.`);
}
