/**
 * After Publish: how the published commit stands on its way to the live site, in words. Both editors watch the same
 * way: the live site's /site-version.json says which commit it was built from, and at /admin/ GitHub also carries what
 * each host said of the commit (statuses, check runs, deployments). The rules are here, once; each backend only reads.
 */
import type { HostReport, SiteBuild } from '../protocol/publishing.ts';
import { isObjectId } from './repository.ts';

/** How often the live site is asked again, and how long the editor keeps asking before it says it stopped. */
export const LIVE_WATCH = { everyMs: 10_000, atLeastMinutes: 20, timesTheUsualWait: 5 } as const;

/** The host a site's address names, when it is a host's own address. */
export function hostOfAddress(address: string): string | undefined {
  let host: string;
  try {
    host = new URL(address).hostname;
  } catch {
    return undefined;
  }
  if (host.endsWith('.github.io')) return 'GitHub Pages';
  if (host.endsWith('.netlify.app')) return 'Netlify';
  if (host.endsWith('.pages.dev')) return 'Cloudflare Pages';
  return undefined;
}

/** The host a report on GitHub comes from, by its name (a status's context, a check's app or name, an environment). */
export function hostOfReport(name: string, siteAddress: string): string {
  if (/netlify/i.test(name)) return 'Netlify';
  if (/cloudflare/i.test(name)) return 'Cloudflare Pages';
  if (/vercel/i.test(name)) return 'Vercel';
  if (/github-pages|github pages/i.test(name)) return 'GitHub Pages';
  // GitHub Actions runs the checks and deploys to GitHub Pages in this project's workflows.
  return hostOfAddress(siteAddress) ?? 'GitHub Actions';
}

