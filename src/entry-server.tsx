import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import config from 'virtual:site-shell';
import records from 'virtual:influencer-records';
import { AppProviders } from './app/App.tsx';
import { createRoutes, pageAt } from './app/routes.tsx';
import { IslandsAsSlots, islandSlot, loadPageData, preloadPage } from './page/PageView.tsx';
import { BASE_PATH } from './content/site-paths.ts';
import { ErrorScreen } from './layout/ErrorScreen.tsx';
import { ERROR_SCREEN_ID } from './islands/error-screen.ts';
import { islandMarkup } from './islands/island-markup.ts';
import { islandIdPrefix, IslandRoot, type IslandProps } from './islands/IslandRoot.tsx';
import { sectionDefinition } from './sections/registry.ts';
import { behaviourOf } from './sections/behaviours.ts';
import type { SiteAddress } from './ui/navigation.tsx';
import type { Section } from './generated/config-types.ts';

export { config };

/** The ids of every influencer, for the profiles to pre-render. */
export const influencerIds = (records ?? []).map((influencer) => influencer.id);

/** A page rendered to HTML ahead of time, with what goes in the document head. */
export interface RenderedPage {
  readonly status: number;
  /** The app's markup, for inside #root. */
  readonly html: string;
  readonly title: string;
  readonly description: string;
  /** The page's own link preview picture (its path in the site, escaped) and its words, when it has one. */
  readonly shareImage?: { readonly path: string; readonly alt: string };
  /** How many islands the page has: the parts that load code in the browser. */
  readonly islands: number;
  /**
   * The sections of its React islands, whose code the page names for the browser to fetch (scripts/island-files.ts).
   */
  readonly reactIslands: readonly Section[];
}

const routes = createRoutes(config);
// Links come out with the folder the site is published in ("/loom-site/about" for a project site).
const handler = createStaticHandler(routes, { basename: BASE_PATH || undefined });
// Everything is loaded before rendering, so React never suspends: the HTML comes out whole, with no inline scripts.
const everythingLoaded = Promise.all(config.pages.map((page) => preloadPage(page)));

/** A tree rendered to HTML whole: React never suspends, since everything it shows was loaded before. */
async function htmlOf(tree: ReactNode, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    identifierPrefix,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const cannotMove = () => {
  throw new Error('A page being pre-rendered cannot move to another address.');
};

/**
 * An island's HTML, rendered on its own as the browser attaches it (src/islands/hydrate.tsx), at the address as the
 * build sees it: no search, no moves yet.
 */
function renderIsland(id: string, props: IslandProps, path: string): Promise<string> {
  const address: SiteAddress = { pathname: path, search: '', params: props.params, key: '0', go: cannotMove };
  return htmlOf(<ServerIsland {...props} address={address} />, islandIdPrefix(id));
}

// The same shape of tree as the browser's BrowserIsland: one component above the island's root.
function ServerIsland({ params: _params, address, ...rest }: IslandProps & { address: SiteAddress }) {
  return <IslandRoot {...rest} address={address} onError={cannotMove} />;
}

/** The error screen, ready in a <template> for when an island fails (src/islands/error-screen.ts). */
export async function renderErrorScreen(): Promise<string> {
  const html = await htmlOf(
    <AppProviders>
      <ErrorScreen />
    </AppProviders>,
    'error-',
  );
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  return `<template id="${ERROR_SCREEN_ID}" data-title="${title}">${html.replace(/<title>[\s\S]*?<\/title>/, '')}</template>`;
}

/** Renders one address of the site to HTML, waiting for every lazily loaded section. Used by scripts/prerender.ts. */
export async function renderPage(path: string): Promise<RenderedPage> {
  await everythingLoaded;
  const context = await handler.query(new Request(`http://localhost${BASE_PATH}${path}`));
  if (context instanceof Response)
    throw new Error(`${path} answered with a redirect or response; pages are only rendered.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script with router state, so the Content-Security-Policy can forbid inline scripts.
  let html = await htmlOf(
    <AppProviders>
      <IslandsAsSlots value>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </IslandsAsSlots>
    </AppProviders>,
  );

  // React places a page's <title> and <meta> ahead of its markup; they belong in the document head.
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"\/?>/.exec(html)?.[1] ?? '';
  html = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description" content="[^"]*"\/?>/, '');
  const imagePath = /<meta property="og:image" content="([^"]*)"\/?>/.exec(html)?.[1];
  const imageAlt = /<meta property="og:image:alt" content="([^"]*)"\/?>/.exec(html)?.[1] ?? '';
  const shareImage = imagePath === undefined ? undefined : { path: imagePath, alt: imageAlt };
  html = html.replace(/<meta property="og:image(:alt)?" content="[^"]*"\/?>/g, '');
  const match = pageAt(routes, path);

  // Each React island in its slot, rendered on its own, with what the browser renders it from beside it. Sections with
  // a behaviour are islands too, already marked where they stand (src/page/PageView.tsx).
  let islands = 0;
  const reactIslands: Section[] = [];
  if (match) {
    const data = await loadPageData(match.page);
    for (const [index, section] of match.page.sections.entries()) {
      if (behaviourOf(section.type)) islands++;
      if (!sectionDefinition(section.type)?.island) continue;
      const id = `island-${index}`;
      const props: IslandProps = { section, data, params: match.params };
      const island = islandMarkup(id, props, await renderIsland(id, props, path));
      html = html.replace(islandSlot(index), () => island);
      islands++;
      reactIslands.push(section);
    }
  }
  return { status: context.statusCode, html, title, description, shareImage, islands, reactIslands };
}
