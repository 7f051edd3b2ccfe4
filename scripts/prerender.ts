/**
 * Writes the HTML of every page into the built site after `vite build`, so each address is served with its content
 * already in place: dist/work/index.html, dist/influencers/3/index.html, ... and dist/404.html.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../src/entry-server.tsx';
import type { SiteShell } from '../src/contract/site-config.ts';
import type { MovedAddress } from '../src/influencers/moved-profiles.ts';
import { basePathOf, publicAddress } from '../src/content/site-address.ts';
import { metaPolicyOf } from '../src/build/security-headers.ts';
import { builtManifestOf } from '../src/build/built-site/script-weight.ts';
import { sitePathsUnder } from '../src/content/site-folder.ts';
import { speculationRules } from '../src/islands/prefetch.ts';
import { NOT_FOUND_FOLDERS_ATTRIBUTE } from '../src/islands/nearer-not-found.ts';
import { firstAnswerFilesOf, islandFilesOf, type BuildManifest } from './island-files.ts';
import { ISLAND_FILES_META } from '../src/islands/island-files.ts';

// Any address no page has: it renders the "*" page.
const NOT_FOUND_PROBE = '/__page-not-found__';

type Config = SiteShell;

/** What the build gives every page besides its content. */
export interface PrerenderOptions {
  /**
   * Old addresses that lead to another page of the site (a removed influencer's profile, config/removed.json), each
   * written as a page that sends the browser on at once, as every host serves it (GitHub Pages has no redirects).
   */
  readonly moved?: readonly MovedAddress[];
  /** The Content-Security-Policy of the site's headers, carried in every page for hosts that send no headers. */
  readonly contentSecurityPolicy?: string;
}

/**
 * For each "/something/:id" page, the 404.html of its folder: what an unknown id shows, such as Influencer Not Found.
 */
function notFoundPagesOfDynamicRoutes(config: Config): string[] {
  return config.pages
    .filter((page) => page.route.includes(':id'))
    .map((page) => page.route.replace(':id', NOT_FOUND_PROBE.slice(1)));
}

/** Every address to write: each page's route, and one profile per influencer for "/influencers/:id". */
function addresses(config: Config, influencerIds: readonly number[]): string[] {
  const paths: string[] = [];
  for (const page of config.pages) {
    if (page.route === '*') continue;
    if (page.route.includes(':id')) for (const id of influencerIds) paths.push(page.route.replace(':id', String(id)));
    else paths.push(page.route);
  }
  return paths;
}

/**
 * The page at a moved address: it sends the browser on at once (a refresh of no delay, which every host serves and no
 * content policy blocks), tells search engines where the content is now, and links there for a browser that stays.
 * Its only words are the title of the page it leads to, as the site names it. It names the site's icon (`icon`, the
 * template's own link), so no browser asks for /favicon.ico, which a site in a folder does not have.
 */
