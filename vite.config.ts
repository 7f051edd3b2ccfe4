import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PROJECT_ROOT, siteFolders } from './src/config/config-files.ts';
import { siteConfigPlugin } from './src/config/vite-plugin-site-config.ts';

// Which site to build or serve: the repository's own, or another folder with config/ and public/ (SITE_DIR=...).
const site = siteFolders(process.env.SITE_DIR ? resolve(process.env.SITE_DIR) : PROJECT_ROOT);

/**
 * Built pages load src/islands/site.ts, which attaches code only to the islands of their pre-rendered HTML. The dev
 * server pre-renders nothing, so there the page's script is the whole app, drawing every page in the browser.
 */
const wholeAppWhileDeveloping: Plugin = {
  name: 'whole-app-while-developing',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace('/src/islands/site.ts', '/src/app/start.tsx'),
};

// The unit tests' settings are in vitest.config.ts.
export default defineConfig({
  plugins: [react(), siteConfigPlugin(site), wholeAppWhileDeveloping],
  publicDir: site.public,
  // The dev server answers this machine only.
  server: { host: '127.0.0.1' },
  build: {
    // The page script only waits for the first paint; islands' chunks load after it, so they never delay it.
    modulePreload: false,
  },
});
