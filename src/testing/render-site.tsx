import { render } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import config from 'virtual:site-shell';
import { AppProviders } from '../app/App.tsx';
import { createRoutes, pageAt, SiteRoutes } from '../app/routes.tsx';
import { RouterLinks } from '../app/router-navigation.tsx';
import { preloadPage } from '../page/PageView.tsx';

/**
 * Renders the site at an address as the browser does when it opens it: the page's code and data load first (as
 * src/app/start.tsx loads them before hydrating), then the app renders, from the config of the site under test.
 */
export async function renderSite(path: string, routes: RouteObject[] = createRoutes(config)) {
  const match = pageAt(routes, path.split('?')[0]!);
  if (match) await preloadPage(match.page, match.params);
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <RouterLinks>
          <SiteRoutes routes={routes} />
        </RouterLinks>
      </MemoryRouter>
    </AppProviders>,
  );
}
