import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PROJECT_ROOT, siteFolders } from './src/config/config-files.ts';
import { siteConfigPlugin } from './src/config/vite-plugin-site-config.ts';

// Which site to build or serve: the repository's own, or another folder with config/ and public/ (SITE_DIR=...).
const site = siteFolders(process.env.SITE_DIR ? resolve(process.env.SITE_DIR) : PROJECT_ROOT);

// The unit tests' settings are in vitest.config.ts.
export default defineConfig({
  plugins: [react(), siteConfigPlugin(site)],
  publicDir: site.public,
  // The dev server answers this machine only.
  server: { host: '127.0.0.1' },
  // The entry only waits for the first paint; the app's chunks load after it, so they never delay it.
  build: { modulePreload: false },
});
