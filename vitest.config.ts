import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteFolders } from './src/checker/project-folders.ts';
import { ISLANDS_ON_PREACT } from './src/build/islands-on-preact.ts';
import { siteConfigPlugin } from './src/build/vite-plugin-site-config.ts';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from './src/testing/sites.ts';

/**
 * How long a test or hook may take before it counts as hung. Tests check behaviour, never speed (`npm run bench` holds
 * the budgets): a test that copies and validates a site takes under a second alone and several on a busy two-core
 * machine, which must not fail it.
 */
const HUNG_AFTER_MS = 60_000;

/** Every unit test file, as a path from the project's folder. */
const TEST_FILES = ['src', 'scripts'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file)),
);

/**
 * Test files that replace a module for themselves (vi.mock). Every other file shares its test process's loaded modules
 * with the files that ran before it in that process (isolate: false): React, Chakra, the renderer and the checker are
 * loaded once per process, not once per file, which took the unit tests from 305 s to about 210 s on two cores. A
 * replaced module must be loaded afresh, so these files run isolated, in a project of their own.
 */
const replacesModules = (file: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8'));

/**
 * Unit tests of one site, the files `selects` picks: `virtual:site-shell` and the forms come from that site's config/.
 * A second project, named "<name>, modules replaced", holds those of them that replace a module.
 */
const unitTestsOf = (name: string, siteDir: string, selects: (file: string) => boolean) => {
  const files = TEST_FILES.filter(selects);
  const isolated = files.filter(replacesModules);
  const project = (projectName: string, include: string[], isolate: boolean) => ({
    plugins: [react(), siteConfigPlugin(siteFolders(siteDir))],
    test: {
      name: projectName,
      include,
      isolate,
      setupFiles: ['src/test-setup.ts'],
      env: { SITE_DIR: siteDir },
      testTimeout: HUNG_AFTER_MS,
      hookTimeout: HUNG_AFTER_MS,
    },
  });
  return [
    project(
      name,
      files.filter((file) => !isolated.includes(file)),
      false,
    ),
    ...(isolated.length > 0 ? [project(`${name}, modules replaced`, isolated, true)] : []),
  ];
};

/**
 * Unit tests of one site with React aliased to Preact, as a built page's islands run in the browser
 * (src/build/islands-on-preact.ts). Every package is bundled into the test, so a library's own imports of React (Chakra,
 * react-jsonschema-form) reach Preact too, and the page holds one framework; packages resolve to their browser builds,
 * as for the site (Emotion's build for Node loads React itself, through require, where no alias reaches).
 */
const unitTestsOnPreact = (name: string, siteDir: string, selects: (file: string) => boolean) =>
  unitTestsOf(name, siteDir, selects).map((project) => ({
    ...project,
    resolve: { alias: ISLANDS_ON_PREACT, conditions: ['browser', 'module', 'import', 'default'] },
    test: { ...project.test, server: { deps: { inline: true } } },
  }));

// Tests named *.site.test.* derive every expectation from the config they render, so they run on both sites; those
// named *.preact.test.* run on Preact.
const everySiteTest = (file: string) => /\.site\.(preact\.)?test\.tsx?$/.test(file);
const onPreact = (file: string) => /\.preact\.test\.tsx?$/.test(file);

// The unit tests' own settings, apart from vite.config.ts, which builds and serves the site and knows no test site.
export default defineConfig({
  test: {
    // Both cores: many tests wait on processes, servers and git rather than compute (Vitest's default leaves one idle).
    maxWorkers: 2,
    projects: [
      ...unitTestsOf('spec-site', SPEC_SITE_DIR, (file) => !onPreact(file)),
      ...unitTestsOf('live-site', LIVE_SITE_DIR, (file) => everySiteTest(file) && !onPreact(file)),
      ...unitTestsOnPreact('spec-site on Preact', SPEC_SITE_DIR, onPreact),
      ...unitTestsOnPreact('live-site on Preact', LIVE_SITE_DIR, (file) => everySiteTest(file) && onPreact(file)),
    ],
  },
});
