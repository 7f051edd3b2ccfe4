/**
 * What teammates published that the author does not have yet, once for both editors: how many such changes the Publish
 * panel counts, and what Get latest says it brought in, in the words History and Publish use for a change.
 */
import { describeFileChange } from './change-words.ts';
import { inContent } from './content-files.ts';

/** A file's version on one side (git's id of its bytes), or undefined where that side has no such file. */
export type VersionOf = (path: string) => string | undefined;

/** The three sides: where the author's copy and main last met, main now, and the author's saved files. */
export interface Sides {
  readonly base: VersionOf;
  readonly theirs: VersionOf;
  readonly mine: VersionOf;
}

/**
 * The content files (config/, public/media/) among `changed` that main changed since the two last met and the author
 * does not already hold as main does: not the author's own publish whose answer was lost, nor the same change made on
 * both sides.
 */
export const teammatesChanges = (changed: Iterable<string>, sides: Sides): string[] =>
  [...new Set(changed)]
    .filter((path) => inContent(path))
    .filter((path) => sides.base(path) !== sides.theirs(path) && sides.mine(path) !== sides.theirs(path))
    .sort();

/** How many changes are said one by one; the rest are counted, so a teammate's large import stays one short list. */
export const WORDS_SHOWN = 12;

/** The paths whose changes are said in words (the first WORDS_SHOWN), for a reader to fetch only those. */
export const describedOf = (paths: readonly string[]): readonly string[] => paths.slice(0, WORDS_SHOWN);

/**
 * What came in, in words: one line per file (described from its bytes before and after, `before` and `after` holding
 * at least describedOf(paths)), then a line that counts the rest.
 */
export function broughtInWords(
  paths: readonly string[],
  before: ReadonlyMap<string, string | Uint8Array | undefined>,
  after: ReadonlyMap<string, string | Uint8Array | undefined>,
): string[] {
  const words = describedOf(paths).map((path) => describeFileChange(path, before.get(path), after.get(path)));
  const rest = paths.length - words.length;
  return rest > 0 ? [...words, `and ${rest} more ${rest === 1 ? 'change' : 'changes'}`] : words;
}
