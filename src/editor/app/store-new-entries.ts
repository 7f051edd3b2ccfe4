/**
 * New entries, a part of the editor's store (editor-store.ts): a new page, influencer or project opened as an unsaved
 * change, as the site's backend makes it (model/new-entries.ts).
 */
import type { NewEntryRequest } from '../protocol/files.ts';
import { isRefusal, type Answer } from '../protocol/publishing.ts';
import { withinDeadline } from './deadlines.ts';
import { edited, opened } from './file-history.ts';
import { changesOf } from './open-files.ts';
import type { StoreCore } from './store-core.ts';

export class NewEntries {
  constructor(private readonly core: StoreCore) {}

  /**
   * A new page, influencer or project, opened as an unsaved change: a new file, or a list file with the entry added.
   * Says where the author starts (`focus`: the path of the entry's first field in a list file), or why not, in words.
   */
  readonly create = async (request: NewEntryRequest): Promise<Answer<{ readonly focus?: (string | number)[] }>> => {
    const made = await withinDeadline(
      this.core.backend.createEntry(request, changesOf(this.core.state.open)),
      this.core.timing.deadlineMs,
    );
    if (isRefusal(made)) return made;
    if (made.baseVersion === null) {
      const open = {
        ...this.core.state.open,
        [made.path]: opened({ path: made.path, text: '', version: null }, made.data),
      };
      this.core.set({ files: [...this.core.state.files.filter((file) => file.path !== made.path), made.file], open });
      // The list entry is stored with the draft, so the new file survives a reload before it is saved.
      this.core.keepDraft(made.path, open[made.path]!);
      this.core.scheduleCheck(open, made.path);
    } else {
      let listFile = this.core.state.open[made.path];
      if (!listFile) {
        const read = await withinDeadline(this.core.backend.openFile(made.path), this.core.timing.deadlineMs);
        if (isRefusal(read)) return read;
        listFile = opened(read);
      }
      this.core.update(made.path, edited(listFile, made.data, performance.now()), made.path);
    }
    const name = request.what === 'page' ? request.route : request.what === 'influencer' ? request.name : request.title;
    this.core.set({
      selected: made.path,
      view: 'edit',
      status: `${name} is ready to fill in: write in each empty box (it shows an example of what goes there), then Save.`,
    });
    // An entry added to a list file is at its end.
    const list = (made.data as Record<string, unknown>)[`${request.what}s`];
    if (made.baseVersion === null || !Array.isArray(list)) return {};
    return { focus: [`${request.what}s`, list.length - 1, request.what === 'influencer' ? 'name' : 'title'] };
  };
}
