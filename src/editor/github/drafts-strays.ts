/**
 * Stray files on the author's drafts at /admin/ (model/stray-files.ts): what someone who may push put on the drafts
 * branch that the author's Publish never sends, with who did it and when, from the branch's history; and taking them
 * off in one commit on the drafts, each put back as main has it, made only on the head the list was made from and
 * carrying the step's id, so a try again after a lost answer finds its own commit. No Node API.
 */
import { withOperation } from '../model/operations.ts';
import { notPlainStray, strayFilesOf } from '../model/stray-files.ts';
import type { StrayFile, TakeOffRequest } from '../protocol/files.ts';
import { refuse } from '../protocol/refusals.ts';
import type { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { newestChangeTo, ownCommitOn } from '../model/history.ts';
import { draftsAgainst, type DraftsAgainst } from './github-drafts.ts';
import { GitHubRepository } from './github-repository.ts';
import { draftsProtected } from './drafts-branch.ts';

/** The author's branches: main, where the site is published from, and their drafts. */
interface Branches {
  readonly main: string;
  readonly drafts: string;
}

/**
 * The stray files of the drafts at `head`: among the files the drafts changed against main, those `refused` (the
 * checker's words, by path, for the site at `head`) or outside the site's content, each with its newest commit's
 * author and date.
 */
export async function straysOnDrafts(
  api: GitHubApi,
  branches: Branches,
  head: string,
  refused: ReadonlyMap<string, string>,
): Promise<{ files: StrayFile[]; found: DraftsAgainst }> {
  const repository = new GitHubRepository(api);
  const main = (await api.head(branches.main)) ?? head;
  const [found, oddHere, oddLive] = await Promise.all([
    draftsAgainst(repository, main, head),
    repository.oddFiles(head),
    repository.oddFiles(main),
  ]);
  const { mine, theirs } = found;
  const changed = found.changed.map((path) => ({
    path,
    change: !theirs.has(path) ? ('added' as const) : !mine.has(path) ? ('removed' as const) : ('changed' as const),
  }));
  // A link or a submodule someone put there: never a file the editor reads or publishes, and nothing else lists it.
  const odd = [...oddHere]
    .filter(([path, kind]) => oddLive.get(path) !== kind)
    .map(([path, kind]) => ({
      path,
      change: theirs.has(path) ? ('changed' as const) : ('added' as const),
      why: notPlainStray(kind),
    }));
  const files = await Promise.all(
    [...strayFilesOf(changed, refused), ...odd].map(async (file) => {
      const newest = await newestChangeTo(repository, head, file.path);
      return newest ? { ...file, by: { name: newest.author.name, date: newest.author.date } } : file;
    }),
  );
  return { files, found };
}

/**
 * Takes `request.paths` off the drafts, each put back as main has it, in one commit made only on `request.listedAt`;
 * each path must be one of `listed` (the strays there, made afresh). A try whose answer was lost is answered by its own
 * commit. Refused in words when the drafts moved, or a path is not stray.
 */
export async function takeOffDrafts(
  api: GitHubApi,
  branches: Branches,
  request: TakeOffRequest,
  listed: (head: string) => Promise<{ files: readonly StrayFile[]; found: DraftsAgainst }>,
): Promise<{ takenOff: readonly string[] }> {
  if (request.paths.length === 0) return { takenOff: [] };
  if (await ownCommitOn(new GitHubRepository(api), branches.drafts, request.attempt))
    return { takenOff: request.paths };
  const head = await api.head(branches.drafts);
  if (!head || head !== request.listedAt) throw refuse('strayListMoved');
  const { files, found } = await listed(head);
  for (const path of request.paths)
    if (!files.some((file) => file.path === path)) throw refuse('notStray', JSON.stringify(path));
  const live = await api.readFilesIn(found.theirs, request.paths);
  try {
    await api.commit({
      branch: branches.drafts,
      expectedHead: head,
      headline: `Took off the drafts: ${request.paths.join(', ')}`,
      body: withOperation('', request.attempt?.id).trim() || undefined,
      changes: request.paths.map((path) => ({ path, bytes: live.get(path) })),
    });
  } catch (refusal) {
    if (refusal instanceof GitHubRefusal && refusal.kind === 'moved') throw refuse('strayListMoved');
    if (refusal instanceof GitHubRefusal && refusal.kind === 'protected')
      throw new GitHubRefusal('protected', draftsProtected(branches.drafts));
    throw refusal;
  }
  return { takenOff: request.paths };
}
