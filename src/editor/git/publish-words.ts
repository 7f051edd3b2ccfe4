/**
 * Publishing's words for the author: the link that opens a review, and git's refusals as the catalogue's. Plain
 * functions, without git or the disk.
 */
import { refuse, type Refused } from '../protocol/refusals.ts';
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

/** What a push or fetch git refused did not do, as the refusal says it. */
export type NothingDone = 'nothing was published' | 'nothing was brought in';

/** What git says of a push that would not fast-forward the branch: someone published meanwhile. */
const NOT_FAST_FORWARD = /non-fast-forward|fetch first|\[rejected\]|stale info|Updates were rejected/i;

/** What hosts say of a push a rule of theirs declines: changes reach the branch through review. */
const PROTECTED = /protected branch|GH006|not allowed to push code to protected branches/i;

/**
 * What git's failure to push a commit to `branch` comes to: the branch moved meanwhile, a rule of the host keeps it
 * from being written to directly, or a refusal in the author's words (pushRefusal).
 */
export function pushOutcome(error: GitFailed, branch: string): 'moved' | 'protected' | Refused {
  if (!(error instanceof GitTimedOut) && NOT_FAST_FORWARD.test(error.stderr)) return 'moved';
  if (!(error instanceof GitTimedOut) && PROTECTED.test(error.stderr)) return 'protected';
  return pushRefusal(error, branch);
}

/** Where the site is kept, as the author is told of it. */
const PLACE = 'The place where the site is kept';

/**
 * Git's refusal of a push or fetch, as the catalogue's refusal for the author (protocol/refusals.ts); one git never
 * answered says so in its details (`timedOut`): it may still have arrived.
 */
export function pushRefusal(error: GitFailed, branch: string, nothingDone: NothingDone = 'nothing was published') {
  if (error instanceof GitTimedOut) return refuse('noAnswer', PLACE, String(error.seconds)).with({ timedOut: true });
  const said = error.stderr;
  if (NOT_FAST_FORWARD.test(said)) return refuse('publishedMeanwhile');
  if (
    /Authentication failed|terminal prompts disabled|could not read Username|could not read Password|Permission denied \(publickey|Host key verification failed|invalid credentials|HTTP Basic: Access denied/i.test(
      said,
    )
  )
    return refuse('noSignIn', nothingDone);
  if (
    /Permission to .* denied|403|not allowed to push|protected branch|pre-receive hook declined|remote rejected|denied/i.test(
      said,
    )
  )
    return refuse('mayNotPublish', branch, nothingDone);
  if (
    /Could not resolve host|unable to access|Connection refused|Connection timed out|Network is unreachable|Could not read from remote repository|does not appear to be a git repository|No route to host/i.test(
      said,
    )
  )
    return refuse('unreachable', PLACE, nothingDone);
  return refuse('gitFailed', nothingDone, said.trim().split('\n').slice(-2).join(' '));
}
