/**
 * In the browser, a built page's islands run on Preact through its React compatibility layer: the same components
 * as everywhere else, attached by a framework a seventh of React DOM's size (10 KB gzip against 64). The build aliases
 * React to it for the browser's code (vite.config.ts), and the unit tests named *.preact.test.tsx run with the same
 * aliases (vitest.config.ts), so they see the islands as a visitor's browser runs them. Pre-rendering, the dev server,
 * the editor's preview and the other unit tests run React itself.
 */
export const ISLANDS_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
