/**
 * The editor's database in this browser (IndexedDB, one per origin): the author's unsaved drafts (browser-drafts.ts)
 * and, at /admin/, the uploads waiting for the save that uses them (admin/held-uploads.ts). One opener, so both stores
 * are made by the same version of the database.
 */
const DATABASE = 'site-editor';
const VERSION = 2;

/** The stores the database holds: each keeps its records under keys of its own. */
export type EditorStoreName = 'held-uploads' | 'drafts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('this browser keeps no data for sites'));
    const opening = indexedDB.open(DATABASE, VERSION);
    opening.onupgradeneeded = () => {
      for (const name of ['held-uploads', 'drafts'] satisfies EditorStoreName[])
        if (!opening.result.objectStoreNames.contains(name)) opening.result.createObjectStore(name);
    };
    opening.onsuccess = () => {
      // Another tab that opens a newer version of the editor's database is not kept waiting by this one.
      opening.result.onversionchange = () => opening.result.close();
      resolve(opening.result);
    };
    opening.onerror = () => reject(opening.error ?? new Error('this browser could not open its storage'));
    opening.onblocked = () => reject(new Error('another tab of the editor holds an older version of its storage'));
  });
}

let opened: Promise<IDBDatabase> | undefined;

/** The database, opened once per page (again after a failure or a close). */
function database(): Promise<IDBDatabase> {
  opened ??= open().then((made) => {
    made.onclose = () => (opened = undefined);
    return made;
  });
  opened.catch(() => (opened = undefined));
  return opened;
}

/** One request on a store, in a transaction of its own, resolved once the transaction is done (written to disk). */
export async function inStore<T>(
  name: EditorStoreName,
  mode: IDBTransactionMode,
  ask: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const made = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = made.transaction(name, mode, { durability: 'strict' });
    const asked = ask(transaction.objectStore(name));
    transaction.oncomplete = () => resolve(asked.result);
    // A full storage aborts the transaction with QuotaExceededError: the caller says so in words.
    transaction.onabort = () => reject(transaction.error ?? asked.error ?? new Error('the browser refused to keep it'));
  });
}
