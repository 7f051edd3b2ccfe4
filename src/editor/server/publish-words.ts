/**
 * Publishing's words for the author: the commit message when they wrote none, the link that opens a review, and git's
 * refusals. Plain functions, without git or the disk.
 */
import { GitFailed, GitTimedOut } from './git.ts';

/** The address of the page that opens a pull or merge request of `branch` into `base`, for the remote's host. */
export function reviewLinkOf(remoteUrl: string, branch: string, base: string): string | undefined {
  // https://host/owner/repo(.git), ssh://git@host[:port]/owner/repo(.git), or git@host:owner/repo(.git)
  const match =
    /^(?:https?:\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/|ssh:\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/|[^@/:]+@([^/:]+):)(.+?)(?:\.git)?\/?$/.exec(
      remoteUrl.trim(),
    );
  if (!match) return undefined;
  const host = (match[1] ?? match[2] ?? match[3])!.toLowerCase();
  const project = match[4]!.replace(/^\/+/, '');
  if (!/^[\w.~-]+(\/[\w.~-]+)+$/.test(project)) return undefined;
  const at = `https://${host}/${project}`;
  const ref = (name: string) => name.split('/').map(encodeURIComponent).join('/');
  const query = encodeURIComponent;
  if (host.includes('github')) return `${at}/compare/${ref(base)}...${ref(branch)}?expand=1`;
  if (host.includes('gitlab'))
    return `${at}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${query(branch)}&merge_request%5Btarget_branch%5D=${query(base)}`;
  if (host.includes('bitbucket')) return `${at}/pull-requests/new?source=${query(branch)}&dest=${query(base)}`;
  return undefined;
}

/** Git's refusal of a push or fetch, in words for the author. */
export function pushProblemInWords(error: GitFailed, branch: string): string {
  if (error instanceof GitTimedOut)
    return `The place where the site is kept did not answer in ${error.seconds} seconds, so the editor stopped waiting. Nothing was lost: your saved changes are all still here. Try again later.`;
  const said = error.stderr;
  if (/non-fast-forward|fetch first|\[rejected\]|stale info|Updates were rejected/i.test(said))
    return 'Someone published changes since you last got the latest. Nothing was published, and all your saved changes are still here: choose "Get latest changes", then publish again.';
  if (
    /Authentication failed|terminal prompts disabled|could not read Username|could not read Password|Permission denied \(publickey|Host key verification failed|invalid credentials|HTTP Basic: Access denied/i.test(
      said,
    )
  )
    return 'Git on this computer has no saved sign-in for where the site is kept, so nothing was published. Your saved changes are all still here. Ask a developer to set up git on this computer once (docs/hosting.md, "The author\'s computer, once").';
  if (
    /Permission to .* denied|403|not allowed to push|protected branch|pre-receive hook declined|remote rejected|denied/i.test(
      said,
    )
  )
    return `Your account may not publish to the branch "${branch}" of this site, so nothing was published. Your saved changes are all still here. Ask a developer for access, or for publishing to be set to "review".`;
  if (
    /Could not resolve host|unable to access|Connection refused|Connection timed out|Network is unreachable|Could not read from remote repository|does not appear to be a git repository|No route to host/i.test(
      said,
    )
  )
    return 'The place where the site is kept could not be reached (no network, or its address is wrong), so nothing was published. Your saved changes are all still here: try again when you are online.';
  return `Git could not reach where the site is kept, so nothing was published. Your saved changes are all still here. Git said: ${said.trim().split('\n').slice(-2).join(' ')}`;
}
