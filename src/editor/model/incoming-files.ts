/**
 * Which files may come into the author's copy or drafts from what teammates published, the same in both editors: only
 * plain files in plain folders of the site's content, each with a name every computer and host can hold. Anything
 * else (a link, a submodule, an odd name; a link or a file where config/, public/ or public/media/ must be a folder;
 * a file under a folder that is a link) is refused before anything is written, naming it and who committed it.
 */
import { fileNameProblem } from '../../content/file-names.ts';
import { refuse, type Refused } from '../protocol/refusals.ts';

/** What a file is, as git records it. */
export type EntryKind = 'file' | 'link' | 'submodule';

/** The folders the site's content is read from, each of which must be a plain folder wherever the site is. */
export const SITE_FOLDERS = ['config', 'public', 'public/media'] as const;

/** Whether a path is one of the site's folders or inside one (the folders above every content path are among them). */
const inSiteFolders = (path: string) => SITE_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));

/** The folders above a path, from the top down: "public", "public/media" for "public/media/hero.jpg". */
const foldersAbove = (path: string): string[] =>
  path
    .split('/')
    .slice(0, -1)
    .map((_, index, parts) => parts.slice(0, index + 1).join('/'));

/**
 * Why an entry that is not a plain file may not stand where it is, in words that follow its path; `isFolder`: where a
 * folder must be.
 */
function notPlainEntry(kind: EntryKind, isFolder: boolean): string {
  if (kind === 'link') return isFolder ? 'is a link, not a folder' : 'is a link, not a file';
  if (kind === 'submodule') return 'is not a plain file (a submodule, or another repository)';
  return 'is a file where the site needs a folder';
}

/**
 * Why a file that would come in may not, in words that follow its path; undefined when it may. `standing` says what
 * stands at a folder above it where it would be written (the commit that brings it, or the author's copy), when that
 * is anything but a plain folder: a file under a link is refused too.
 */
export function incomingProblem(
  path: string,
  kind: EntryKind,
  standing: (folder: string) => EntryKind | undefined = () => undefined,
): string | undefined {
  if (inSiteFolders(path)) {
    const isFolder = (SITE_FOLDERS as readonly string[]).includes(path);
    if (kind !== 'file' || isFolder) return notPlainEntry(kind, isFolder);
    const under = foldersAbove(path).find((folder) => standing(folder) !== undefined);
    if (under) return `is inside ${under}/, which ${notPlainEntry(standing(under)!, true)}`;
  }
  const name = fileNameProblem(path);
  // The name's problem without its fix, which the refusal says its own way.
  return name?.replace(/\. [^.]*\.$/, '');
}

/** The refusal of Get latest (or Publish) for such a file, naming who committed it where known. */
export const incomingRefusal = (path: string, problem: string, who: string | undefined): Refused =>
  refuse('notPlainIncoming', path, problem, who ?? '');
