import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import config from 'virtual:site-shell';
import records from 'virtual:influencer-records';
import { AppProviders } from './app/App';
import { createRoutes, pageAt } from './app/routes';
import { embeddedDataOfPage, preloadPage } from './page/PageView';
import { BASE_PATH } from './content/site-paths';

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
  /** What the page carries inside its HTML for the browser, such as the influencer of a profile. */
  readonly embedded: Record<string, unknown>;
}

const routes = createRoutes(config);
// Links come out with the folder the site is published in ("/loom-site/about" for a project site).
const handler = createStaticHandler(routes, { basename: BASE_PATH || undefined });
// Everything is loaded before rendering, so React never suspends: the HTML comes out whole, with no inline scripts.
const everythingLoaded = Promise.all(config.pages.map((page) => preloadPage(page)));

/** Renders one address of the site to HTML, waiting for every lazily loaded section. Used by scripts/prerender.ts. */
export async function renderPage(path: string): Promise<RenderedPage> {
  await everythingLoaded;
  const context = await handler.query(new Request(`http://localhost${BASE_PATH}${path}`));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect or response; pages are only rendered.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script with router state, so the Content-Security-Policy can forbid inline scripts.
  const { prelude } = await prerenderToNodeStream(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  let html = Buffer.concat(chunks).toString('utf8');

  // React places a page's <title> and <meta> ahead of its markup; they belong in the document head.
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"\/?>/.exec(html)?.[1] ?? '';
  html = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description" content="[^"]*"\/?>/, '');
  const match = pageAt(routes, path);
  const embedded = match ? embeddedDataOfPage(match.page, match.params) : {};
  return { status: context.statusCode, html, title, description, embedded };
}
