import { resolve } from 'node:path';

/**
 * The two sites the tests run on. The spec site holds the spec's content word for word and never changes with
 * config/, so tests of exact texts, counts and timings run on it. The live site is the repository's own config/ and
 * public/: tests on it derive every expectation from that config, so any valid content edit keeps them green.
 */
export const SPEC_SITE_DIR = resolve(import.meta.dirname, 'spec-site');
export const LIVE_SITE_DIR = resolve(import.meta.dirname, '../..');

/** Where `npm run test:e2e` builds the spec site, beside the live site's dist/. */
export const SPEC_SITE_DIST = resolve(LIVE_SITE_DIR, 'test-results/spec-site');

/** The live site with 1,000 generated influencers (`npm run build:scale-site`), and where it is built. */
export const SCALE_SITE_DIR = resolve(LIVE_SITE_DIR, 'test-results/scale-site/source');
export const SCALE_SITE_DIST = resolve(LIVE_SITE_DIR, 'test-results/scale-site/dist');

/** The live site with 30 generated creators, each with a photo, and its projects with images (`npm run build:photo-site`). */
export const PHOTO_SITE_DIR = resolve(LIVE_SITE_DIR, 'test-results/photo-site/source');
export const PHOTO_SITE_DIST = resolve(LIVE_SITE_DIR, 'test-results/photo-site/dist');
/**
 * The photo site again, its pictures' sizes made by a host's image service (config/hosting.json, "pictures"), which
 * the server npm start uses answers with its stand-in.
 */
export const PHOTO_SITE_VIA = {
  netlify: {
    dir: resolve(LIVE_SITE_DIR, 'test-results/photo-site/netlify/source'),
    dist: resolve(LIVE_SITE_DIR, 'test-results/photo-site/netlify/dist'),
  },
  cloudflare: {
    dir: resolve(LIVE_SITE_DIR, 'test-results/photo-site/cloudflare/source'),
    dist: resolve(LIVE_SITE_DIR, 'test-results/photo-site/cloudflare/dist'),
  },
} as const;
/** Who makes a photo site's pictures' sizes: its build, or a host's image service. */
export type PicturesMaker = 'build' | keyof typeof PHOTO_SITE_VIA;
export const photoSiteDist = (pictures: PicturesMaker) =>
  pictures === 'build' ? PHOTO_SITE_DIST : PHOTO_SITE_VIA[pictures].dist;

/** The copy of the spec site the browser tests of the visual editor edit (e2e/editor/). */
export const EDITOR_SITE_DIR = resolve(LIVE_SITE_DIR, 'test-results/editor-site');
/**
 * The cache folder of the browser tests' editor, where it holds uploads until Save (src/editor/git/held-media.ts).
 */
export const EDITOR_CACHE_DIR = resolve(LIVE_SITE_DIR, 'test-results/editor-cache');
/** Where e2e/editor/launch-marker.sh, the program the browser tests' editor would launch, leaves its mark. */
export const EDITOR_LAUNCH_MARK = resolve(LIVE_SITE_DIR, 'test-results/editor-launched');

/**
 * Where the editor site is kept for the tests of publishing: a bare repository as its remote, a teammate's clone,
 * and the folder of git's settings for both (none of the machine's own).
 */
export const EDITOR_SITE_GIT = {
  remote: resolve(LIVE_SITE_DIR, 'test-results/editor-site.git'),
  teammate: resolve(LIVE_SITE_DIR, 'test-results/editor-teammate'),
  settings: resolve(LIVE_SITE_DIR, 'test-results/editor-git'),
};
