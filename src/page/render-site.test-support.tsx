import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import config from 'virtual:site-config';
import { AppProviders } from '../app/App';
import { createRoutes } from '../app/routes';

/** Renders the site at an address, as the browser would after navigation, from the config in the repository. */
export function renderSite(path: string, routes: RouteObject[] = createRoutes(config)) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...render(<AppProviders><RouterProvider router={router} /></AppProviders>) };
}
