import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// The editor holds uploads in this computer's cache folder (src/editor/git/held-media.ts); tests keep theirs in a
// folder of their own under test-results/, never in the cache of whoever runs them, and leave nothing behind.
mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
const cache = mkdtempSync(join(process.cwd(), 'test-results', 'cache-'));
process.env.XDG_CACHE_HOME = cache;
afterAll(() => rmSync(cache, { recursive: true, force: true }));

// Waiting for what a component shows next (findBy…, waitFor) is given time for a busy machine: it ends as soon as it
// shows.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}

// jsdom has no matchMedia; components that ask it (reduced motion, breakpoints) get "no match", as a plain browser
// would.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
    }) as unknown as MediaQueryList;
}

// The browser fetches data files from the site (the directory's search data, profiles); unit tests in a browser-like
// environment get them from the config of the site under test, as the build would write them.
if (typeof window !== 'undefined') {
  const { dataFilesOf } = await import('./build/site-modules.ts');
  const { profileDataUrl } = await import('./influencers/data-urls.ts');
  const { siteUnderTest } = await import('./testing/site-under-test.ts');
  const config = siteUnderTest();
  const files = dataFilesOf(config);
  const siteFetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (url === files.influencerIndex.url) return new Response(files.influencerIndex.content, { status: 200 });
    const influencer = config.influencers.find((candidate) => profileDataUrl(candidate.id) === url);
    return influencer
      ? new Response(JSON.stringify(influencer), { status: 200 })
      : new Response('Not found', { status: 404 });
  };
  window.fetch = siteFetch as typeof window.fetch;
  globalThis.fetch = siteFetch as typeof globalThis.fetch;
}
export {};
