/**
 * How a published commit stands for npm run edit: what the live site at the address in config/site.json says it was
 * built from, read here on the author's computer (no browser policy in the way), and whether that commit holds the
 * published one, as git says. No host reports: those are GitHub's, which the local editor does not ask.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLiveCommit } from '../model/live-site.ts';
import type { SiteBuild } from '../protocol/publishing.ts';

/** The site's address, as config/site.json gives it, or undefined when it cannot be read. */
export function siteAddressOf(siteDir: string): string | undefined {
  try {
    const url = (JSON.parse(readFileSync(join(siteDir, 'config/site.json'), 'utf8')) as { url?: unknown }).url;
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the published `commit` stands on the live site of the site in `siteDir`; `holds` says whether a later commit
 * the live site names holds it (SitePublisher.holds, which fetches a commit this copy does not know yet).
 */
export async function liveSiteBuild(
  siteDir: string,
  commit: string,
  holds: (commit: string, later: string) => Promise<boolean>,
  fetchFile: typeof fetch = fetch,
): Promise<SiteBuild> {
  const address = siteAddressOf(siteDir);
  if (!address) return { address: '', unreadable: 'config/site.json gives no address', holds: false, reports: [] };
  const live = await readLiveCommit(address, fetchFile);
  return {
    address,
    ...(live.commit !== undefined ? { liveCommit: live.commit } : {}),
    ...(live.unreadable ? { unreadable: live.unreadable } : {}),
    holds: live.commit === commit || (!!live.commit && (await holds(commit, live.commit))),
    reports: [],
  };
}
