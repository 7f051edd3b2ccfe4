/**
 * The pictures and videos an author uploads in the editor at /admin/, held by the page until the save that uses them
 * (and kept in the browser meanwhile, UploadShelf, so a reload loses none), then shown from the page's copy until
 * the site is published with them. Each is judged in the browser first (model/upload-check.ts) and named freely in
 * public/media/. No Node API.
 */
import { isFileKind } from '../../content/file-formats.ts';
import { toBase64 } from './base64.ts';
import { MEDIA_PREFIX } from './content-files.ts';
import { freeMediaName, heldRenameTo, uploadsNamedIn, type HeldFile } from './held-uploads.ts';
import type { MediaFile } from '../protocol/files.ts';
import type { Answer } from '../protocol/publishing.ts';
import { refuse } from '../protocol/refusals.ts';

/** An upload as the browser keeps it: its bytes, their type, and when it was uploaded (ms; absent in older ones). */
export interface KeptUpload {
  readonly bytes: Uint8Array;
  readonly type: string;
  readonly at?: number;
}

/** Uploads kept in the browser until saved, by whose they are (the account's login) and their path (public/media/…). */
export interface UploadShelf {
  keep(owner: string, path: string, upload: KeptUpload): Promise<void>;
  forget(owner: string, path: string): Promise<void>;
  all(owner: string): Promise<[path: string, upload: KeptUpload][]>;
}

/** An upload the page holds until a save names it: as kept, with an address the page shows it from. */
interface UploadInTab extends KeptUpload {
  readonly address: string;
  readonly at: number;
}

/** A file's bytes as a data: address, which the editor's page and its preview may both show. */
function dataAddressOf(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${toBase64(bytes)}`;
}

const srcOf = (path: string) => path.slice('public'.length);

export class BrowserUploads {
  readonly #held = new Map<string, UploadInTab>();
  /** Uploads a save placed in the drafts, shown from the page until the site is published with them. */
  readonly #placed = new Map<string, string>();

  /** Whose uploads these are: the signed-in account's login, known once the session starts. */
  #owner = '';

  constructor(private readonly store?: UploadShelf) {}

  /** Holds again what `owner` uploaded before a reload and did not save. */
  async restore(owner: string): Promise<void> {
    this.#owner = owner;
    const kept = (await this.store?.all(owner).catch(() => [])) ?? [];
    for (const [path, upload] of kept) if (!this.#held.has(path)) this.#hold(path, upload);
  }

  /** Holds an upload, and keeps it in the browser unless `kept` there already. */
  #hold(path: string, upload: KeptUpload, keep = false): Promise<void> {
    const { bytes, type } = upload;
    const held = { bytes, type, at: upload.at ?? Date.now(), address: dataAddressOf(bytes, type) };
    this.#held.set(path, held);
    // Held by the page whatever the browser's storage says: a full storage loses it only at a reload, not now.
    return keep
      ? (this.store?.keep(this.#owner, path, { bytes, type, at: held.at }).catch(() => undefined) ?? Promise.resolve())
      : Promise.resolve();
  }

  /** Where the page shows a file of public/ it holds a copy of ("/media/new.jpg"), if it does. */
  addressOf(src: string): string | undefined {
    return this.#held.get(`public${src}`)?.address ?? this.#placed.get(`public${src}`);
  }

  /** The uploads held that these changes name, by path, as the checker is told of them. */
  namedIn(changes: readonly { data: unknown }[]): string[] {
    return uploadsNamedIn(
      changes.map((change) => change.data),
      this.#held.keys(),
    );
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

  /** The uploads held, by their path in the site, with their size and when each was uploaded. */
  listed(): HeldFile[] {
    return [...this.#held].map(([path, held]) => ({ path, bytes: held.bytes.length, uploadedAt: held.at }));
  }

  /** Whether a name of public/media/ is a file of the site's (`taken` says) or another upload's. */
  #nameTaken(taken: (path: string) => boolean): (name: string) => boolean {
    return (name) => taken(`${MEDIA_PREFIX}${name}`) || this.#held.has(`${MEDIA_PREFIX}${name}`);
  }

  /** The upload held at `src` ("/media/launch.mp4"), refused in words when none is. */
  #heldAt(src: string): [path: string, held: UploadInTab] {
    const path = `public${src}`;
    const held = this.#held.get(path);
    if (!held) throw refuse('heldUploadGone', src);
    return [path, held];
  }

  /**
   * Gives a held upload the name the author typed (model/held-uploads.ts), never one `taken` refuses (a file of the
   * site) nor another upload's: its new address.
   */
  async rename(src: string, typed: string, taken: (path: string) => boolean): Promise<string> {
    const [path, held] = this.#heldAt(src);
    const name = heldRenameTo(typed, path.slice(MEDIA_PREFIX.length), this.#nameTaken(taken));
    if (name === undefined) return src;
    const renamed = `${MEDIA_PREFIX}${name}`;
    await this.#hold(renamed, held, true);
    this.#held.delete(path);
    await this.store?.forget(this.#owner, path).catch(() => undefined);
    return srcOf(renamed);
  }

  /** Lets a held upload go, here and in the browser's storage: it never joins the site. */
  async remove(src: string): Promise<void> {
    const [path] = this.#heldAt(src);
    this.#held.delete(path);
    await this.store?.forget(this.#owner, path).catch(() => undefined);
  }

  /** Judges an upload for a field of `kind` and holds it under a name `taken` does not refuse; refused in words. */
  async take(file: File, kind: string | undefined, taken: (path: string) => boolean): Promise<Answer<MediaFile>> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    // What reads pictures and videos through loads only when the author uploads one.
    const { judgeUpload } = await import('./upload-check.ts');
    const judged = await judgeUpload(file.name, bytes, isFileKind(kind) ? kind : 'any');
    if ('refused' in judged) return { error: judged.refused };
    const name = freeMediaName(judged.path.slice(MEDIA_PREFIX.length), this.#nameTaken(taken));
    const path = `${MEDIA_PREFIX}${name}`;
    await this.#hold(path, { bytes, type: file.type || 'application/octet-stream' }, true);
    return { src: srcOf(path), kind: judged.kind, bytes: bytes.length, held: true, used: false };
  }
}
