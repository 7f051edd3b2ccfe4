/**
 * The peer of `npm run bench`: a plain single-page agency site, as most are built, in one bundle: React, React Router
 * and Chakra UI, its pages drawn in the browser. It shows the same three interactive pages as the site (the directory,
 * the creator application, contact), so the bench times both the same way in the same run.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '../../test-results/peer-spa'),
    emptyOutDir: true,
    // One bundle is the point of the peer.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
