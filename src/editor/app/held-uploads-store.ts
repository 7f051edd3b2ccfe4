/**
 * The uploads the editor holds for the author until a save names them, as the page shows them (in the media picker,
 * and in the list the file list opens): each with which of the author's unsaved fields name it, and Rename and Remove.
 * A rename takes the unsaved fields that named the old name with it; a removal leaves them naming a file that is not
 * there, which the checker then says at each field, as of any missing file. What it asks goes through the editor's
 * backend (protocol/editor-backend.ts); the rules of names are model/held-uploads.ts.
 */
import type { AsideDraft } from '../model/drafts.ts';
import { placesNaming, withMediaRenamed } from '../model/held-uploads.ts';
import { pathsInWords } from '../model/stray-files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { Change, HeldUpload } from '../protocol/files.ts';
import { isRefusal, type Answer } from '../protocol/publishing.ts';
import { sayingKept, withinDeadline, type Timing } from './deadlines.ts';
import type { EditorState } from './editor-state.ts';
import { changesOf } from './open-files.ts';
import { StateStore } from './state-store.ts';
import { refusedInWords } from './store-words.ts';

export interface HeldUploadsState {
  /** The uploads held, oldest first; undefined until first read. */
  readonly uploads?: readonly HeldUpload[];
  /** What the list is doing now, in words. */
  readonly busy?: string;
  /** What its last action said, in words, shown beside the list. */
  readonly said?: string;
}

/** A field of the author's unsaved changes that names an upload: its file, and the field's path in it. */
export interface NamingField {
  readonly file: string;
  readonly at: readonly (string | number)[];
}

/** What the editor's store gives the list: its state (unsaved files, drafts set aside), an edit, its status line. */
export interface EditorFiles {
  readonly getState: () => EditorState;
  readonly subscribe: (listener: () => void) => () => void;
  readonly edit: (path: string, data: unknown) => void;
  readonly say: (status: string) => void;
  /** Has the checker look at the unsaved changes again (the site around them changed). */
  readonly recheck: () => void;
}

/** What reading the list is, in the words that say it could not be done. */
const LISTING = 'Could not list your uploads';

/** Where the saves and the site stand: read again when a save (or anything else) moved the saved versions. */
const savedKey = (state: EditorState) =>
  state.files.length === 0
    ? ''
    : JSON.stringify(Object.entries(state.open).map(([path, file]) => [path, file.base.version]));

/** The uploads held for a save as the page shows them, read again when the files they could be named in change. */
export class HeldUploadsStore extends StateStore<HeldUploadsState> {
  #seen = '';

  constructor(
    private readonly backend: EditorBackend,
    private readonly editor: EditorFiles,
    private readonly timing: Pick<Timing, 'deadlineMs'>,
  ) {
    super({});
    // Read once the site is open, and again after each save: a save takes the uploads it names into the site.
    editor.subscribe(() => {
      const key = savedKey(editor.getState());
      if (key === this.#seen) return;
      this.#seen = key;
      if (key !== '') void this.refresh();
    });
  }

  /** Reads the held uploads again. */
  readonly refresh = async (): Promise<void> => {
    try {
      const held = await withinDeadline(this.backend.heldUploads(), this.timing.deadlineMs);
      this.set(isRefusal(held) ? { said: refusedInWords(LISTING, held) } : { uploads: held.uploads });
    } catch (failure) {
      this.set({ said: this.backend.failureWords(failure as Error, LISTING) });
    }
  };

  #unsaved(): Change[] {
    return changesOf(this.editor.getState().open);
  }

  /** The fields of the author's unsaved changes that name the upload at `src`. */
  readonly namedBy = (src: string): NamingField[] =>
    this.#unsaved().flatMap((change) => placesNaming(change.data, src).map((at) => ({ file: change.path, at })));

  /** The drafts set aside (not open, so not changed by a rename) that name `src`. */
  #asideNaming(src: string): AsideDraft[] {
    return this.editor.getState().aside.filter((aside) => placesNaming(aside.draft.data, src).length > 0);
  }

  /** Runs one action of the list, said in words: its refusal, or a failure to reach the site (nothing lost). */
  async #act<T extends object>(
    doing: string,
    failing: string,
    action: () => Promise<Answer<T>>,
  ): Promise<T | undefined> {
    this.set({ busy: doing, said: undefined });
    try {
      const answer = await withinDeadline(action(), this.timing.deadlineMs);
      if (isRefusal(answer)) {
        this.set({ said: answer.error });
        return undefined;
      }
      return answer;
    } catch (failure) {
      this.set({ said: sayingKept(this.backend.failureWords(failure as Error, failing)) });
      return undefined;
    } finally {
      this.set({ busy: undefined });
    }
  }

  /**
   * Gives the upload at `src` the name the author typed; the unsaved fields that named it name the new one. Says
   * what happened, and which drafts set aside still name the old name. Whether it was renamed.
   */
  readonly rename = async (src: string, typed: string): Promise<boolean> => {
    const answer = await this.#act(`Renaming ${src}…`, `Could not rename ${src}`, () =>
      this.backend.renameHeldUpload(src, typed),
    );
    if (!answer) return false;
    const followed: string[] = [];
    if (answer.src !== src)
      for (const change of this.#unsaved())
        if (placesNaming(change.data, src).length > 0) {
          this.editor.edit(change.path, withMediaRenamed(change.data, src, answer.src));
          followed.push(change.path);
        }
    const aside = this.#asideNaming(src).map((draft) => draft.path);
    const said = [
      `Renamed ${src} to ${answer.src}.`,
      followed.length > 0 ? `Your unsaved changes to ${pathsInWords(followed)} name it by its new name.` : '',
      aside.length > 0
        ? `Your unsaved text set aside for ${pathsInWords(aside)} still names ${src}: restore it, then choose ${answer.src} in that field.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    this.set({ said });
    this.editor.say(said);
    await this.refresh();
    return true;
  };

  /** Lets the upload at `src` go; the unsaved fields that name it show the missing file's problem. */
  readonly remove = async (src: string): Promise<void> => {
    const answer = await this.#act(`Removing ${src}…`, `Could not remove ${src}`, () =>
      this.backend.removeHeldUpload(src),
    );
    if (!answer) return;
    const naming = [
      ...new Set([
        ...this.namedBy(src).map((field) => field.file),
        ...this.#asideNaming(src).map((draft) => draft.path),
      ]),
    ];
    const said = `Removed ${src}: it never joins the site.${
      naming.length > 0
        ? ` ${pathsInWords(naming)} still ${naming.length === 1 ? 'names' : 'name'} it: choose or upload another file in that field before you save.`
        : ''
    }`;
    this.set({ said });
    this.editor.say(said);
    // The unsaved changes are checked again: a field that names it names a missing file now.
    this.editor.recheck();
    await this.refresh();
  };
}
