/**
 * The layers of the project and which way they may import, checked by src/architecture.test.ts (npm test):
 *
 *   scripts/ ──► src/build (Node: the Vite plugin, the site's modules, its headers) ──► src/checker
 *   src/checker: validate-config.ts (reads a site from disk) ──► check-site.ts (the checker: no Node, runs in a
 *                browser worker too) ──► src/content, src/generated
 *   src/build ──► each section's data.ts, src/influencers/build-data.ts (build time: types and plain rules only)
 *   src/contract (the types the build hands the renderer, and an island's first answer) ◄── the build and the
 *                renderer alike; it imports only src/generated
 *   src/app ──► src/page ──► src/sections/<type>/ ──► src/influencers, src/forms, src/ui, src/content ◄── src/layout
 *   src/islands (the built page's script: sections' behaviour.ts as plain DOM code; React only for React islands,
 *                loaded when a page has one) ──► src/sections
 *
 *   scripts/edit.ts ──► src/editor/server (Node: the visual editor's API) ──► src/checker, src/build
 *   src/editor/server ──► src/editor/git (Node: the store over the author's git repository, its journal) ──►
 *                src/editor/model; the store knows nothing of the server that serves it
 *   src/editor/app (the editor's page) ──► src/editor/preview (the site's renderer on unsaved config) ──► src/app
 *   src/editor/app, src/editor/server ──► src/editor/protocol (what both agree on: headers, the table of routes)
 *   src/editor/app, src/editor/server ──► src/editor/model (files as listed, JSON edits, merges, changes in words,
 *                forms as designed: no Node, so the page, a worker and the server run the same) ──► the checker
 *   src/editor/admin (the editor at the site's /admin/, built by scripts/site-editor-build.ts) ──► src/editor/app,
 *                src/editor/github (the site's repository on GitHub from the browser: no Node) ──► src/editor/model;
 *                its worker builds the preview as the server does (src/editor/server/preview.ts, no Node)
 *
 * Browser code never reaches Node's modules or the checker, nothing imports scripts/, and nothing the site is built
 * from imports src/editor/: the editor never ships in dist/.
 */
const BROWSER =
  '^src/(app|content|contract|forms|influencers|layout|islands|page|sections|ui|theme|generated|editor/app|editor/preview|editor/protocol|editor/model|editor/github|editor/admin)/';

/**
 * The islands' first answers (src/sections/<type>/first-answer.ts) and what they run before any framework has arrived:
 * a form's messages and validators, the directory's search rule and data.
 */
const FIRST_ANSWERS =
  '^src/sections/[^/]+/first-answer\\.ts$|^src/forms/(first-answer|first-submit|form-markup|form-loading|visitor-messages)\\.ts$|' +
  '^src/influencers/(first-search|search|search-index)\\.ts$|^src/content/placeholders\\.ts$|^src/contract/site-config\\.ts$';

/** What every built page runs before anything else: it loads no framework, and what it imports imports nothing. */
/**
 * What every built page runs, and what it may import ahead of any React island: plain DOM code only (the menu button,
 * prefetching, the sections' behaviours and the map that loads them).
 */
const PAGE_SCRIPT =
  '^src/islands/(site|prefetch|error-screen|nearer-not-found|early-actions|first-intent|first-answers|island-markup|island-files)\\.ts$|^src/layout/menu-button\\.ts$|^src/content/site-(paths|folder)\\.ts$|^src/forms/form-draft\\.ts$|' +
  '^src/sections/(behaviours|first-answers|section-types|[^/]+/behaviour)\\.ts$|^src/generated/section-(behaviours|first-answers)\\.ts$|' +
  FIRST_ANSWERS;

/**
 * The checker itself, which runs in Node and in a browser worker alike (check-worker.ts): every module of src/checker/
 * but the few that read a site from disk for it. A new module of the checker is held to this unless named here.
 */
const CHECKER =
  '^src/checker/(?!(validate-config|read-config-files|plain-files|project-folders|report-validation)\\.ts$)[^/]+(?<!\\.test)\\.ts$';

/** What renders: React components and the packages that render them. Build-time code never reaches them. */
const RENDERER =
  '\\.tsx$|^node_modules/(react|react-dom|react-router|react-router-dom|@chakra-ui/[^/]+|@emotion/[^/]+|@rjsf/[^/]+)/';

