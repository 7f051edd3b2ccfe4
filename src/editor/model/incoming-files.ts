/**
 * Which files may come into the author's copy or drafts from what teammates published, the same in both editors: only
 * plain files in the site's content, each with a name every computer and host can hold. Anything else (a link, a
 * submodule, an odd name) is refused before anything is written, naming the file and who committed it.
 */
import { fileNameProblem } from '../../content/file-names.ts';
import { refuse, type Refused } from '../protocol/refusals.ts';

/** What a file is, as git records it. */
export type EntryKind = 'file' | 'link' | 'submodule';

/** Whether a path is in the folders the site's content is read from. */
const inSiteFolders = (path: string) => path.startsWith('config/') || path.startsWith('public/');

/** Why a file that would come in may not, in words that follow its path; undefined when it may. */
export function incomingProblem(path: string, kind: EntryKind): string | undefined {
  if (kind !== 'file' && inSiteFolders(path))
    return kind === 'link' ? 'is a link, not a file' : 'is not a plain file (a submodule, or another repository)';
  const name = fileNameProblem(path);
  // The name's problem without its fix, which the refusal says its own way.
  return name?.replace(/\. [^.]*\.$/, '');
}

/** The refusal of Get latest (or Publish) for such a file, naming who committed it where known. */
export const incomingRefusal = (path: string, problem: string, who: string | undefined): Refused =>
  refuse('notPlainIncoming', path, problem, who ?? '');
