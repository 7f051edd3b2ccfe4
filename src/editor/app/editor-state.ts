/** The editor page's state, as its one store holds it and its components draw it. */
import type { AsideDraft } from '../model/drafts.ts';
import type { ChangedSince, FileEntry, PreviewAddress, PreviewPayload, Problem } from '../protocol/files.ts';
import type { OpenFile } from './open-files.ts';

/** On a narrow screen the editor shows one of its parts at a time; on a wide one, all three side by side. */
export type View = 'files' | 'edit' | 'preview';

export interface EditorState {
  readonly files: readonly FileEntry[];
  readonly groups: readonly string[];
  readonly schemas: Readonly<Record<string, object>>;
  readonly open: Readonly<Record<string, OpenFile>>;
  readonly selected?: string;
  readonly find: string;
  readonly view: View;
  /** The checker's answer to the newest question it answered. */
  readonly problems: readonly Problem[];
  readonly status: string;
  readonly conflicts: readonly ChangedSince[];
  /** The site as the preview shows it; `behind` while the newest changes have errors and it shows the last valid one. */
  readonly preview: {
    readonly payload?: PreviewPayload;
    readonly addresses: readonly PreviewAddress[];
    readonly behind: boolean;
  };
  /** Unsaved texts set aside for the author to restore, copy or discard (a removed file's, a closed tab's). */
  readonly aside: readonly AsideDraft[];
  /** Whether the site could not be opened: the page offers to try again. */
  readonly openFailed: boolean;
}

/** The page before the site has answered: a new state for each store. */
export const initialState = (): EditorState => ({
  files: [],
  groups: [],
  schemas: {},
  open: {},
  find: '',
  view: 'files',
  problems: [],
  status: 'Loading the site…',
  conflicts: [],
  preview: { addresses: [], behind: false },
  aside: [],
  openFailed: false,
});