export function movedDocument(config: Config, { to }: MovedAddress, icon = ''): string {
  const target = sitePathsUnder(basePathOf(config.site.url)).pagePath(to);
  const page = config.pages.find((candidate) => candidate.route === to.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1'));
  const title = escapeText(page?.title ?? to);
  return [
    '<!doctype html>',
    `<html lang="${escapeAttribute(config.site.language)}">`,
    '<head>',
    '<meta charset="utf-8" />',
    `<meta http-equiv="refresh" content="0; url=${escapeAttribute(target)}" />`,
    `<link rel="canonical" href="${escapeAttribute(publicAddress(config.site.url, to))}" />`,
    '<meta name="robots" content="noindex" />',
    ...(icon ? [icon] : []),
    `<title>${title}</title>`,
    '</head>',
    `<body><p><a href="${escapeAttribute(target)}">${title}</a></p></body>`,
    '</html>',
    '',
  ].join('\n');
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// Where vite build writes its manifest (vite.config.ts: build.manifest): which file holds each module.
const MANIFEST = '.vite/manifest.json';

// Where each page links the shared stylesheet, once its name is known.
const STYLESHEET_SLOT = '<!--shared-styles-->';

/** What a page needs besides its own content. */
interface PageExtras {
  /** The error screen, ready for when an island fails; only pages with islands carry it. */
  readonly errorScreen: string;
  /**
   * The folders with a 404.html of their own ("/influencers/"), named on the root 404.html
   * (src/islands/nearer-not-found.ts).
   */
  readonly notFoundFolders: readonly string[];
  /** The build's manifest, from which a page names the files of its React islands. */
  readonly manifest: BuildManifest;
}

function documentFor(
  template: string,
  config: Config,
  path: string,
  page: RenderedPage,
  styles: SharedStyles,
  options: PrerenderOptions,
  extras: PageExtras,
): string {
  const address = path.includes(NOT_FOUND_PROBE)
    ? []
    : [
        `<meta property="og:url" content="${escapeAttribute(publicAddress(config.site.url, path))}" />`,
        `<link rel="canonical" href="${escapeAttribute(publicAddress(config.site.url, path))}" />`,
      ];
  // First in the head, so the policy covers everything after it.
  const policy = options.contentSecurityPolicy
    ? `\n    <meta http-equiv="Content-Security-Policy" content="${escapeAttribute(metaPolicyOf(options.contentSecurityPolicy))}" />`
    : '';
  // The page's content, its style tags taken out: the styles live in the shared stylesheet, and one empty tag in the
  // head names them all for the styling library in the browser.
  const used = new Set<string>();
  const errorScreen = page.islands > 0 ? styles.take(extras.errorScreen, used) : '';
  const content = styles.take(page.html, used);
  // (The page script's own file is preloaded by the template already.)
  const base = `${basePathOf(config.site.url)}/`;
  const notInTemplate = (file: string) => !template.includes(`href="${file}"`);
  const firstAnswerFiles = firstAnswerFilesOf(extras.manifest, page.reactIslands, base).filter(notInTemplate);
  const islandFiles = islandFilesOf(extras.manifest, page.reactIslands, base).filter(notInTemplate);
  const head = [
    `<title>${page.title}</title>`,
    `<meta name="description" content="${page.description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttribute(config.site.name)}" />`,
    `<meta property="og:title" content="${page.title}" />`,
    `<meta property="og:description" content="${page.description}" />`,
    // The page's own picture (a creator's photo on their profile), already escaped, or the site's.
    page.shareImage
      ? `<meta property="og:image" content="${escapeAttribute(config.site.url)}${page.shareImage.path}" />\n    <meta property="og:image:alt" content="${page.shareImage.alt}" />`
      : `<meta property="og:image" content="${escapeAttribute(`${config.site.url}${config.site.shareImage}`)}" />`,
    ...address,
    STYLESHEET_SLOT,
    ...(used.size > 0 ? [`<style data-emotion="css ${[...used].join(' ')}"></style>`] : []),
    // The islands' first answers, fetched with the page script, so a visitor who acts the moment the page shows is
    // answered; the rest of the islands' code is named for the page script to fetch when it is needed, so it does not
    // share the network with the first paint (scripts/island-files.ts, src/islands/site.ts).
    ...firstAnswerFiles.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`),
    ...(islandFiles.length > 0
      ? [`<meta name="${ISLAND_FILES_META}" content="${escapeAttribute(islandFiles.join(' '))}">`]
      : []),
    // Pages of the site are fetched when the visitor is about to follow a link (src/islands/prefetch.ts).
    `<script type="speculationrules">${speculationRules(basePathOf(config.site.url))}</script>`,
  ].join('\n    ');
  // Replacer functions, so a "$" in the content (rates such as "$$$") is never read as a replacement pattern.
  return (
    template
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(config.site.language)}">`)
      .replace(/<meta charset="[^"]*" \/>/, (charset) => `${charset}${policy}`)
      .replace('</head>', () => `    ${head}\n  </head>`)
      // The page script holds the page's first paint (it is small): its listener for the arriving page's cross-fade is
      // then in place before the browser reveals the page, so a fade the browser gives up is caught, never uncaught.
      .replace('<script type="module" crossorigin', () => '<script type="module" blocking="render" crossorigin')
      .replace('<div id="root"><!--app-html--></div>', () => {
        const folders =
          path === NOT_FOUND_PROBE && extras.notFoundFolders.length > 0
            ? ` ${NOT_FOUND_FOLDERS_ATTRIBUTE}="${escapeAttribute(JSON.stringify(extras.notFoundFolders))}"`
            : '';
        return `<div id="root" data-prerendered="${escapeAttribute(path)}"${folders}>${content}</div>${errorScreen}`;
      })
  );
}

/**
 * The styles of every page, gathered into one stylesheet that every page links, so a page's HTML does not repeat
 * them: 10,000 profiles would otherwise carry the same 70 KB each. The styling library writes a style tag before each
 * element it styles; they are taken out of the page (a style tag belongs in the head), and their names listed in one
 * empty tag in the head, so the library in the browser knows they are in place and does not add them again, nor has
 * dozens of tags to move before an island attaches. (Global styles need no name: the browser's copy of the design
 * system never adds them again, vite.config.ts.)
 */
class SharedStyles {
  private readonly rules = new Map<string, string>();

  /** The page's HTML without its style tags, their styles kept for the stylesheet and their names added to `used`. */
  take(html: string, used: Set<string>): string {
    return html.replace(
      /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g,
      (_tag, names: string, css: string) => {
        if (!this.rules.has(names)) this.rules.set(names, css);
        const [key, ...ids] = names.split(' ');
        if (key === 'css') for (const id of ids) used.add(id);
        return '';
      },
    );
  }

  /** The stylesheet: global styles first, then the rest in the order pages first used them. */
  css(): string {
    const entries = [...this.rules];
    return [
      ...entries.filter(([names]) => names.startsWith('css-global')),
      ...entries.filter(([names]) => !names.startsWith('css-global')),
    ]
      .map(([, css]) => css)
      .join('\n');
  }
}

function write(file: string, html: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}

/** Pre-renders the site built into `dist` with the server entry built into `serverBuild`, which it then removes. */
export async function prerenderSite(dist: string, serverBuild: string, options: PrerenderOptions = {}): Promise<void> {
  const { renderPage, renderErrorScreen, config, influencerIds } = (await import(
    pathToFileURL(join(serverBuild, 'entry-server.js')).href
  )) as {
    renderPage: (path: string) => Promise<RenderedPage>;
    renderErrorScreen: () => Promise<string>;
    config: Config;
    influencerIds: readonly number[];
  };
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const styles = new SharedStyles();
  const started = performance.now();
  const paths = addresses(config, influencerIds);
  // Every page first, so the stylesheet (named by a hash of its content) is complete before any page links it.
  const documents: [file: string, html: string][] = [];
  const base = basePathOf(config.site.url);
  const extras: PageExtras = {
    errorScreen: await renderErrorScreen(),
    notFoundFolders: notFoundPagesOfDynamicRoutes(config).map((path) => `${base}${dirname(path)}/`),
    manifest: JSON.parse(readFileSync(join(dist, MANIFEST), 'utf8')) as BuildManifest,
  };
  const render = async (file: string, path: string) =>
    documents.push([file, documentFor(template, config, path, await renderPage(path), styles, options, extras)]);
  for (const path of paths)
    await render(path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html'), path);
  await render(join(dist, '404.html'), NOT_FOUND_PROBE);
  for (const path of notFoundPagesOfDynamicRoutes(config)) await render(join(dist, dirname(path), '404.html'), path);
  const icon = /<link rel="icon"[^>]*>/.exec(template)?.[0];
  for (const moved of options.moved ?? [])
    write(join(dist, moved.from, 'index.html'), movedDocument(config, moved, icon));
  const css = styles.css();
  const stylesheet = `/assets/styles-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  write(join(dist, stylesheet), css);
  // Linked from the folder the site lives in: "/loom-site/assets/..." for a GitHub project site.
  const href = `${basePathOf(config.site.url)}${stylesheet}`;
  for (const [file, html] of documents)
    write(
      file,
      html.replace(STYLESHEET_SLOT, () => `<link rel="stylesheet" href="${href}" />`),
    );
  // Search engines: every page and profile, and where to find them.
  const origin = config.site.url;
  write(
    join(dist, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((path) => `  <url><loc>${escapeAttribute(publicAddress(origin, path))}</loc></url>`).join('\n')}\n</urlset>\n`,
  );
  write(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  rmSync(serverBuild, { recursive: true, force: true });
  // The manifest served the build; the site does not publish it. It is kept beside the site, where the content gate
  // reads which files each page's behaviours load (scripts/check-site.ts).
  renameSync(join(dist, MANIFEST), builtManifestOf(dist));
  rmSync(join(dist, dirname(MANIFEST)), { recursive: true, force: true });
  console.log(`Pre-rendered ${paths.length} pages and 404.html in ${Math.round(performance.now() - started)} ms.`);
}
