/**
 * Stray files on the author's drafts branch at /admin/ (model/stray-files.ts), over the repository port
 * (model/repository.ts): what someone who may push put on the drafts that the author's Publish never sends, with who
 * did it and when, from the branch's history; and taking them off in one commit on the drafts, each put back as main
 * has it, made only on the head the list was made from and carrying the step's id, so a try again after a lost answer
 * finds its own commit. No Node API.
 */
import { withOperation } from './operations.ts';
import { notPlainStray, strayFilesOf } from './stray-files.ts';
import type { StrayFile, TakeOffRequest } from '../protocol/files.ts';
import { refuse } from '../protocol/refusals.ts';
import { newestChangeTo, ownCommitOn } from './history.ts';
import type { Repository } from './repository.ts';
import { committedOn } from './branch-store.ts';
import { draftsProtected } from './drafts-branch.ts';

/** The author's branches: main, where the site is published from, and their drafts. */
interface Branches {
  readonly main: string;
  readonly drafts: string;
}

/** The drafts at a head against a published commit, as the drafts' adapter works it out (github/github-drafts.ts). */
export interface DraftsAgainst {
  /** The published commit they were compared with. */
  readonly published: string;
  /** Where the drafts' history met the published branch's. */
  readonly base: string;
  /** The files the drafts changed since `base` that read otherwise at `published`. */
  readonly changed: readonly string[];
  /** Each file's id at the drafts' head, and at `published`. */
  readonly mine: ReadonlyMap<string, string>;
  readonly theirs: ReadonlyMap<string, string>;
}

/** How the drafts at `head` stand against the published commit `published`. */
type DraftsComparison = (published: string, head: string) => Promise<DraftsAgainst>;

/**
 * The stray files of the drafts at `head`: among the files the drafts changed against main (`against` says which),
 * those `refused` (the checker's words, by path, for the site at `head`) or outside the site's content, and any link or
 * submodule, each with its newest commit's author and date.
 */
export async function straysOnDrafts(
  repository: Repository,
  branches: Branches,
  head: string,
  refused: ReadonlyMap<string, string>,
  against: DraftsComparison,
): Promise<{ files: StrayFile[]; found: DraftsAgainst }> {
  const main = (await repository.head(branches.main)) ?? head;
  const [found, oddHere, oddLive] = await Promise.all([
    against(main, head),
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
  repository: Repository,
  branches: Branches,
  request: TakeOffRequest,
  listed: (head: string) => Promise<{ files: readonly StrayFile[]; found: DraftsAgainst }>,
): Promise<{ takenOff: readonly string[] }> {
  if (request.paths.length === 0) return { takenOff: [] };
  if (await ownCommitOn(repository, branches.drafts, request.attempt)) return { takenOff: request.paths };
  const head = await repository.head(branches.drafts);
  if (!head || head !== request.listedAt) throw refuse('strayListMoved');
  const { files, found } = await listed(head);
  for (const path of request.paths)
    if (!files.some((file) => file.path === path)) throw refuse('notStray', JSON.stringify(path));
  const live = await repository.read(found.published, request.paths);
  const outcome = await repository.commit({
    branch: branches.drafts,
    expectedHead: head,
    message: withOperation(`Took off the drafts: ${request.paths.join(', ')}`, request.attempt?.id),
    changes: new Map(request.paths.map((path) => [path, live.get(path)])),
  });
  if (outcome === 'moved') throw refuse('strayListMoved');
  committedOn(branches.drafts, outcome, draftsProtected(branches.drafts));
  return { takenOff: request.paths };
}
