/**
 * The site's content as both editors publish it: the folders they touch, which files are pictures and videos, and
 * which of those a config file's data names. Plain functions of paths and data.
 */

/** Where the site's pictures and videos are kept. */
export const MEDIA_PREFIX = 'public/media/';
export const isMedia = (path: string) => path.startsWith(MEDIA_PREFIX);

/** The folders publishing touches, as git names them. */
export const CONTENT = ['config', 'public/media'] as const;

/** Whether the editor publishes a path: inside config/ or public/media/, with no hidden file or folder on the way. */
export const inContent = (path: string) =>
  CONTENT.some((folder) => path.startsWith(`${folder}/`)) && !path.split('/').some((part) => part.startsWith('.'));

/** Every text in a config file's data that names a file of public/media/, such as "/media/hero.mp4". */
export function mediaNamedIn(data: unknown, into = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    if (data.startsWith('/media/')) into.add(data.split(/[?#]/)[0]!);
  } else if (Array.isArray(data)) for (const item of data) mediaNamedIn(item, into);
  else if (typeof data === 'object' && data !== null)
    for (const value of Object.values(data)) mediaNamedIn(value, into);
  return into;
}
