import { expect, test } from '../fixtures.ts';
import { addressesToVisit, fixedPages, profilePage, profilePath, site } from './live-site.ts';

/** Every address the site pre-renders: each fixed page, each profile, and what unknown addresses show. */
const prerendered = [
  ...new Set([
    ...fixedPages.map((page) => page.route),
    ...(profilePage ? site.influencers.map(profilePath) : []),
    ...addressesToVisit().map((address) => address.path),
  ]),
];

/** Every text in config that is the path of a file, such as /media/hero.webm. */
function filePathsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^\/[^\s]+\.[a-z0-9]+$/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(filePathsIn);
  return value && typeof value === 'object' ? Object.values(value).flatMap(filePathsIn) : [];
}

test('no page links to a missing page, and no page asks for a missing file', async ({ request }) => {
  test.setTimeout(120_000);
  const targets = new Map<string, string>();
  for (const path of prerendered) {
    const html = await (await request.get(path)).text();
    for (const [, , target] of html.matchAll(/\s(href|src|poster)="(\/[^"#?]*)[^"]*"/g)) {
      if (!targets.has(target!)) targets.set(target!, path);
    }
  }
  // Files config names that a page only asks for after it starts, such as a video's sources.
  for (const path of filePathsIn(site)) if (!targets.has(path)) targets.set(path, 'config/');
  expect(targets.size).toBeGreaterThan(1);
  const broken: string[] = [];
  for (const [target, foundOn] of targets) {
    const status = (await request.get(target, { maxRedirects: 0 })).status();
    if (status !== 200) broken.push(`${target} (linked from ${foundOn}) answers ${status}`);
  }
  expect(broken).toEqual([]);
});
