import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isLeftByFileBrowser } from '../content/file-formats.ts';
import { checkSite, type CheckOptions, type ConfigValidation } from './check-site.ts';
import { notPlainBecause, notPlainFolderBecause } from './plain-files.ts';
import type { SiteFolders } from './project-folders.ts';
import { MAX_CHECKED_BYTES } from './active-content.ts';
import { readConfigFolder, readFileStart, readPictureSize, readSchemas, readWholeFile } from './read-config-files.ts';
import { FILE_START_BYTES, type PublicFiles, type SiteContents } from './site-contents.ts';

export { MAX_PROBLEMS_PER_FILE, type ConfigValidation } from './check-site.ts';

export interface ValidateOptions extends CheckOptions {
  /**
   * Files that will be in public/ once the changes are saved, by their path there (media/launch.mp4), and where each
   * is now: the uploads the visual editor holds until Save.
   */
  readonly heldMedia?: ReadonlyMap<string, string>;
}

/**
 * Validates the site in `folders` with the one checker (check-site.ts): the CLI, the build, the dev server, the
 * editor's server and the tests all call this. It reads config/, the schemas and the list of public/ from disk, never
 * through a link, and never throws on any content of them.
 */
export function validateConfig(folders: SiteFolders, options: ValidateOptions = {}): ConfigValidation {
  return checkSite(readSiteContents(folders, options.heldMedia), options);
}

/** What the checker reads of the site in `folders`, from disk, with the uploads held for a save among public/. */
export function readSiteContents(
  folders: SiteFolders,
  heldMedia: ReadonlyMap<string, string> = new Map(),
): SiteContents {
  const hasConfig = existsSync(folders.config);
  // public/ itself is read only as a plain folder: through a link in its place, nothing is listed or read.
  const notPlain = hasConfig ? notPlainFolderBecause(folders.public) : undefined;
  const publicFile = (path: string) =>
    heldMedia.get(path.slice(1)) ?? (notPlain ? undefined : join(folders.public, ...path.split('/')));
  const listed =
    hasConfig && !notPlain ? listFilesUnder(folders.public) : { plain: [], refused: new Map<string, string>() };
  const reading =
    <T>(read: (file: string) => T | undefined) =>
    (path: string) => {
      const file = publicFile(path);
      return file === undefined ? undefined : read(file);
    };
  return {
    config: hasConfig ? readConfigFolder(folders.config) : undefined,
    configFolder: folders.config,
    schemas: hasConfig ? readSchemas(folders.schemas) : new Map(),
    publicFiles: {
      plain: [...listed.plain, ...heldMedia.keys()],
      refused: listed.refused,
      ...(notPlain ? { notPlain } : {}),
    },
    publicFileStart: reading((file) => readFileStart(file, FILE_START_BYTES)),
    publicPictureSize: reading(readPictureSize),
    publicFileBytes: (path) => reading((file) => readWholeFile(file, MAX_CHECKED_BYTES + 1))(`/${path}`),
  };
}

/**
 * Every file under public/, as paths relative to it with forward slashes: the plain files, and those no tool reads (a
 * link, a hard link, a pipe: plain-files.ts), with why. Hidden files are listed, since the build copies them and hosts
 * serve them; only what a file browser leaves by itself (.DS_Store) is skipped.
 */
function listFilesUnder(dir: string): PublicFiles & { plain: string[] } {
  const plain: string[] = [];
  const refused = new Map<string, string>();
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return { plain, refused };
  }
  for (const entry of entries) {
    const full = join(entry.parentPath, entry.name);
    const path = relative(dir, full).split(sep).join('/');
    if (isLeftByFileBrowser(path) || entry.isDirectory()) continue;
    let why: string | undefined;
    try {
      why = notPlainBecause(full, lstatSync(full));
    } catch {
      continue;
    }
    if (why) refused.set(path, why);
    else plain.push(path);
  }
  return { plain: plain.sort(), refused };
}
