/**
 * The store the editor's rules work on, as small as they need: the site's files at one state, each read with its
 * version; the checker's word on changes to that state; and a write of changes made against it (files put in place on
 * the disk, a commit on the branch), which the store refuses ("moved") when the site is no longer at that state, so
 * nothing is ever written over what the rules did not see. Two stores answer it: the author's working copy on the disk (git/disk-store.ts) and the author's drafts
 * branch on a git host (model/branch-store.ts). The rules over it (model/save.ts) are written once, for both editors.
 */
import type { SiteConfig } from '../../contract/site-config.ts';
import type { OpenedFile, Problem } from '../protocol/files.ts';
import type { Attempt } from '../protocol/attempt.ts';

/**
 * The site at one state: what a save is decided on and written against. A file is what the state first read of it
 * (a commit holds it whole; the disk is read a file at a time, when first asked): a write on the state is made only
 * while every file it writes is still as read.
 */
export interface SiteState {
  /** A file's text and version at this state (config files; any file for its version), or undefined without it. */
  read(path: string): Pick<OpenedFile, 'text' | 'version'> | undefined;
  /** Whether the site holds a file at this state (a picture of public/media/, a config file). */
  has(path: string): boolean;
  /** Every config file's path at this state (config/…). */
  configPaths(): readonly string[];
}

/** What the checker says of the site with changes: every problem at its field, and the config when it is valid. */
export interface CheckedSite {
  readonly problems: readonly Problem[];
  readonly config?: SiteConfig;
}

/** What a write puts on the site: each file's new text (null: removed), and the uploads that join the site with it. */
export interface SiteWrite {
  readonly texts: ReadonlyMap<string, string | null>;
  /** Uploads the page or the editor holds for a save, by their path in the site (public/media/…). */
  readonly uploads: readonly string[];
  /** What the write is, in a line ("Saved in the editor: config/pages/home.json"): a branch's commit message. */
  readonly headline: string;
  /** The save's id and its earlier tries', carried by a branch's commit so a try again recognises it. */
  readonly attempt?: Attempt;
}

export interface SiteStore<State extends SiteState = SiteState> {
  /** The site as the store holds it now. */
  state(): Promise<State>;
  /** The checker's word on the site at `state` with `texts` in place (null: removed) and `uploads` added. */
  check(state: State, texts: ReadonlyMap<string, string | null>, uploads: readonly string[]): Promise<CheckedSite>;
  /** The uploads held for the save that names them, by their path in the site (public/media/…). */
  heldUploads(): readonly string[];
  /** Writes `write` on the site at `state`, all or nothing; "moved" (nothing written) when it is no longer there. */
  write(state: State, write: SiteWrite): Promise<State | 'moved'>;
  /** Whether the newest change to `path` at `state` is one of `attempt`'s tries (its answer was lost on the way). */
  changedBy(state: State, path: string, attempt: Attempt): Promise<boolean>;
}
