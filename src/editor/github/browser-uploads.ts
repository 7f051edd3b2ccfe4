/**
 * The pictures and videos an author uploads in the editor at /admin/, held by the page until the save that uses them
 * (and kept in the browser meanwhile, HeldUploadStore, so a reload loses none), then shown from the page's copy until
 * the site is published with them. Each is judged in the browser first (model/upload-check.ts) and named freely in
 * public/media/. No Node API.
 */
import { isFileKind } from '../../content/file-formats.ts';
import { mediaNamedIn } from '../model/content-files.ts';
import type { MediaFile } from '../protocol/files.ts';

/** Uploads kept in the browser until saved, by whose they are (the account's login) and their path (public/media/…). */
export interface HeldUploadStore {
  keep(owner: string, path: string, upload: { bytes: Uint8Array; type: string }): Promise<void>;
  forget(owner: string, path: string): Promise<void>;
  all(owner: string): Promise<[path: string, upload: { bytes: Uint8Array; type: string }][]>;
}

/** An upload the page holds until a save names it: its bytes, and an address the page shows it from. */
interface HeldUpload {
  readonly bytes: Uint8Array;
  readonly address: string;
}

/** A file's bytes as a data: address, which the editor's page and its preview may both show. */
function dataAddressOf(bytes: Uint8Array, type: string): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${type};base64,${btoa(text)}`;
}

/** A free name in public/media/ for an upload: its own, or name-2.jpg, name-3.jpg… */
function freeMediaPath(wanted: string, taken: (path: string) => boolean): string {
  const dot = wanted.lastIndexOf('.');
  const [stem, extension] = dot > wanted.lastIndexOf('/') ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
  for (let count = 1; ; count++) {
    const path = count === 1 ? wanted : `${stem}-${count}${extension}`;
    if (!taken(path)) return path;
  }
}

const srcOf = (path: string) => path.slice('public'.length);

export class BrowserUploads {
  readonly #held = new Map<string, HeldUpload>();
  /** Uploads a save placed in the drafts, shown from the page until the site is published with them. */
  readonly #placed = new Map<string, string>();

  /** Whose uploads these are: the signed-in account's login, known once the session starts. */
  #owner = '';

  constructor(private readonly store?: HeldUploadStore) {}

  /** Holds again what `owner` uploaded before a reload and did not save. */
  async restore(owner: string): Promise<void> {
    this.#owner = owner;
    const kept = (await this.store?.all(owner).catch(() => [])) ?? [];
    for (const [path, upload] of kept)
      if (!this.#held.has(path))
        this.#held.set(path, { bytes: upload.bytes, address: dataAddressOf(upload.bytes, upload.type) });
  }

  /** Where the page shows a file of public/ it holds a copy of ("/media/new.jpg"), if it does. */
  addressOf(src: string): string | undefined {
    return this.#held.get(`public${src}`)?.address ?? this.#placed.get(`public${src}`);
  }

  /** The uploads held that these changes name, by path, as the checker is told of them. */
  namedIn(changes: readonly { data: unknown }[]): string[] {
    const named = new Set<string>();
    for (const change of changes) mediaNamedIn(change.data, named);
    return [...this.#held.keys()].filter((path) => named.has(srcOf(path)));
  }

  /** Every upload held, with its bytes, for a save to take those it names. */
  bytes(): Map<string, Uint8Array> {
    return new Map([...this.#held].map(([path, held]) => [path, held.bytes]));
  }

  /** A save put these into the drafts: no longer held (nor kept in the browser), still shown from here. */
  placed(paths: readonly string[]): void {
    for (const path of paths) {
      this.#placed.set(path, this.#held.get(path)!.address);
      this.#held.delete(path);
      void this.store?.forget(this.#owner, path).catch(() => undefined);
    }
  }

  /** What the preview shows of uploads not yet published: each one's address, by its path in the site. */
  shown(): Record<string, string> {
    return Object.fromEntries(
      [...this.#placed, ...[...this.#held].map(([path, held]) => [path, held.address] as const)].map(
        ([path, address]) => [srcOf(path), address],
      ),
    );
  }

  /** The uploads held, by their path in the site and size, for the media list. */
  listed(): { path: string; bytes: number }[] {
    return [...this.#held].map(([path, held]) => ({ path, bytes: held.bytes.length }));
  }

  /** Judges an upload for a field of `kind` and holds it under a name `taken` does not refuse; refused in words. */
  async take(file: File, kind: string | undefined, taken: (path: string) => boolean): Promise<MediaFile> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    // What reads pictures and videos through loads only when the author uploads one.
    const { judgeUpload } = await import('../model/upload-check.ts');
    const judged = await judgeUpload(file.name, bytes, isFileKind(kind) ? kind : 'any');
    if ('refused' in judged) throw new Error(judged.refused);
    const path = freeMediaPath(judged.path, (candidate) => taken(candidate) || this.#held.has(candidate));
    const type = file.type || 'application/octet-stream';
    this.#held.set(path, { bytes, address: dataAddressOf(bytes, type) });
    // Held by the page whatever the browser's storage says: a full storage loses it only at a reload, not now.
    await this.store?.keep(this.#owner, path, { bytes, type }).catch(() => undefined);
    return { src: srcOf(path), kind: judged.kind, bytes: bytes.length, held: true, used: false };
  }
}
