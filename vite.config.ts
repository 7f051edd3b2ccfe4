import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PROJECT_ROOT, siteFolders } from './src/checker/project-folders.ts';
import { ISLANDS_ON_PREACT } from './src/build/islands-on-preact.ts';
import { siteConfigPlugin } from './src/build/vite-plugin-site-config.ts';

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

/** What the site's code never uses of a package, left out of the site (see each stand-in). */
const LEFT_OUT = [
  { find: /^markdown-to-jsx(\/react)?$/, replacement: resolve(import.meta.dirname, 'src/forms/plain-markdown.tsx') },
];

/**
 * Where react-jsonschema-form takes its default parts from (the module importing, what it imports), and the stand-in
 * of src/forms/form-parts.ts a built site takes instead.
 */
const FORM_PARTS: readonly { importer: RegExp; source: string; standIn: string }[] = [
  {
    importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/,
    source: './components/fields/index.js',
    standIn: 'siteFormFields',
  },
  {
    importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/,
    source: './components/widgets/index.js',
    standIn: 'siteFormWidgets',
  },
  {
    importer: /@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/,
    source: './components/templates/index.js',
    standIn: 'siteFormTemplates',
  },
  {
    importer: /@rjsf[\\/]utils[\\/]lib[\\/]findSchemaDefinition\.js$/,
    source: 'fast-uri',
    standIn: 'siteFormReferences',
  },
  {
    importer: /@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/][\w]+\.js$/,
    source: './shallowAllOfMerge.js',
    standIn: 'siteFormAllOf',
  },
];

/** A built site's forms carry only the parts of react-jsonschema-form they can be made of (src/forms/form-parts.ts). */
const siteFormParts: Plugin = {
  name: 'site-form-parts',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const part =
      importer && FORM_PARTS.find((candidate) => candidate.source === source && candidate.importer.test(importer));
    return part ? `\0site-form-part:${part.standIn}` : null;
  },
  load(id) {
    if (!id.startsWith('\0site-form-part:')) return null;
    const standIn = id.slice('\0site-form-part:'.length);
    return `export { ${standIn} as default } from ${JSON.stringify(resolve(import.meta.dirname, 'src/forms/form-parts.ts'))};`;
  },
};

/** Where Chakra's design system builds the page-wide CSS, and what the browser's copy builds instead. */
const PAGE_WIDE_CSS = {
  file: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
  code: 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
};

/**
 * In the browser, the design system skips building the page-wide CSS (the reset, the global styles and a variable for
 * every token): a built page already holds it, pre-rendered, and building it again was half the work of attaching an
 * island on a phone. Should Chakra change that line, the build stops here rather than ship the work again unnoticed.
 */
const pageWideCssOnlyOnce: Plugin = {
  name: 'page-wide-css-only-once',
  apply: 'build',
  transform(code, id, options) {
    if (options?.ssr || !PAGE_WIDE_CSS.file.test(id)) return null;
    if (!code.includes(PAGE_WIDE_CSS.code))
      this.error(`Chakra's ${id} no longer builds its page-wide CSS as vite.config.ts expects: update PAGE_WIDE_CSS.`);
    return code.replace(PAGE_WIDE_CSS.code, 'const _global = [];');
  },
};

/**
 * The page script's parts, which every page loads: no island's file may hold them, or a page of text would load it.
 * The page names their file beside its script, so the browser fetches both at once.
 */
const PAGE_SCRIPT_PARTS =
  /[\\/]src[\\/](content[\\/]site-(paths|folder)|layout[\\/]menu-button|forms[\\/]form-draft|sections[\\/](behaviours|first-answers)|generated[\\/]section-(behaviours|first-answers)|islands[\\/](early-actions|first-intent|first-answers|island-markup|error-screen|nearer-not-found|prefetch))\.ts$|preload-helper/;

/**
 * The first answers of React islands (src/sections/<type>/first-answer.ts) and what they run: a form's messages and
 * the runtime of its compiled validators, the directory's search rule and data. One small file, which a page with such
 * an island fetches with its script; none of it is React, Chakra or RJSF.
 */
const FIRST_ANSWERS =
  /[\\/]src[\\/](forms[\\/](first-answer|first-submit|form-markup|form-loading|visitor-messages)|influencers[\\/](first-search|search|search-index)|content[\\/]placeholders|contract[\\/]site-config|sections[\\/][\w-]+[\\/]first-answer)\.ts$|virtual:forms$|node_modules[\\/](ajv[\\/]dist[\\/]runtime[\\/]ucs2length|ajv-formats[\\/]dist[\\/]formats)\.js$/;

/** Libraries only forms use: the directory's page never loads them. */
const FORM_LIBRARIES = /node_modules[\\/](@rjsf|@x0k|fast-equals|jsonpointer|ajv|ajv-formats)[\\/]/;

/**
 * Formatted text and its Markdown parser: drawn when the site is built (islands never draw it), so no page loads them.
 */
const FORMATTED_TEXT =
  /node_modules[\\/](mdast-util-[\w-]+|micromark[\w-]*|decode-named-character-reference|character-entities|unist-util-[\w-]+|devlop)[\\/]|[\\/]src[\\/](ui[\\/]FormattedText\.tsx|content[\\/]markdown\.ts)$/;

/**
 * The islands' code in a few files rather than dozens, so a phone on a slow network fetches it in one or two round
 * trips: what every island needs (the framework, the design system, the pieces sections share), and what forms need
 * besides. The page script's parts stay apart, so a page of text loads none of it; each section's own component
 * stays a file of its own, loaded by the pages that show it.
 */
const ISLAND_CHUNKS = [
  { name: 'formatted-text', priority: 4, test: FORMATTED_TEXT, includeDependenciesRecursively: false },
  { name: 'page', priority: 3, test: PAGE_SCRIPT_PARTS, includeDependenciesRecursively: false },
  { name: 'first-answer', priority: 5, test: FIRST_ANSWERS, includeDependenciesRecursively: false },
  {
    name: 'islands',
    priority: 2,
    test: (id: string) =>
      !FORM_LIBRARIES.test(id) &&
      !FORMATTED_TEXT.test(id) &&
      /[\\/]src[\\/](islands[\\/]hydrate\.tsx|theme[\\/]|ui[\\/]|influencers[\\/]|layout[\\/])|virtual:site-shell|node_modules[\\/]/.test(
        id,
      ),
  },
  {
    name: 'forms',
    priority: 1,
    test: (id: string) => FORM_LIBRARIES.test(id) || /[\\/]src[\\/]forms[\\/]/.test(id),
  },
];

// The unit tests' settings are in vitest.config.ts.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), siteConfigPlugin(site), wholeAppWhileDeveloping, siteFormParts, pageWideCssOnlyOnce],
  resolve: { alias: [...LEFT_OUT, ...(command === 'build' && !isSsrBuild ? ISLANDS_ON_PREACT : [])] },
  publicDir: site.public,
  // The dev server answers this machine only.
  server: { host: '127.0.0.1' },
  build: {
    // An island's files are fetched together when the page script asks for them, after the first paint (a file's
    // imports are preloaded with it, rather than found one after another); every browser the site serves preloads
    // modules itself.
    modulePreload: { polyfill: false },
    // Which file holds each module: each page names its islands' files from it (scripts/island-files.ts).
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          // Chakra's theme module builds its whole default theme with defineConfig, a function that returns what it is
          // given: marked pure, the recipes of components the site never shows stay out (site-theme.ts takes its own).
          treeshake: { manualPureFunctions: ['defineConfig'] },
          output: { codeSplitting: { groups: ISLAND_CHUNKS } },
        },
  },
}));