/** A duration in words: "45 s", "2 min 10 s", "1 h 5 min". */
export function durationInWords(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** Where a published change stands, in words, with the link to follow when there is one. */
export interface LiveState {
  readonly phase: 'building' | 'live' | 'failed' | 'preview' | 'stopped';
  readonly words: string;
  readonly link?: { readonly href: string; readonly words: string };
}

/** What the watch knows: what was published, when, and where (the live branch, or a branch for review). */
export interface Published {
  readonly commit: string;
  readonly at: number;
  readonly review: boolean;
  /** How many minutes the host usually takes (config/publishing.json, "updateMinutes"). */
  readonly updateMinutes: number;
}

/** How long the watch goes on before it stops and says so. */
const watchMinutes = (published: Published) =>
  Math.max(LIVE_WATCH.atLeastMinutes, published.updateMinutes * LIVE_WATCH.timesTheUsualWait);

/** The host to name while it builds: the first that reported, else the live address's own. */
const buildingHost = (reports: readonly HostReport[], address: string) =>
  reports.find((report) => report.host !== 'GitHub Actions')?.host ?? reports[0]?.host ?? hostOfAddress(address);

/** A failed report's reason in words: what the host said, and which host; or that it failed. */
const reasonOf = (report: HostReport) =>
  report.words?.trim()
    ? `${report.words.trim().replace(/[.\s]+$/, '')} (${report.host})`
    : `${report.host} reported a failure`;

/**
 * Where the published commit stands, after `now - published.at`: live (the live site holds it), failed (a host
 * reported a failure and none is still at work, or the suite failed on a developer's earlier code it waited for), a
 * preview (review mode: the host posted one), building (or waiting for that suite), or stopped (no answer within the
 * watch's time). Live wins over everything: a later commit may have fixed what failed.
 */
export function liveState(published: Published, build: SiteBuild | undefined, now: number): LiveState {
  const after = durationInWords(now - published.at);
  // A preview never waits for the code checks of a developer's earlier change: for review, they say nothing.
  const reports = (build?.reports ?? []).filter((report) => !(published.review && report.earlierCode));
  // The suite that failed on a developer's earlier code says more than the checks of this commit that failed with it.
  const failed =
    reports.find((report) => report.state === 'failure' && report.earlierCode) ??
    reports.find((report) => report.state === 'failure');
  const pending = reports.some((report) => report.state === 'pending');
  if (!published.review && build?.holds)
    return {
      phase: 'live',
      words: `Live now (after ${after}).`,
      link: { href: build.address, words: 'Open the live site' },
    };
  if (failed?.earlierCode && !pending)
    return {
      phase: 'failed',
      words:
        "The site's code checks did not pass on a developer's earlier change, so the live site did not change. Your change is published and goes live once they pass.",
      ...(failed.log ? { link: { href: failed.log, words: 'See the checks’ log' } } : {}),
    };
  if (failed && !pending)
    return {
      phase: 'failed',
      words: published.review
        ? `The preview's build failed: ${reasonOf(failed)}. Nothing changed on the live site.`
        : `The site's build failed: ${reasonOf(failed)}. The live site did not change.`,
      ...(failed.log ? { link: { href: failed.log, words: 'See the build’s log' } } : {}),
    };
  const preview = reports.find((report) => report.state === 'success' && report.preview);
  if (published.review && preview?.preview)
    return {
      phase: 'preview',
      words: `A preview of your changes is ready (${preview.host}).`,
      link: { href: preview.preview, words: 'Open the preview' },
    };
  if (now - published.at > watchMinutes(published) * 60_000)
    return {
      phase: 'stopped',
      words: published.review
        ? `No preview after ${after}. Your changes are safe on their branch; the review link still works.`
        : `Not live after ${after}${build?.unreadable ? ` (the live site could not be read: ${build.unreadable})` : ''}. Your change is published; look at your host's list of deploys to see why it is not live yet.`,
    };
  // No host deploys code before the suite passed on it (docs/hosting.md): the publish waits for it, not for a build.
  if (reports.some((report) => report.earlierCode && report.state === 'pending'))
    return { phase: 'building', words: "Waiting for the site's code checks, started by a developer's change…" };
  const host = buildingHost(reports, build?.address ?? '');
  if (published.review)
    return { phase: 'building', words: host ? `Building a preview on ${host}…` : 'Waiting for a preview…' };
  return { phase: 'building', words: host ? `Building on ${host}…` : 'Building the site…' };
}

/** The file the build writes with the commit it was built from (src/build/site-version.ts). */
const SITE_VERSION_PATH = 'site-version.json';

/** The site's address as config/site.json's data gives it ("https://…"), or undefined when it gives none. */
export function siteAddressIn(data: unknown): string | undefined {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
}

/**
 * Where the published `commit` stands on the live site at `address` (undefined: the site gives none), the same for
 * both editors: what the live site says it was built from, and whether that holds `commit` (`holds`, the store's word
 * on a later commit: its history holds this one), beside what the hosts reported.
 */
export async function siteBuildAt(
  address: string | undefined,
  commit: string,
  holds: (commit: string, later: string) => Promise<boolean>,
  reports: Promise<HostReport[]>,
  fetchFile: typeof fetch = fetch,
): Promise<SiteBuild> {
  if (!address)
    return { address: '', unreadable: 'config/site.json gives no address', holds: false, reports: await reports };
  const [live, reported] = await Promise.all([readLiveCommit(address, fetchFile), reports]);
  return {
    address,
    ...(live.commit !== undefined ? { liveCommit: live.commit } : {}),
    ...(live.unreadable ? { unreadable: live.unreadable } : {}),
    holds: live.commit === commit || (!!live.commit && (await holds(commit, live.commit))),
    reports: reported,
  };
}

/**
 * The commit the live site at `address` (its folder: "https://our-team.github.io/loom-site/") says it was built from:
 * null when it was built where no commit was known; `unreadable` in words when it could not be read (not built yet
 * with this editor's build, out of reach, not JSON).
 */
async function readLiveCommit(
  address: string,
  fetchFile: typeof fetch,
): Promise<{ commit?: string | null; unreadable?: string }> {
  const url = new URL(SITE_VERSION_PATH, address.endsWith('/') ? address : `${address}/`);
  try {
    const answer = await fetchFile(url, { cache: 'no-store', signal: AbortSignal.timeout(15_000) });
    if (!answer.ok) return { unreadable: `${url.pathname} answered ${answer.status}` };
    const version = (await answer.json()) as { commit?: unknown };
    const commit = version?.commit;
    if (commit === null) return { commit: null };
    if (typeof commit !== 'string' || !isObjectId(commit.toLowerCase()))
      return { unreadable: `${url.pathname} names no commit` };
    return { commit: commit.toLowerCase() };
  } catch (error) {
    return { unreadable: `${url.host} did not answer (${(error as Error).message})` };
  }
}
