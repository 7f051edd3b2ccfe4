/**
 * The hosts the site is put online with, and what each documents as its limits: how many files a deploy may hold,
 * in one folder, how large a file and the whole site may be, how long a build may take. The build knows which host it
 * builds for (config/hosting.json, or the host's own environment), measures what it built, and says in words, with
 * the numbers, when the site will not fit and what to change, before a deploy fails. Node only.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IMAGE_SERVICES, type ImageServiceName } from '../content/image-services.ts';
import type { Hosting } from '../generated/config-types.ts';

export type HostName = NonNullable<Hosting['host']>;
export type Plan = NonNullable<Hosting['plan']>;

export interface HostLimits {
  /** The host in words. */
  readonly words: string;
  /** Files in one deploy, by plan. */
  readonly files?: Readonly<Record<Plan, number>>;
  /** Files in any one folder of a deploy. */
  readonly filesPerFolder?: number;
  /** Bytes in any one file. */
  readonly fileBytes?: number;
  /** Bytes in the whole site. */
  readonly siteBytes?: number;
  /** Minutes a build may take before the host stops it (its default). */
  readonly buildMinutes?: number;
  /** The image service the host runs, if any. */
  readonly imageService?: ImageServiceName;
  /**
   * Different sizes its image service makes a month on its free plan; past them, new ones fail (Cloudflare answers
   * error 9422, a missing picture). A paid plan makes more, at `pricePerThousand` dollars per 1,000 beyond.
   */
  readonly freeSizesAMonth?: { readonly count: number; readonly pricePerThousand: number; readonly documented: string };
  /** Where the host documents these limits. */
  readonly documented: string;
}

const MiB = 1024 * 1024;

/** Each host's documented limits, as of 2026 (README, "Hosts' limits"). */
export const HOSTS: Readonly<Record<HostName, HostLimits>> = {
  'github-pages': {
    words: 'GitHub Pages',
    siteBytes: 1_000_000_000,
    documented: 'https://docs.github.com/en/pages/getting-started-with-github-pages/github-pages-limits',
  },
  netlify: {
    words: 'Netlify',
    filesPerFolder: 54_000,
    buildMinutes: 15,
    imageService: 'netlify',
    documented: 'https://docs.netlify.com/site-deploys/overview/#files-per-directory-limit',
  },
  'cloudflare-pages': {
    words: 'Cloudflare Pages',
    files: { free: 20_000, paid: 100_000 },
    fileBytes: 25 * MiB,
    buildMinutes: 20,
    imageService: 'cloudflare',
    freeSizesAMonth: {
      count: 5_000,
      pricePerThousand: 0.5,
      documented: 'https://developers.cloudflare.com/images/pricing/',
    },
    documented: 'https://developers.cloudflare.com/pages/platform/limits/',
  },
};

/** How the site is hosted: the host (undefined when neither config nor the environment says), plan and pictures. */
export interface HostingChoice {
  readonly host: HostName | undefined;
  readonly plan: Plan;
  readonly pictures: 'build' | ImageServiceName;
}

/**
 * How the site is hosted, from config/hosting.json (already checked by its schema) and the environment the build
 * runs in: Netlify sets NETLIFY=true, Cloudflare Pages CF_PAGES=1, and the GitHub Pages workflow SITE_HOST.
 */
export function hostingOf(
  file: Hosting | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): HostingChoice {
  const fromEnvironment: HostName | undefined =
    env.SITE_HOST && Object.hasOwn(HOSTS, env.SITE_HOST)
      ? (env.SITE_HOST as HostName)
      : env.NETLIFY === 'true'
        ? 'netlify'
        : env.CF_PAGES
          ? 'cloudflare-pages'
          : undefined;
  return { host: file?.host ?? fromEnvironment, plan: file?.plan ?? 'free', pictures: file?.pictures ?? 'build' };
}

/** config/hosting.json of a config folder, undefined without one (the checker has judged it before any build). */
export function readHostingFile(configDir: string): Hosting | undefined {
  const file = join(configDir, 'hosting.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Hosting;
  } catch {
    return undefined;
  }
}

/**
 * How long the build spent making pictures, handed from the bundler's plugin to scripts/build.ts. Vite loads its
 * config (and the plugin) as a module of its own, so the two share only the process's global object.
 */
const PICTURES_TIME = Symbol.for('site-build.pictures-ms');
export const notePicturesTime = (ms: number) => {
  (globalThis as Record<symbol, number>)[PICTURES_TIME] = ms;
};
export const picturesTime = (): number => (globalThis as Record<symbol, number>)[PICTURES_TIME] ?? 0;

/** What a built site holds, as hosts count it. */
export interface SiteMeasure {
  readonly files: number;
  readonly bytes: number;
  /** The folder with the most files (relative to the site, "" for its top) and how many. */
  readonly fullestFolder: { readonly path: string; readonly files: number };
  /** The largest file (relative to the site) and its size. */
  readonly largestFile: { readonly path: string; readonly bytes: number };
  /** How many of the files are the image pipeline's (under assets/pictures/). */
  readonly pictureFiles: number;
}

/** Counts a built site's files, folder by folder, never following a link. */
export function measureSite(dist: string): SiteMeasure {
  let files = 0;
  let bytes = 0;
  let pictureFiles = 0;
  let fullestFolder = { path: '', files: 0 };
  let largestFile = { path: '', bytes: 0 };
  const walk = (folder: string) => {
    let here = 0;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      here++;
      const size = entry.isFile() ? lstatSync(path).size : 0;
      bytes += size;
      const name = relative(dist, path);
      if (size > largestFile.bytes) largestFile = { path: name, bytes: size };
      if (name.startsWith(join('assets', 'pictures'))) pictureFiles++;
    }
    files += here;
    if (here > fullestFolder.files) fullestFolder = { path: relative(dist, folder), files: here };
  };
  walk(dist);
  return { files, bytes, fullestFolder, largestFile, pictureFiles };
}

