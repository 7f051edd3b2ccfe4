import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import type { SiteShell } from '../contract/site-config.ts';
import type { Page } from '../generated/config-types.ts';
import { ErrorBoundary } from '../layout/ErrorScreen.tsx';
import { SiteLayout } from '../layout/SiteLayout.tsx';
import { PageView } from '../page/PageView.tsx';
import { RouterAddress } from './router-navigation.tsx';

/** One route per page of config/pages/, inside the shared layout; "*" is the not-found page. */
export function createRoutes(config: Pick<SiteShell, 'pages'>): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <ErrorBoundary>
          <SiteLayout />
        </ErrorBoundary>
      ),
      children: config.pages.map((page): RouteObject => {
        const element = (
          <RouterAddress>
            <PageView page={page} />
          </RouterAddress>
        );
        return page.route === '/'
          ? { index: true, element, handle: page }
          : { path: page.route, element, handle: page };
      }),
    },
  ];
}

/**
 * The page for the current address. The browser uses react-router's component routing, not its data router:
 * the site has no loaders or actions, and the data router would add about 15 KB to every first load.
 */
export function SiteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The page the router shows at a path, with the parameters of its address (the id of /influencers/:id). */
export function pageAt(routes: RouteObject[], pathname: string): { page: Page; params: Params } | undefined {
  const match = (matchRoutes(routes, pathname) ?? []).at(-1);
  return match?.route.handle ? { page: match.route.handle as Page, params: match.params } : undefined;
}
