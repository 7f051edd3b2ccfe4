/**
 * The author's working copy on the disk as the editor's store (model/site-store.ts), for npm run edit: a state is the
 * files as read (each read once, with its version, a hash of its text), checked by the one validator, and a write
 * puts them in place only while each is still at the version read. Whoever writes holds the lock on the site's files
 * (server/editor-api.ts), so nothing of the editor's own writes between the check and the write; a change made by another
 * program meanwhile is seen, and the save is decided again. Every path goes through safe-path.ts: nothing is read or
 * written through a link, or outside config/ and public/media/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { siteFolders } from '../../checker/project-folders.ts';
import { readConfigFolder } from '../../checker/read-config-files.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { locateProblems } from '../model/located-problems.ts';
import { REMOVED_RECORD } from '../model/retired-ids.ts';
import type { CheckedSite, SiteState, SiteStore, SiteWrite } from '../model/site-store.ts';
import type { OpenedFile } from '../protocol/files.ts';
import { heldMedia, placeHeldMedia } from './held-media.ts';
import {
  preparedReplacement,
  readPlainFile,
  removePlainFile,
  resolveWritable,
  somethingAt,
  type PreparedReplacement,
} from './safe-path.ts';

/** A hash of a file's text: what the editor opened, to tell whether the file changed on disk since. */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A config file as it is on the disk now, never through a link; undefined when there is none. */
function readOnDisk(siteDir: string, path: string): Pick<OpenedFile, 'text' | 'version'> | undefined {
  const file = resolveWritable(siteDir, path, 'config');
  if (!existsSync(file)) return undefined;
  const text = readPlainFile(file, path).toString('utf8');
  return { text, version: versionOf(text) };
}

/** The site on the disk as this state read it: each file read once, when first asked. */
export class DiskState implements SiteState {
  readonly #read = new Map<string, Pick<OpenedFile, 'text' | 'version'> | undefined>();

  constructor(readonly siteDir: string) {}

  read(path: string) {
    if (!path.startsWith('config/')) return undefined;
    if (!this.#read.has(path)) this.#read.set(path, readOnDisk(this.siteDir, path));
    return this.#read.get(path);
  }

  /** A link at the path is refused in words (safe-path.ts), never taken for a file the site has. */
  has(path: string): boolean {
    if (path.startsWith('config/')) return this.read(path) !== undefined;
    return somethingAt(join(this.siteDir, path)) && existsSync(resolveWritable(this.siteDir, path, 'public/media'));
  }

  configPaths(): readonly string[] {
    return readConfigFolder(siteFolders(this.siteDir).config).files.map((file) => `config/${file.path}`);
  }
}

/**
 * The checker's word on the site in `siteDir` with `texts` in place (null: removed) and the held `uploads` added (their
 * paths in the site, public/media/…), each problem at its field.
 */
export function checkTexts(
  siteDir: string,
  state: SiteState,
  texts: ReadonlyMap<string, string | null>,
  uploads: readonly string[],
): CheckedSite {
  const unsaved = new Map([...texts].map(([path, text]) => [path.slice('config/'.length), text]));
  const added = new Set(uploads);
  const heldNamed = new Map([...heldMedia(siteDir)].filter(([path]) => added.has(`public/${path}`)));
  const { problems, config } = validateConfig(siteFolders(siteDir), { unsaved, heldMedia: heldNamed });
  const located = locateProblems(problems, texts, (file) => {
    try {
      return state.read(file)?.text;
    } catch {
      return undefined;
    }
  });
  return { problems: located, config };
}

export class DiskStore implements SiteStore<DiskState> {
  constructor(readonly siteDir: string) {}

  async state(): Promise<DiskState> {
    return new DiskState(this.siteDir);
  }

  async check(state: DiskState, texts: ReadonlyMap<string, string | null>, uploads: readonly string[]) {
    return checkTexts(this.siteDir, state, texts, uploads);
  }

  heldUploads(): readonly string[] {
    return [...heldMedia(this.siteDir).keys()].map((path) => `public/${path}`);
  }

  async write(state: DiskState, { texts, uploads }: SiteWrite): Promise<DiskState | 'moved'> {
    const { siteDir } = this;
    // Changed on the disk since it was read (another program, an editor in a second terminal): decided again.
    for (const path of texts.keys())
      if (readOnDisk(siteDir, path)?.version !== state.read(path)?.version) return 'moved';
    // In an order that a stop halfway never makes worse: the record of retired ids first, files removed last, so an
    // influencer is never gone while their id is still free to give out.
    const order = [...texts].sort(
      ([a, aText], [b, bText]) =>
        Number(aText === null) - Number(bText === null) || Number(b === REMOVED_RECORD) - Number(a === REMOVED_RECORD),
    );
    // Every new text is written beside its file first, never through a link: a full disk stops the save here, before
    // anything of the site changed. Then the renames, which take no space.
    const prepared: PreparedReplacement[] = [];
    try {
      for (const [path, text] of order) {
        if (text === null) continue;
        const file = resolveWritable(siteDir, path, 'config');
        mkdirSync(dirname(file), { recursive: true });
        prepared.push(preparedReplacement(siteDir, file, text, 'config'));
      }
      // The uploads before the files that name them, so a saved file never names a file that is not there.
      placeHeldMedia(siteDir, new Set(uploads.map((path) => path.slice('public'.length))));
      while (prepared.length > 0) prepared.shift()!.place();
    } catch (error) {
      // Nothing of the editor's own is left behind: a temporary file not put in place is removed.
      for (const replacement of prepared) replacement.drop();
      throw error;
    }
    for (const [path, text] of order)
      if (text === null) removePlainFile(siteDir, resolveWritable(siteDir, path, 'config'), 'config');
    return new DiskState(siteDir);
  }

  /** The disk keeps no record of who wrote a file: a lost answer is recognised by the page (model/drafts.ts). */
  async changedBy(): Promise<boolean> {
    return false;
  }
}
