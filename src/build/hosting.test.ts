import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS, hostingOf, hostProblems, hostsItFits, measureSite } from './hosting.ts';

let root: string;
const site = (name: string) => join(root, name);

/** A built site of `files` empty files in one folder, beside an index page. */
function siteWith(name: string, folder: string, files: number): string {
  const dist = site(name);
  mkdirSync(join(dist, folder), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  for (let index = 0; index < files; index++) writeFileSync(join(dist, folder, `${index}.webp`), '');
  return dist;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'hosting-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a built site against its host's limits", () => {
  it('counts files, bytes, the fullest folder and the largest file, never through a link', () => {
    const dist = siteWith('counted', 'assets/pictures/ab', 3);
    writeFileSync(join(dist, 'assets/pictures/ab/big.avif'), Buffer.alloc(2048));
    symlinkSync('/etc', join(dist, 'linked'));
    const measure = measureSite(dist);
    expect(measure).toMatchObject({
      files: 6,
      bytes: 2048 + '<!doctype html>'.length,
      pictureFiles: 4,
      fullestFolder: { path: join('assets', 'pictures', 'ab'), files: 4 },
      largestFile: { path: join('assets', 'pictures', 'ab', 'big.avif'), bytes: 2048 },
    });
  });

  it("says a folder over Netlify's 54,000 files refuses the deploy, with the count and what to do", () => {
    const limit = HOSTS.netlify.filesPerFolder!;
    const measure = measureSite(siteWith('netlify', 'media/creators', limit + 1));
    expect(hostProblems(measure, { host: 'netlify', plan: 'free', pictures: 'build' })).toEqual([
      `The folder /media/creators/ holds ${(limit + 1).toLocaleString('en')} files, and Netlify refuses a deploy with more than 54,000 in one folder. Spread them over folders of their own (public/media/creators/a/, …/b/ …).`,
    ]);
    // One file fewer fits.
    rmSync(join(site('netlify'), 'media/creators/0.webp'));
    expect(hostProblems(measureSite(site('netlify')), { host: 'netlify', plan: 'free', pictures: 'build' })).toEqual(
      [],
    );
  }, 60_000);

  it("says a site over GitHub Pages' 1 GB will not publish, and how to make it smaller", () => {
    const dist = siteWith('github', 'media', 0);
    // A file that takes no room on the disk, and counts its full size as hosts count it.
    writeFileSync(join(dist, 'media/film.mp4'), '');
    truncateSync(join(dist, 'media/film.mp4'), 1_100_000_000);
    const [problem, ...more] = hostProblems(measureSite(dist), {
      host: 'github-pages',
      plan: 'free',
      pictures: 'build',
    });
    expect(more).toEqual([]);
    expect(problem).toMatch(/^The site is 1\.1 GB, and GitHub Pages publishes sites of at most 1 GB\. /);
    expect(problem).toContain('SITE_EDITOR=off');
  });

  it("says a site over Cloudflare's free 20,000 files, mostly pictures, would fit through its image service", () => {
    const measure = measureSite(siteWith('cloudflare', 'assets/pictures/ab', 20_001));
    expect(hostProblems(measure, { host: 'cloudflare-pages', plan: 'free', pictures: 'build' })).toEqual([
      `The site has 20,002 files (20,001 of them pictures' sizes), and Cloudflare Pages takes at most 20,000 on its free plan. Let Cloudflare's image transformations make the pictures' sizes instead (config/hosting.json: "pictures": "cloudflare"), which writes none of them. A paid plan takes 100,000 (config/hosting.json: "plan": "paid").`,
    ]);
    expect(hostProblems(measure, { host: 'cloudflare-pages', plan: 'paid', pictures: 'build' })).toEqual([]);
  }, 60_000);

  it("says a file over Cloudflare's 25 MiB will not deploy", () => {
    const dist = siteWith('large-file', 'media', 0);
    writeFileSync(join(dist, 'media/film.mp4'), '');
    truncateSync(join(dist, 'media/film.mp4'), 26 * 1024 * 1024);
    expect(hostProblems(measureSite(dist), { host: 'cloudflare-pages', plan: 'free', pictures: 'build' })).toEqual([
      '/media/film.mp4 is 26 MiB, and Cloudflare Pages takes files of at most 25 MiB. Make it smaller, or serve it from elsewhere (a video platform for a film).',
    ]);
  });

  it('says a build longer than the host allows, and what shortens one spent making pictures', () => {
    const measure = measureSite(siteWith('slow', 'media', 1));
    const [netlify] = hostProblems(
      measure,
      { host: 'netlify', plan: 'free', pictures: 'build' },
      { time: { ms: 17 * 60_000, picturesMs: 15 * 60_000 } },
    );
    expect(netlify).toContain(
      'This build took 17 min (15 min of it making pictures), and Netlify stops a build after 15 min.',
    );
    expect(netlify).toContain('"pictures": "netlify"');
    const within = { ms: 19 * 60_000, picturesMs: 18 * 60_000 };
    expect(
      hostProblems(measure, { host: 'cloudflare-pages', plan: 'free', pictures: 'build' }, { time: within }),
    ).toEqual([]);
  });

  it('refuses pictures made by a service the host does not run: every photo would be missing', () => {
    const measure = measureSite(siteWith('mismatch', 'media', 1));
    expect(hostProblems(measure, { host: 'github-pages', plan: 'free', pictures: 'netlify' })).toEqual([
      `Pictures are made by Netlify's Image CDN (config/hosting.json, "pictures"), which GitHub Pages does not run: every photo and image would be missing. Choose "pictures": "build".`,
    ]);
    expect(hostProblems(measure, { host: 'netlify', plan: 'free', pictures: 'netlify' })).toEqual([]);
  });

  it("says when Cloudflare's free plan would leave pictures missing, and what a paid plan costs", () => {
    const measure = measureSite(siteWith('transformations', 'media', 1));
    const choice = { host: 'cloudflare-pages', plan: 'free', pictures: 'cloudflare' } as const;
    expect(hostProblems(measure, choice, { pictureSizes: 5_000 })).toEqual([]);
    expect(hostProblems(measure, choice, { pictureSizes: 43_000 })).toEqual([
      'The pages name 43,000 different sizes of pictures, and Cloudflare\'s image transformations make 5,000 a month on their free plan, then answer each new one with an error (a missing picture). On a paid plan (config/hosting.json: "plan": "paid") the rest cost $0.50 per 1,000 a month (about $19.00; https://developers.cloudflare.com/images/pricing/), or let the build make them ("pictures": "build").',
    ]);
    expect(hostProblems(measure, { ...choice, plan: 'paid' }, { pictureSizes: 43_000 })).toEqual([]);
  });

  it('without a host named, tells which hosts the site fits', () => {
    const { fits, not } = hostsItFits(measureSite(site('cloudflare')));
    expect(fits).toEqual(['GitHub Pages', 'Netlify']);
    expect(not).toEqual([expect.stringMatching(/^Cloudflare Pages: The site has 20,002 files/)]);
  });
});

describe('the host a build is for', () => {
  it("is config/hosting.json's, else the environment's: Netlify, Cloudflare Pages, or the GitHub Pages workflow", () => {
    expect(hostingOf(undefined, {})).toEqual({ host: undefined, plan: 'free', pictures: 'build' });
    expect(hostingOf(undefined, { NETLIFY: 'true' }).host).toBe('netlify');
    expect(hostingOf(undefined, { CF_PAGES: '1' }).host).toBe('cloudflare-pages');
    expect(hostingOf(undefined, { SITE_HOST: 'github-pages' }).host).toBe('github-pages');
    expect(hostingOf(undefined, { SITE_HOST: 'elsewhere' }).host).toBeUndefined();
    expect(hostingOf({ host: 'cloudflare-pages', plan: 'paid', pictures: 'cloudflare' }, { NETLIFY: 'true' })).toEqual({
      host: 'cloudflare-pages',
      plan: 'paid',
      pictures: 'cloudflare',
    });
  });
});
