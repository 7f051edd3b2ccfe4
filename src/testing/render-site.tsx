import { render } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import config from 'virtual:site-config';
import { AppProviders } from '../app/App';
import { createRoutes, SiteRoutes } from '../app/routes';

/** Renders the site at an address, as the browser would after navigation, from the config in the repository. */
export function renderSite(path: string, routes: RouteObject[] = createRoutes(config)) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <SiteRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
}
