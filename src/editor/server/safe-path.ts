import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The only folders the editor writes to, relative to the site's folder. */
export const WRITABLE_FOLDERS = ['config', 'public/media'] as const;
export type WritableFolder = (typeof WRITABLE_FOLDERS)[number];

/** A path the editor will not read or write, with the reason in words. */
export class RefusedPath extends Error {}

/**
 * The absolute path of `requested` (such as "config/pages/home.json"), when it is a plain relative path inside one
 * of the writable folders: no absolute path, no "..", no hidden file or folder, no backslash, and no link that
 * leads out of the folder. Throws RefusedPath otherwise.
 */
export function resolveWritable(siteDir: string, requested: unknown, folder: WritableFolder): string {
  if (typeof requested !== 'string' || requested === '') throw new RefusedPath('No file was named.');
  if (requested.includes('\0') || requested.includes('\\')) throw new RefusedPath(`${JSON.stringify(requested)} is not a file path the editor accepts.`);
  if (requested.startsWith('/') || /^[a-zA-Z]:/.test(requested)) throw new RefusedPath(`${JSON.stringify(requested)} is an absolute path; the editor takes paths inside the site, such as ${folder}/...`);
  const segments = requested.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) throw new RefusedPath(`${JSON.stringify(requested)} steps out of its folder ("..") or has an empty part.`);
  if (segments.some((segment) => segment.startsWith('.'))) throw new RefusedPath(`${JSON.stringify(requested)} is a hidden file or folder, which the editor never touches.`);
  if (!requested.startsWith(`${folder}/`)) throw new RefusedPath(`${JSON.stringify(requested)} is outside ${folder}/, where the editor may write.`);

  const base = join(siteDir, folder);
  const target = join(siteDir, ...segments);
  const realBase = realpathSync(base);
  // The nearest folder that exists must really be inside the writable folder, after following links.
  let existing = dirname(target);
  while (!existsSync(existing)) existing = dirname(existing);
  const realParent = realpathSync(existing);
  if (realParent !== realBase && !realParent.startsWith(realBase + sep)) throw new RefusedPath(`${JSON.stringify(requested)} leads out of ${folder}/ through a link.`);
  if (existsSync(target) && lstatSync(target).isSymbolicLink()) throw new RefusedPath(`${JSON.stringify(requested)} is a link; the editor writes only real files inside ${folder}/.`);
  if (relative(base, target).startsWith('..')) throw new RefusedPath(`${JSON.stringify(requested)} is outside ${folder}/.`);
  return target;
}
