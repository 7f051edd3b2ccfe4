/**
 * Which commit a built site was built from, written where the site serves it (/site-version.json, linked from no
 * page), so the editor can tell when an author's Publish is live: the live site says the commit it holds. Each host
 * names the commit it builds in its own variable; elsewhere git says what is checked out.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file's name, at the top of the built site. */
export const SITE_VERSION_FILE = 'site-version.json';

/** What /site-version.json holds. */
export interface SiteVersion {
  /** The full commit id the site was built from; null where neither the host nor git could say. */
  readonly commit: string | null;
  /** When it was built, as an ISO date. */
  readonly builtAt: string;
}

/** The variables the hosts set to the commit they build: GitHub Actions, Netlify, Cloudflare Pages. */
export const HOST_COMMIT_VARIABLES = ['GITHUB_SHA', 'COMMIT_REF', 'CF_PAGES_COMMIT_SHA'] as const;

/** The commit the site in `siteDir` is built from: the host's word, or git's, or null. */
export function builtCommit(siteDir: string, environment: NodeJS.ProcessEnv = process.env): string | null {
  for (const name of HOST_COMMIT_VARIABLES) {
    const value = environment[name]?.trim();
    if (value && /^[0-9a-f]{40}$/i.test(value)) return value.toLowerCase();
  }
  try {
    const head = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    // Only a repository of the site itself: not one it happens to sit inside (a test site in test-results/).
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{40}$/.test(head) && realpathSync(top) === realpathSync(siteDir) ? head : null;
  } catch {
    return null;
  }
}

/** Writes /site-version.json into the built site `dist`. */
export function writeSiteVersion(dist: string, commit: string | null, builtAt = new Date()): SiteVersion {
  const version: SiteVersion = { commit, builtAt: builtAt.toISOString() };
  writeFileSync(join(dist, SITE_VERSION_FILE), `${JSON.stringify(version)}\n`);
  return version;
}
