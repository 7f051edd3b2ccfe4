import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import config from 'virtual:site-config';
import { AppProviders } from './app/App';
import { createRoutes } from './app/routes';

const router = createBrowserRouter(createRoutes(config));
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Pre-rendered pages already hold their HTML: attach to it instead of drawing it again.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
