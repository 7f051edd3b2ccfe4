/**
 * How a published commit stands for npm run edit (model/live-site.ts): the live site at the address in
 * config/site.json, read here on the author's computer (no browser policy in the way), and whether the commit it was
 * built from holds the published one, as git says. No host reports: those are GitHub's, which the local editor does
 * not ask.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson } from '../model/json-edit.ts';
import { siteAddressIn, siteBuildAt } from '../model/live-site.ts';
import type { SiteBuild } from '../protocol/publishing.ts';

/**
 * Where the published `commit` stands on the live site of the site in `siteDir`; `holds` says whether a later commit
 * the live site names holds it (SitePublisher.holds, which fetches a commit this copy does not know yet).
 */
export function liveSiteBuild(
  siteDir: string,
  commit: string,
  holds: (commit: string, later: string) => Promise<boolean>,
  fetchFile: typeof fetch = fetch,
): Promise<SiteBuild> {
  let site: Buffer | undefined;
  try {
    site = readFileSync(join(siteDir, 'config/site.json'));
  } catch {
    // No such file, or one that cannot be read: the site gives no address.
  }
  return siteBuildAt(siteAddressIn(parseJson(site)), commit, holds, Promise.resolve([]), fetchFile);
}
