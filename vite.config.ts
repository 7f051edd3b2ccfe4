import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteConfigPlugin } from './src/config/vite-plugin-site-config.ts';

/**
 * First-load code in three chunks, one per stage of src/entry-client.tsx, instead of dozens of sub-kilobyte files
 * that each cost a request: React and the router, Chakra's styling engine with the components every page uses,
 * and the site's shell. Sections, forms, the tooltip and the toaster stay in chunks of their own, loaded by the
 * pages that need them.
 */
const FIRST_LOAD_CHUNKS = [
  // Shared by the entry and the chunks it loads; on its own, so the entry does not pull a stage in early.
  { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
  {
    name: 'chakra',
    test: /[\\/]src[\\/]theme[\\/]|[\\/]node_modules[\\/](@emotion|stylis|@pandacss|react-is|hoist-non-react-statics|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|preset-base|theme|components[\\/](box|container|heading|simple-grid|stack|button|badge|loader|spinner|absolute-center|group)[\\/]))/,
  },
  // Not src/app/start.tsx: its top-level await loads chunks that import this one, which must have finished running.
  { name: 'site', test: /[\\/]src[\\/](app[\\/](?!start)|layout[\\/](?!Toaster)|page|ui[\\/](?!Tooltip)|sections[\\/][a-z-]+\.ts$|forms[\\/]FormSlot)|^\0?virtual:site-config/ },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), siteConfigPlugin(import.meta.dirname)],
  build: {
    // The entry only waits for the first paint; the app's chunks load after it, so they never delay it.
    modulePreload: false,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: FIRST_LOAD_CHUNKS.map((group, index) => ({ ...group, priority: FIRST_LOAD_CHUNKS.length - index })) } } },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
}));