const count = (value: number) => value.toLocaleString('en');
const size = (value: number) => (value >= 1e9 ? `${+(value / 1e9).toFixed(2)} GB` : `${+(value / MiB).toFixed(1)} MiB`);
const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

/** What the build took: the whole build, and of it, making pictures. */
export interface BuildTime {
  readonly ms: number;
  readonly picturesMs: number;
}

/**
 * Why a site measured so will not go live on a host, one sentence each with the numbers and what to change; none
 * when it fits. `pictures` says who makes the pictures' sizes, for the advice; `time` is what the build took, and
 * `pictureSizes` how many different sizes of pictures the pages name (pictures.ts, sizesNamed).
 */
export function hostProblems(
  measure: SiteMeasure,
  choice: { readonly host: HostName; readonly plan: Plan; readonly pictures: HostingChoice['pictures'] },
  { time, pictureSizes }: { readonly time?: BuildTime; readonly pictureSizes?: number } = {},
): string[] {
  const host = HOSTS[choice.host];
  const problems: string[] = [];
  const service = host.imageService;
  const useService = service
    ? ` Let ${IMAGE_SERVICES[service].words} make the pictures' sizes instead (config/hosting.json: "pictures": "${service}"), which writes none of them.`
    : '';
  if (choice.pictures !== 'build' && host.imageService !== choice.pictures)
    problems.push(
      `Pictures are made by ${IMAGE_SERVICES[choice.pictures].words} (config/hosting.json, "pictures"), which ${host.words} does not run: every photo and image would be missing. Choose "pictures": "${host.imageService ?? 'build'}".`,
    );
  const files = host.files?.[choice.plan];
  if (files !== undefined && measure.files > files) {
    const picturesAdvice =
      choice.pictures === 'build' && measure.pictureFiles > measure.files - files ? useService : '';
    const paid = choice.plan === 'free' && host.files && measure.files <= host.files.paid;
    problems.push(
      `The site has ${count(measure.files)} files (${count(measure.pictureFiles)} of them pictures' sizes), and ${host.words} takes at most ${count(files)} on its ${choice.plan} plan.${picturesAdvice}${paid ? ` A paid plan takes ${count(host.files!.paid)} (config/hosting.json: "plan": "paid").` : ''}`,
    );
  }
  if (host.filesPerFolder !== undefined && measure.fullestFolder.files > host.filesPerFolder)
    problems.push(
      `${measure.fullestFolder.path ? `The folder /${measure.fullestFolder.path}/` : 'The top of the site'} holds ${count(measure.fullestFolder.files)} files, and ${host.words} refuses a deploy with more than ${count(host.filesPerFolder)} in one folder. Spread them over folders of their own (public/media/creators/a/, …/b/ …).`,
    );
  if (host.fileBytes !== undefined && measure.largestFile.bytes > host.fileBytes)
    problems.push(
      `/${measure.largestFile.path} is ${size(measure.largestFile.bytes)}, and ${host.words} takes files of at most ${size(host.fileBytes)}. Make it smaller, or serve it from elsewhere (a video platform for a film).`,
    );
  if (host.siteBytes !== undefined && measure.bytes > host.siteBytes)
    problems.push(
      `The site is ${size(measure.bytes)}, and ${host.words} publishes sites of at most ${size(host.siteBytes)}. Save photos at about 1000 × 1000 pixels, build without the editor at /admin/ (SITE_EDITOR=off), which leaves the originals of pictures out, or put the site on Netlify or Cloudflare Pages with their image service.`,
    );
  const free = host.freeSizesAMonth;
  if (free && choice.pictures === host.imageService && choice.plan === 'free' && (pictureSizes ?? 0) > free.count)
    problems.push(
      `The pages name ${count(pictureSizes!)} different sizes of pictures, and ${IMAGE_SERVICES[host.imageService].words} make ${count(free.count)} a month on their free plan, then answer each new one with an error (a missing picture). On a paid plan (config/hosting.json: "plan": "paid") the rest cost $${free.pricePerThousand.toFixed(2)} per 1,000 a month (about $${(((pictureSizes! - free.count) * free.pricePerThousand) / 1000).toFixed(2)}; ${free.documented}), or let the build make them ("pictures": "build").`,
    );
  if (time && host.buildMinutes !== undefined && time.ms > host.buildMinutes * 60_000)
    problems.push(
      `This build took ${minutes(time.ms)} (${minutes(time.picturesMs)} of it making pictures), and ${host.words} stops a build after ${host.buildMinutes} min.${time.picturesMs > time.ms / 2 ? `${useService || ''} Or build once on a computer: later builds make only new photos, if the host keeps node_modules/.cache between builds.` : ''}`,
    );
  return problems;
}

/** The hosts a site measured so fits, as built (with pictures made by the build), for a build that names no host. */
export function hostsItFits(measure: SiteMeasure, plan: Plan = 'free'): { fits: string[]; not: string[] } {
  const fits: string[] = [];
  const not: string[] = [];
  for (const [name, host] of Object.entries(HOSTS) as [HostName, HostLimits][]) {
    const problems = hostProblems(measure, { host: name, plan, pictures: 'build' });
    if (problems.length === 0) fits.push(host.words);
    else not.push(`${host.words}: ${problems.join(' ')}`);
  }
  return { fits, not };
}
