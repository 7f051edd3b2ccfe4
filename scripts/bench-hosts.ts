/**
 * `npm run bench:hosts`: the directory at the size the site claims, with photos, against each host's limits, for
 * each way of making the pictures' sizes (config/hosting.json, "pictures": the build, Netlify's Image CDN,
 * Cloudflare's image transformations). For 1,000 creators with 200 projects and 10,000 with 1,000, every creator
 * with a photo and every project with an image, made to compress as photographs do (src/testing/fixture-pictures.ts),
 * it validates the site, builds it with an empty picture cache (the first deploy) and again (every later deploy),
 * counts what it built as the hosts count (files, the fullest folder, bytes), says which hosts it fits, and runs
 * Lighthouse (mobile, median of BENCH_RUNS, 3 by default) on the directory, a profile and Work, served by the server
 * npm start uses (whose stand-in answers the services' addresses: each size is made at its first request, as a
 * service's first visitor meets it). Built without the editor at /admin/, as a site that edits with npm run edit.
 * Writes bench/hosts.json. `npm run bench:hosts -- 1000` measures one size.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { HOSTS, hostProblems, measureSite, type HostName } from '../src/build/hosting.ts';
import { sizesNamed } from '../src/content/pictures.ts';
import { validateConfig } from '../src/checker/validate-config.ts';
import { IMAGE_SERVICES, type ImageServiceName } from '../src/content/image-services.ts';
import { serverBuildFolderOf } from '../src/build/output-folder.ts';
import { PROJECT_ROOT, siteFolders } from '../src/checker/project-folders.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/testing/chromium.ts';
import { lighthouseRun, medianRun, type LighthouseRun } from '../src/testing/lighthouse-run.ts';
import { addPictures } from '../src/testing/photo-site.ts';
import { createScaleSite } from '../src/testing/scale-site.ts';

const SIZES = [
  { influencers: 1000, projects: 200 },
  { influencers: 10000, projects: 1000 },
];
const MODES = ['build', 'netlify', 'cloudflare'] as const;
type Mode = (typeof MODES)[number];
const chosen = process.argv.slice(2).map(Number).filter(Boolean);
const sizes = SIZES.filter((size) => chosen.length === 0 || chosen.includes(size.influencers));
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4399);
const ROUTES = { directory: '/influencers', profile: '/influencers/1', work: '/work' } as const;

interface Row {
  influencers: number;
  projects: number;
  pictures: Mode;
  validateS: number;
  firstBuildS: number;
  warmBuildS: number;
  files: number;
  pictureFiles: number;
  fullestFolder: { path: string; files: number };
  distMb: number;
  fits: string[];
  fitsNot: string[];
  lighthouse: Record<keyof typeof ROUTES, LighthouseRun>;
}

const seconds = (start: number) => Math.round((performance.now() - start) / 100) / 10;

/** Runs a script of the project, failing the bench with its output when it fails. */
function run(args: string[], env: Record<string, string> = {}): number {
  const start = performance.now();
  const result = spawnSync(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), args, {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, SITE_EDITOR: 'off', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`tsx ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return seconds(start);
}

async function lighthouseOf(outDir: string): Promise<Row['lighthouse']> {
  const server = spawn(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/serve.ts', outDir], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const up = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    try {
      const results = {} as Row['lighthouse'];
      for (const [name, route] of Object.entries(ROUTES)) {
        const measured: LighthouseRun[] = [];
        for (let i = 0; i < runs; i++)
          measured.push(await lighthouseRun(`http://127.0.0.1:${port}${route}`, chrome.port));
        results[name as keyof typeof ROUTES] = medianRun(measured);
      }
      return results;
    } finally {
      chrome.kill();
    }
  } finally {
    server.kill();
  }
}

async function measure(size: (typeof SIZES)[number]): Promise<Row[]> {
  const rows: Row[] = [];
  const site = createScaleSite(size);
  const outDir = join(PROJECT_ROOT, 'test-results/bench-hosts', String(size.influencers));
  try {
    let started = performance.now();
    await addPictures(site.root);
    console.log(`\n${size.influencers} creators, ${size.projects} projects: pictures made in ${seconds(started)} s`);
    const validateS = run(['scripts/validate.ts', site.root]);
    for (const mode of MODES) {
      writeFileSync(
        join(site.root, 'config/hosting.json'),
        JSON.stringify({ $schema: '../schemas/hosting.schema.json', pictures: mode }),
      );
      // An empty cache: the first deploy of a site with this many new photos.
      const cache = mkdtempSync(join(tmpdir(), 'bench-hosts-cache-'));
      try {
        started = performance.now();
        const firstBuildS = run(['scripts/build.ts', site.root, outDir], { SITE_PICTURE_CACHE: cache });
        const warmBuildS = run(['scripts/build.ts', site.root, outDir], { SITE_PICTURE_CACHE: cache });
        const measured = measureSite(outDir);
        // With the build's own pictures, every host; with a service, the host that runs it; each on its free plan,
        // else on a paid one.
        const pictureSizes = sizesNamed(validateConfig(siteFolders(site.root)).config!);
        const hosts: HostName[] =
          mode === 'build' ? (Object.keys(HOSTS) as HostName[]) : [IMAGE_SERVICES[mode as ImageServiceName].host];
        const fits: string[] = [];
        const not: string[] = [];
        for (const host of hosts) {
          const onPlan = (plan: 'free' | 'paid') =>
            hostProblems(measured, { host, plan, pictures: mode }, { pictureSizes });
          const free = onPlan('free');
          if (free.length === 0) fits.push(HOSTS[host].words);
          else if (onPlan('paid').length === 0) fits.push(`${HOSTS[host].words} (paid plan)`);
          else not.push(`${HOSTS[host].words}: ${free.join(' ')}`);
        }
        console.log(
          `  ${mode}: validated in ${validateS} s, built in ${firstBuildS} s (again in ${warmBuildS} s); ${measured.files} files, at most ${measured.fullestFolder.files} in one folder, ${(measured.bytes / 1e6).toFixed(0)} MB; fits ${fits.join(', ') || 'none'}`,
        );
        for (const line of not) console.log(`    not ${line}`);
        const lighthouse = await lighthouseOf(outDir);
        for (const [name, result] of Object.entries(lighthouse))
          console.log(
            `    ${name}: performance ${result.performance}, LCP ${Math.round(result.lcp)} ms, CLS ${result.cls.toFixed(3)}, pictures ${result.imageKb.toFixed(1)} KB`,
          );
        rows.push({
          ...size,
          pictures: mode,
          validateS,
          firstBuildS,
          warmBuildS,
          files: measured.files,
          pictureFiles: measured.pictureFiles,
          fullestFolder: measured.fullestFolder,
          distMb: Math.round(measured.bytes / 1e5) / 10,
          fits,
          fitsNot: not,
          lighthouse,
        });
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    }
  } finally {
    site.remove();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(serverBuildFolderOf(outDir, PROJECT_ROOT), { recursive: true, force: true });
  }
  return rows;
}

const rows: Row[] = [];
for (const size of sizes) rows.push(...(await measure(size)));
mkdirSync(join(PROJECT_ROOT, 'bench'), { recursive: true });
writeFileSync(
  join(PROJECT_ROOT, 'bench/hosts.json'),
  `${JSON.stringify({ lighthouse: '12', formFactor: 'mobile', runs, editor: 'off', rows }, null, 2)}\n`,
);
console.log('\nWritten to bench/hosts.json.');
