import type { RouteObject } from 'react-router-dom';
import type { SiteConfig } from '../config/site-config';
import { ErrorScreen } from '../layout/ErrorScreen';
import { SiteLayout } from '../layout/SiteLayout';
import { PageView } from '../page/PageView';

/** One route per page of config/pages/, inside the shared layout; "*" is the not-found page. */
export function createRoutes(config: Pick<SiteConfig, 'pages'>): RouteObject[] {
  return [
    {
      path: '/',
      element: <SiteLayout />,
      errorElement: <ErrorScreen />,
      children: config.pages.map((page): RouteObject =>
        page.route === '/' ? { index: true, element: <PageView page={page} /> } : { path: page.route, element: <PageView page={page} /> },
      ),
    },
  ];
}
