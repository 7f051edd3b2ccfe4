/**
 * Which file names every computer and host can hold: what the checker asks of every file of public/ and config/, and
 * what Get latest and Publish ask of a file before it reaches the author's copy or the site. A name git holds but
 * Windows cannot check out, or that a host would serve under another name, is refused in words, with the fix.
 */

/** Names Windows keeps for its devices, with or without an ending. */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** Characters Windows refuses in a name. */
const FORBIDDEN = /[<>:"\\|?*]/;
/**
 * Characters nobody can see: line breaks, tabs and the other control characters, and the marks that turn text
 * right to left (which make a name read as another).
 */
const INVISIBLE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** The longest name a folder of most systems holds, in bytes. */
const MAX_NAME_BYTES = 255;

/** Why a file's path (with forward slashes) cannot be kept everywhere, in words that follow its path; or undefined. */
export function fileNameProblem(path: string): string | undefined {
  for (const part of path.split('/')) {
    if (part === '')
      return 'has an empty folder name in its path (two slashes). Move the file to a folder with a name.';
    if (INVISIBLE.test(part))
      return 'has a line break, a tab or another invisible character in its name, which Windows and some hosts cannot hold. Rename it with letters, digits and dashes.';
    const forbidden = FORBIDDEN.exec(part);
    if (forbidden)
      return `has the character ${forbidden[0]} in its name, which Windows does not allow. Rename it with letters, digits and dashes.`;
    if (/[. ]$/.test(part))
      return 'has a name that ends with a dot or a space, which Windows drops. Rename it so it ends with a letter or digit.';
    if (RESERVED.test(part)) return `is named "${part}", a name Windows keeps for a device. Rename it.`;
    if (new TextEncoder().encode(part).length > MAX_NAME_BYTES)
      return `has a name longer than ${MAX_NAME_BYTES} bytes, more than most computers hold. Give it a shorter name.`;
  }
  return undefined;
}