/** Node's own modules, by the names an import gives them (reachability follows paths, not kinds of dependency). */
const NODE_MODULES_OF_NODE = `^(node:)?(${require('node:module').builtinModules.join('|')})$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'the-site-never-includes-the-editor',
      comment:
        "The visual editor is a local tool; the site that visitors load must hold none of its code. The editor's own test helpers (src/testing/editor-*) aside.",
      severity: 'error',
      from: {
        path: '^src/(app|build|checker|content|contract|forms|generated|influencers|islands|layout|page|sections|testing|theme|ui)/|^src/entry-',
        pathNot: '^src/testing/editor-',
      },
      to: { path: '^src/editor/' },
    },
    {
      name: 'only-the-local-editor-knows-its-server',
      comment:
        "npm run edit's server and its store (Node, the disk, git) are one of two backends: the page, the preview, the GitHub backend and the editor at /admin/ ask through protocol/editor-backend.ts and take their types from protocol/, never from server/ or git/. The browser's worker alone runs the server's preview builder, which is plain code (the-browser-worker-has-no-node keeps it so).",
      severity: 'error',
      from: {
        path: '^src/editor/(app|preview|github|admin|model|protocol)/',
        pathNot: '\\.test\\.tsx?$|^src/editor/admin/site-worker\\.ts$',
      },
      to: { path: '^src/editor/(server|git)/' },
    },
    {
      name: 'only-the-workers-preview-builder-crosses',
      comment:
        'The one import of server/ from the browser: the worker at /admin/ builds previews as npm run edit does.',
      severity: 'error',
      from: { path: '^src/editor/admin/site-worker\\.ts$' },
      to: { path: '^src/editor/(server|git)/', pathNot: '^src/editor/server/preview\\.ts$' },
    },
    {
      name: 'the-git-store-stands-alone',
      comment:
        "The store over the author's git repository (git/) is an adapter of the port (model/repository.ts): it knows nothing of the server that serves it, the page, or the GitHub store.",
      severity: 'error',
      from: { path: '^src/editor/git/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/editor/(server|admin|app|preview|github)/' },
    },
    {
      name: 'the-github-store-stands-alone',
      comment:
        'The store over GitHub (github/) is the same port from a browser: it knows nothing of the page that runs it or the git store, which runs git on a disk.',
      severity: 'error',
      from: { path: '^src/editor/github/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/editor/(server|admin|app|preview|git)/' },
    },
    {
      name: 'the-editor-page-asks-through-its-backend',
      comment:
        "The editor's page asks the site it edits through its backend (protocol/editor-backend.ts), never the local server's client (app/api.ts) itself, so that both backends serve every part of the page; app/local-backend.ts alone wraps it.",
      severity: 'error',
      from: {
        path: '^src/editor/(app|preview|admin|github)/',
        pathNot: '^src/editor/app/(local-backend|api)\\.ts$|\\.test\\.tsx?$',
      },
      to: { path: '^src/editor/app/api\\.ts$' },
    },
    {
      name: 'only-tests-use-the-test-sites',
      comment:
        'src/testing/ holds the test sites and their helpers. What builds, serves, checks or edits a real site never depends on them.',
      severity: 'error',
      from: {
        path: '^src/|^vite\\.config\\.ts$|^scripts/(build|serve|edit|validate|prerender|generate|gen-docs|generated-file)\\.ts$',
        pathNot: '^src/testing/|\\.test\\.tsx?$|^src/test-setup\\.ts$',
      },
      to: { path: '^src/testing/' },
    },
    {
      name: 'no-cycles',
      comment: 'Modules that import each other, even through others, cannot be read or changed one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'sections-are-independent',
      comment:
        "A section's folder never imports another's: what two sections share lives in src/ui, src/content or a feature folder.",
      severity: 'error',
      from: { path: '^src/sections/([^/]+)/' },
      to: { path: '^src/sections/[^/]+/', pathNot: '^src/sections/$1/' },
    },
    {
      name: 'sections-build-on-features',
      comment:
        "A section is made of the features (forms, influencers) and shared pieces (ui) below it; they never import a section, so what they share with one (a first answer's shape) lives lower, in src/contract or src/content.",
      severity: 'error',
      from: { path: '^src/(forms|influencers|ui)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/sections/' },
    },
    {
      name: 'layout-never-imports-a-page',
      comment: 'The layout frames every page; a page is rendered inside it, never the other way round.',
      severity: 'error',
      from: { path: '^src/layout/' },
      to: { path: '^src/(page|app)/' },
    },
    {
      name: 'the-page-script-loads-no-framework',
      comment:
        "src/islands/site.ts runs on every built page, most of which have no React island: it may load React islands' code only by a dynamic import, when the page has one.",
      severity: 'error',
      from: { path: '^src/islands/site\\.ts$' },
      to: { dynamic: false, pathNot: PAGE_SCRIPT },
    },
    {
      name: 'the-page-script-stands-alone',
      comment:
        "The page script's parts and the sections' behaviours are plain DOM code: they import each other and types, never React, Chakra or a component.",
      severity: 'error',
      from: { path: PAGE_SCRIPT, pathNot: '^src/islands/site\\.ts$' },
      to: { pathNot: PAGE_SCRIPT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-scripts',
      comment: 'scripts/ are command-line tools; what they share lives in src/checker and src/build.',
      severity: 'error',
      from: { path: '^(src|e2e)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'the-protocol-stands-alone',
      comment:
        "What the editor's page and its two backends (its server, GitHub) agree on is read by all of them and by the core's rules (model/), so it imports none of them.",
      severity: 'error',
      from: { path: '^src/editor/protocol/' },
      to: { path: '^src/editor/(app|preview|server|git|github|admin|model)/' },
    },
    {
      name: 'the-browser-worker-has-no-node',
      comment:
        "The editor at /admin/ checks and previews in a browser worker (admin/site-worker.ts), which runs the server's preview builder (server/preview.ts): nothing it reaches, however far, uses a Node module.",
      severity: 'error',
      from: { path: '^src/editor/admin/site-worker\\.ts$' },
      to: { path: NODE_MODULES_OF_NODE, reachable: true },
    },
    {
      name: 'the-checker-runs-anywhere',
      comment:
        'The checker runs in a browser worker as well as in Node: it uses no Node module, and reads the disk only through what validate-config.ts hands it.',
      severity: 'error',
      from: { path: CHECKER },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'the-checker-never-reads-the-disk',
      comment:
        'The checker imports no module that reads from disk and nothing of the build: they call it, never the other way.',
      severity: 'error',
      from: { path: CHECKER },
      to: { path: '^src/(checker|build)/', pathNot: CHECKER },
    },
    {
      name: 'browser-code-has-no-node',
      comment: 'Code that runs in the browser cannot use Node modules such as node:fs.',
      severity: 'error',
      from: { path: BROWSER, pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-code-never-runs-the-checker',
      comment:
        "The build reads files with Node and the site's pages receive its result as virtual modules; they use the checker's types at most.",
      severity: 'error',
      from: { path: BROWSER, pathNot: '^src/editor/|\\.test\\.tsx?$' },
      to: { path: '^src/(checker|build)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'the-editor-page-runs-only-the-portable-checker',
      comment:
        "The editor's page may run the checker itself (it has no Node), never the modules that read the disk or build the site.",
      severity: 'error',
      from: { path: '^src/editor/(app|preview|protocol|model)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(checker|build)/', pathNot: CHECKER, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'the-editor-model-runs-anywhere',
      comment:
        "What editing means (src/editor/model) is the same in the editor's page, a worker, its server and its GitHub backend: it imports none of them.",
      severity: 'error',
      from: { path: '^src/editor/model/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/editor/(app|preview|server|git|github|admin)/' },
    },
    {
      name: 'the-checker-never-imports-the-renderer',
      comment:
        'The checker and the build run in Node and serve the renderer; of it, they read only the build-time data of sections and features.',
      severity: 'error',
      from: { path: '^src/(checker|build)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(app|forms|layout|page|ui|theme)/' },
    },
    {
      name: 'build-time-data-never-reaches-the-renderer',
      comment:
        "A section's data.ts and the modules the build reads run at build time in Node: types and plain rules only, never a component or React, even through another module.",
      severity: 'error',
      from: {
        path: '^src/(checker|build|contract)/|^src/sections/[^/]+/data\\.ts$|^src/influencers/build-data\\.ts$',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: RENDERER, reachable: true },
    },
    {
      name: 'shared-rules-stand-alone',
      comment: 'src/content holds rules the renderer and the checker share; it imports neither.',
      severity: 'error',
      from: { path: '^src/content/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/(app|checker|build|forms|influencers|layout|page|sections|ui|theme|testing)/' },
    },
    {
      name: 'the-contract-is-plain-types',
      comment:
        'src/contract is what the build hands the renderer, and what the page script and the first answers share: all import it, so it imports none of them, only the generated types.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/(contract|generated)/' },
    },
  ],
  options: {
    // Virtual modules of the Vite plugin have no file; they are not dependencies to follow.
    exclude: { path: '^virtual:' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
