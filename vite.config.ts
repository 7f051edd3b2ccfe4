import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteConfigPlugin } from './src/config/vite-plugin-site-config.ts';

export default defineConfig({
  plugins: [react(), siteConfigPlugin(import.meta.dirname)],
  // The entry only waits for the first paint; the app's chunks load after it, so they never delay it.
  build: { modulePreload: false },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
