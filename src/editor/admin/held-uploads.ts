import type { HeldUploadStore } from '../github/github-backend';

/**
 * Uploads waiting for the save that uses them, kept in this browser's IndexedDB (a database of the site's origin), so
 * a reload, a crash or a closed tab loses none: the editor holds them again when it opens. Saved, each is forgotten.
 */
const DATABASE = 'site-editor';
const STORE = 'held-uploads';

function database(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error ?? new Error('This browser keeps no uploads.'));
  });
}

/** One request on the store, in a transaction of its own. */
async function request<T>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const opened = await database();
  try {
    return await new Promise<T>((resolve, reject) => {
      const asked = ask(opened.transaction(STORE, mode).objectStore(STORE));
      asked.onsuccess = () => resolve(asked.result);
      asked.onerror = () => reject(asked.error ?? new Error('This browser could not keep the upload.'));
    });
  } finally {
    opened.close();
  }
}

type Kept = { bytes: Uint8Array; type: string };

export const heldUploadsInBrowser: HeldUploadStore = {
  keep: async (path, upload) => void (await request('readwrite', (store) => store.put(upload, path))),
  forget: async (path) => void (await request('readwrite', (store) => store.delete(path))),
  all: async () => {
    const [paths, uploads] = await Promise.all([
      request('readonly', (store) => store.getAllKeys()),
      request('readonly', (store) => store.getAll() as IDBRequest<Kept[]>),
    ]);
    return paths.map((path, index) => [String(path), uploads[index]!]);
  },
};
