/** Publishing's words for the author: plain functions, tested on plain values and git's own messages. */
import { describe, expect, it } from 'vitest';
import { GitFailed, GitTimedOut } from './git.ts';
import { pushRefusal, reviewLinkOf } from './publish-words.ts';

describe('the link that opens a review', () => {
  it('links to the pull or merge request page of GitHub, GitLab and Bitbucket, from any form of the address', () => {
    const branch = 'site-editor/2026-11-24-09-30-home-page';
    for (const remote of [
      'https://github.com/loom/site.git',
      'git@github.com:loom/site.git',
      'ssh://git@github.com/loom/site',
      'https://ama:secret@github.com/loom/site',
    ])
      expect(reviewLinkOf(remote, branch, 'main'), remote).toBe(
        'https://github.com/loom/site/compare/main...site-editor/2026-11-24-09-30-home-page?expand=1',
      );
    for (const remote of ['https://gitlab.com/loom/web/site.git', 'git@gitlab.com:loom/web/site.git'])
      expect(reviewLinkOf(remote, branch, 'main'), remote).toBe(
        'https://gitlab.com/loom/web/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=site-editor%2F2026-11-24-09-30-home-page&merge_request%5Btarget_branch%5D=main',
      );
    for (const remote of ['https://ama@bitbucket.org/loom/site.git', 'git@bitbucket.org:loom/site.git'])
      expect(reviewLinkOf(remote, branch, 'main'), remote).toBe(
        'https://bitbucket.org/loom/site/pull-requests/new?source=site-editor%2F2026-11-24-09-30-home-page&dest=main',
      );
    expect(reviewLinkOf('/srv/git/site.git', branch, 'main')).toBeUndefined();
  });
});

describe("git's refusals, in words, by what git prints", () => {
  it('says a remote that did not answer in the time the site gives, and that nothing was lost', () => {
    const refusal = pushRefusal(new GitTimedOut(['push'], 60, ''), 'main');
    // Unanswered, it may still have arrived: the details say so, for the journal.
    expect(refusal.details).toEqual({ timedOut: true });
    expect(refusal.message).toMatch(
      /^The place where the site is kept did not answer in 60 seconds, so the editor stopped waiting\. Nothing was lost/,
    );
  });

  // Git's own messages for what cannot be made to happen on this machine without a server: a sign-in it has not got.
  it.each([
    ["fatal: could not read Username for 'https://github.com': terminal prompts disabled", /no saved sign-in/],
    [
      'git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.',
      /no saved sign-in/,
    ],
    [
      'remote: Permission to loom/site.git denied to ama.\nfatal: unable to access: The requested URL returned error: 403',
      /may not publish to the branch "main"/,
    ],
    [
      "fatal: unable to access 'https://github.com/loom/site.git/': Could not resolve host: github.com",
      /could not be reached/,
    ],
  ])('%s', (said, words) => {
    expect(pushRefusal(new GitFailed(['push'], 128, said), 'main').message).toMatch(words);
  });
});
