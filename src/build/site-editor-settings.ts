/**
 * What the editor built into the site at /admin/ is told when the site is built: which repository holds the site,
 * where GitHub's API is, and whether the host signs authors in (its token exchange, functions/ and netlify/). Read
 * from the host's environment, so the same repository builds the right editor on GitHub Pages, Netlify and
 * Cloudflare Pages with nothing to configure in most cases; SITE_EDITOR=off leaves the editor out of the site.
 */
import { spawnSync } from 'node:child_process';

export interface SiteEditorSettings {
  /** GitHub's REST API: https://api.github.com, or https://<host>/api/v3 on GitHub Enterprise. */
  readonly api: string;
  /** The repository as owner/name; empty when the build could not tell, and the author is asked once. */
  readonly repository: string;
  /** Whether "Sign in with GitHub" is offered: the host runs the token exchange. */
  readonly signIn: boolean;
}

/** owner/name from a repository's address on GitHub (https://github.com/owner/name.git, git@github.com:owner/name). */
export function repositoryFromUrl(url: string | undefined): string {
  const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url?.trim() ?? '');
  return match ? `${match[1]}/${match[2]}` : '';
}

/** The address of the repository's "origin" remote, when the site's folder is a git repository that has one. */
function originOf(siteDir: string): string | undefined {
  const found = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: siteDir, encoding: 'utf8' });
  return found.status === 0 ? found.stdout : undefined;
}

/**
 * The editor's settings for a build of the site in `siteDir`, or undefined when it is left out. Each can be given
 * (SITE_EDITOR_REPOSITORY, SITE_EDITOR_GITHUB_API, SITE_EDITOR_SIGN_IN=on|off); otherwise the repository is the one
 * GitHub Actions (GITHUB_REPOSITORY), Netlify (REPOSITORY_URL) or the folder's origin name, and signing in is offered
 * on Netlify and Cloudflare Pages, which run the token exchange.
 */
export function siteEditorSettings(
  siteDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SiteEditorSettings | undefined {
  if (env.SITE_EDITOR === 'off') return undefined;
  const repository =
    env.SITE_EDITOR_REPOSITORY ||
    env.GITHUB_REPOSITORY ||
    repositoryFromUrl(env.REPOSITORY_URL) ||
    repositoryFromUrl(originOf(siteDir));
  const signIn = env.SITE_EDITOR_SIGN_IN ? env.SITE_EDITOR_SIGN_IN === 'on' : env.NETLIFY === 'true' || !!env.CF_PAGES;
  return { api: (env.SITE_EDITOR_GITHUB_API || 'https://api.github.com').replace(/\/+$/, ''), repository, signIn };
}
