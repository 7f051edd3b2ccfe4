import type { UploadShelf, KeptUpload } from '../model/browser-uploads.ts';
import { inStore } from '../app/browser-database.ts';

/**
 * Uploads waiting for the save that uses them, kept in this browser's IndexedDB (the editor's database,
 * app/browser-database.ts) by account and path, so a reload, a crash or a closed tab loses none and a second person
 * signed in here never sees them: the editor holds them again when its author opens it. Saved, renamed or removed,
 * each is forgotten here; kept, each says when it was uploaded.
 */

export const heldUploadsInBrowser: UploadShelf = {
  keep: async (owner, path, upload) =>
    void (await inStore('held-uploads', 'readwrite', (store) => store.put(upload, [owner, path]))),
  forget: async (owner, path) =>
    void (await inStore('held-uploads', 'readwrite', (store) => store.delete([owner, path]))),
  all: async (owner) => {
    const range = IDBKeyRange.bound([owner], [owner, []]);
    const [keys, uploads] = await Promise.all([
      inStore('held-uploads', 'readonly', (store) => store.getAllKeys(range)),
      inStore('held-uploads', 'readonly', (store) => store.getAll(range) as IDBRequest<KeptUpload[]>),
    ]);
    return keys.map((key, index) => [String((key as string[])[1]), uploads[index]!]);
  },
};
