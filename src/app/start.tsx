/** Starts the app in the browser: attaches React to the pre-rendered page, or draws it when there is none. */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import config from 'virtual:site-shell';
import { AppProviders } from './App';
import { createRoutes, pageAt, SiteRoutes } from './routes';
import { preloadPage } from '../page/PageView';
import { receiveEmbeddedInfluencer } from '../influencers/store';
import { BASE_PATH, pathInSite } from '../content/site-paths';

const routes = createRoutes(config);
const container = document.getElementById('root')!;
// The page's path within the site, without the folder a project site lives in ("/loom-site").
const pathname = pathInSite(window.location.pathname);
const match = pageAt(routes, pathname);

// What the pre-rendered page carries inside it (the influencer of a profile), so showing it needs no request.
const embedded = document.getElementById('page-data')?.textContent;
if (embedded) receiveEmbeddedInfluencer(JSON.parse(embedded) as Record<string, unknown>, match?.params.id);

// The page's sections and data load before React starts, so hydration matches the pre-rendered HTML without waiting.
await (match ? preloadPage(match.page, match.params) : Promise.resolve());

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter basename={BASE_PATH || undefined}>
        <SiteRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
// Attach to pre-rendered HTML of this very address; 404.html, served for any unknown address, is drawn afresh.
const prerenderedHere = container.dataset.prerendered?.replace(/\/$/, '') === pathname.replace(/\/$/, '');
// As a transition, hydration is done in short slices instead of one long task.
if (prerenderedHere && container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else {
  // React adds the page's own title and description; drop the ones 404.html came with.
  for (const tag of document.head.querySelectorAll('title, meta[name="description"]')) tag.remove();
  container.replaceChildren();
  createRoot(container).render(app);
}
