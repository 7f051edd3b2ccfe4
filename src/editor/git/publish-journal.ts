/**
 * The journal of a step that moves the author's saved files: Get latest changes (which also runs inside Publish and
 * Undo) and the end of a Publish that reached the site. It is written whole, and made safe on disk, before the step
 * touches a file, and removed once the step is done; an editor that stopped in the middle (a crash, a kill, a power
 * cut) finds it when it starts again and puts things right before anything else runs (publishing.ts, recover).
 *
 * It lives in .git/site-editor/journal/: journal.json, and the bytes of each file it may need to put back or finish.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { refuse } from '../protocol/refusals.ts';
import { writeWhole } from './safe-path.ts';

/**
 * An author's file that a step rewrites: what it held before (the author's saved version) and what it must hold after.
 */
export interface JournaledFile {
  readonly path: string;
  /** The name of the author's saved version in the journal's folder, or null when the file did not exist. */
  readonly mine: string | null;
  /** The name of the version the step writes, or null when the step removes the file. */
  readonly result: string | null;
}

/**
 * Bringing in teammates' changes: the branch moves from `head` to `target`, and the author's files are put back on top.
 */
export interface LatestJournal {
  readonly step: 'get-latest';
  readonly head: string;
  readonly target: string;
  /** Every file the move from head to target changes. */
  readonly incoming: readonly string[];
  /** The author's files among them, with their saved and merged versions. */
  readonly files: readonly JournaledFile[];
}

/**
 * A publish that reached the site: this copy's branch moves to the published commit, and its files stop being "saved".
 */
export interface PublishedJournal {
  readonly step: 'published';
  readonly branch: string;
  readonly head: string;
  readonly commit: string;
  /** The files the commit published, which are no longer changes of the author's. */
  readonly paths: readonly string[];
  /** Published media the author chose to remove, which leave this copy too. */
  readonly removals: readonly string[];
}

export type Journal = LatestJournal | PublishedJournal;

const FOLDER = 'journal';

const RECORD = 'journal.json';

/** Writes a file and asks the system to keep it on disk before going on. */
function writeDurably(path: string, bytes: Buffer | string): void {
  const descriptor = openSync(path, 'wx');
  try {
    writeWhole(descriptor, bytes);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Asks the system to keep a folder's list of names on disk (where folders can be opened: not on Windows). */
function syncFolder(path: string): void {
  try {
    const descriptor = openSync(path, 'r');
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    // A system that cannot sync a folder keeps its renames in order anyway.
  }
}

/** The journal of one site, in `folder` (the editor's own folder inside .git, never a link). */
export class JournalFolder {
  constructor(readonly folder: string) {}

  /** The unfinished step's journal, if the editor stopped in the middle of one. */
  read(): Journal | undefined {
    const record = join(this.folder, FOLDER, RECORD);
    return existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as Journal) : undefined;
  }

  /** One of the files the journal keeps, by its name in the journal. */
  bytes(name: string): Buffer {
    return readFileSync(join(this.folder, FOLDER, name));
  }

  /**
   * Records a step before it starts: its journal and the files it keeps, written into a folder of their own and then
   * renamed into place at once, so a journal is either whole or not there. Returns the names the files were kept under.
   */
  begin(journal: (names: (bytes: Buffer | undefined) => string | null) => Journal): Journal {
    // A step asked to begin while another's journal is still open: refused in words, nothing written.
    if (existsSync(join(this.folder, FOLDER))) throw refuse('stillFinishing');
    this.clearLeftovers();
    const building = join(this.folder, `${FOLDER}.new-${randomBytes(6).toString('hex')}`);
    mkdirSync(building);
    let count = 0;
    const keep = (bytes: Buffer | undefined) => {
      if (bytes === undefined) return null;
      const name = `file-${count++}`;
      writeDurably(join(building, name), bytes);
      return name;
    };
    let made: Journal;
    try {
      made = journal(keep);
      writeDurably(join(building, RECORD), JSON.stringify(made, null, 2));
      syncFolder(building);
    } catch (error) {
      // Not begun (a full disk): nothing of it is left to take space or to be taken for a journal.
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
    renameSync(building, join(this.folder, FOLDER));
    syncFolder(this.folder);
    return made;
  }

  /** The step is done: its journal goes, first out of its place (at once), then from the disk. */
  end(): void {
    const current = join(this.folder, FOLDER);
    if (!existsSync(current)) return;
    const done = join(this.folder, `${FOLDER}.done-${randomBytes(6).toString('hex')}`);
    renameSync(current, done);
    syncFolder(this.folder);
    rmSync(done, { recursive: true, force: true });
  }

  /** Removes journals that were being written or removed when the editor stopped: never a whole one. */
  clearLeftovers(): void {
    for (const name of readdirSync(this.folder)) {
      if (name.startsWith(`${FOLDER}.new-`) || name.startsWith(`${FOLDER}.done-`))
        rmSync(join(this.folder, name), { recursive: true, force: true });
    }
  }
}

/**
 * For the tests that stop the editor at each step: SITE_EDITOR_HALT_AT names a file, and where that file names this
 * step, the editor says so on its error output and waits there, to be killed as a crash would. Nothing happens when
 * the variable is not set, as it never is outside those tests.
 */
export async function haltPoint(step: string): Promise<void> {
  const file = process.env.SITE_EDITOR_HALT_AT;
  if (!file || !existsSync(file) || readFileSync(file, 'utf8').trim() !== step) return;
  process.stderr.write(`site-editor halted at ${step} (process ${process.pid})\n`);
  await new Promise(() => undefined);
}
