/**
 * Starts the whole app in the browser, for the dev server (vite.config.ts), which pre-renders nothing: every page is
 * drawn here, through the router. Built pages load src/islands/site.ts instead.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import config from 'virtual:site-shell';
import { AppProviders } from './App.tsx';
import { createRoutes, SiteRoutes } from './routes.tsx';
import { RouterLinks } from './router-navigation.tsx';
import { BASE_PATH } from '../content/site-paths.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter basename={BASE_PATH || undefined}>
        <RouterLinks>
          <SiteRoutes routes={createRoutes(config)} />
        </RouterLinks>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
