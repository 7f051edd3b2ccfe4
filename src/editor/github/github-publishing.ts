/**
 * Publishing over GitHub's API, put together as the core asks for it (model/repository.ts, PublishingPlace): the
 * repository (github-repository.ts) and the author's drafts branch (github-drafts.ts), with the checker on the site as
 * a commit would hold it. What publishing does with it is decided once, in model/drafts-publishing.ts. No Node API.
 */
import { problemsOnBranch } from '../model/drafts-publishing.ts';
import type { PublishingPlace } from '../model/repository.ts';
import type { PublishingParts } from '../model/site-host.ts';
import type { GitHubApi } from './github-api.ts';
import { GitHubDrafts } from './github-drafts.ts';
import { GitHubRepository } from './github-repository.ts';

/**
 * Publishing over GitHub's API, as the core asks for it: the repository, the author's drafts branch, how the site
 * publishes, and the checker on the site as a commit would hold it (config by its data, media by name and bytes).
 */
export function publishingOnGitHub(api: GitHubApi, parts: PublishingParts): PublishingPlace & { drafts: GitHubDrafts } {
  const repository = new GitHubRepository(api, { text: parts.knownText });
  return {
    repository,
    drafts: new GitHubDrafts(repository, parts.drafts),
    branch: parts.main,
    mode: parts.mode,
    problemsWith: problemsOnBranch(repository, parts.check),
  };
}
