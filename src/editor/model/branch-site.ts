/**
 * The site as a branch of its repository holds it, read once into memory for the editor at /admin/ through the
 * repository port (model/repository.ts): its config files' texts, its schemas, and the names of its public files (their
 * bytes stay with the host until needed). What the editor asks of a site (its files as listed, a file with its version,
 * the checker's word on unsaved changes) it answers from there, with the same functions the local editor uses on the
 * disk. No Node API.
 */
import type { AnySchemaObject } from 'ajv';
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { needsReading } from '../../checker/active-content.ts';
import { configFileEntriesOf } from './config-file-entries.ts';
import { textsAfter } from './save.ts';
import { gitBlobId, type Repository } from './repository.ts';
import type { SiteState } from './site-store.ts';
import { locateProblems } from './located-problems.ts';
import type { Change, FileEntry, Problem } from '../protocol/files.ts';
import { refuse } from '../protocol/refusals.ts';

/** A change as the checker reads it: a config file's new data, or its removal (the version it was made on aside). */
type SiteChange = Pick<Change, 'path' | 'data' | 'removed'>;

/** Pictures and videos of public/ a change adds or removes, by their path in the site. */
interface MediaChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** The bytes of added files the checker reads whole (drawings, a host's files), by path, where they are at hand. */
  readonly bytes?: ReadonlyMap<string, Uint8Array>;
}
const NO_MEDIA_CHANGES: MediaChanges = { added: [], removed: [] };

/** Whether a file is one of the texts the editor holds: a config file, or a schema. */
const isConfigText = (path: string) =>
  (path.startsWith('config/') && path.endsWith('.json')) ||
  (path.startsWith('schemas/') && path.endsWith('.schema.json'));

/** Files of public/ the checker reads whole (drawings, a host's files), to refuse any that would run as the site. */
export const isCheckedPublicFile = (path: string) =>
  path.startsWith('public/') && needsReading(path.slice('public/'.length));

/** A file's bytes as its text, a byte order mark kept, as the disk's reading keeps it. */
const textOf = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

export class BranchSite implements SiteState {
  private constructor(
    /** The commit read. */
    readonly head: string,
    /** Every file of the commit by path, with the id of its bytes: a config file's version. */
    readonly blobs: ReadonlyMap<string, string>,
    /** The texts of the config files and schemas. */
    private readonly texts: ReadonlyMap<string, string>,
    /** The schemas it is checked against when the reader gave them (the editor's own), rather than the branch's. */
    private readonly givenSchemas?: ReadonlyMap<string, AnySchemaObject>,
    /**
     * The bytes of the files of public/ the checker reads whole (drawings, a host's files), by path: read after the
     * config, for the first check, so the file list does not wait for them.
     */
    private readonly publicBytes: Promise<ReadonlyMap<string, Uint8Array>> = Promise.resolve(new Map()),
  ) {}

  /**
   * The site as `branch` holds it now; checked against `schemas` when given (then the branch's are not read).
   */
  static async load(
    repository: Repository,
    branch: string,
    schemas?: ReadonlyMap<string, AnySchemaObject>,
  ): Promise<BranchSite> {
    const head = await repository.head(branch);
    if (!head) throw refuse('noSuchBranch', branch);
    return BranchSite.at(repository, head, schemas);
  }

  /**
   * The site as a commit holds it; checked against `schemas` when given (a promise: the editor's own, loading beside;
   * then the branch's are not read). The config files are read in one go, once the commit's files are listed; the
   * files of public/ the checker reads whole come after, not waited for.
   */
  static async at(
    repository: Repository,
    head: string,
    schemas?: ReadonlyMap<string, AnySchemaObject> | Promise<ReadonlyMap<string, AnySchemaObject>>,
  ): Promise<BranchSite> {
    const blobs = await repository.files(head);
    const wanted = [...blobs.keys()].filter((path) => isConfigText(path) && !(schemas && path.startsWith('schemas/')));
    const read = await repository.read(head, wanted);
    const texts = new Map(wanted.map((path) => [path, textOf(read.get(path)!)]));
    const checkedPublic = [...blobs.keys()].filter(isCheckedPublicFile);
    const publicBytes = repository
      .read(head, checkedPublic)
      .then((found) => new Map([...found].filter((entry): entry is [string, Uint8Array] => entry[1] !== undefined)));
    // Not waited for here; a failure is met by the check that needs them.
    publicBytes.catch(() => undefined);
    return new BranchSite(head, blobs, texts, await schemas, publicBytes);
  }

  /** The same branch read again, checked against the same schemas. */
  reload(repository: Repository, branch: string): Promise<BranchSite> {
    return BranchSite.load(repository, branch, this.givenSchemas);
  }

  /**
   * The site at a commit made of this one with `files` changed (null: removed), known without asking the host: a file's
   * id is git's name for its bytes, worked out here.
   */
  async after(commit: string, files: ReadonlyMap<string, string | Uint8Array | null>): Promise<BranchSite> {
    const texts = new Map(this.texts);
    const blobs = new Map(this.blobs);
    const encoder = new TextEncoder();
    for (const [path, content] of files) {
      if (content === null) {
        texts.delete(path);
        blobs.delete(path);
        continue;
      }
      if (typeof content === 'string' && isConfigText(path)) texts.set(path, content);
      blobs.set(path, await gitBlobId(typeof content === 'string' ? encoder.encode(content) : content));
    }
    return new BranchSite(commit, blobs, texts, this.givenSchemas, this.publicBytes);
  }

  #configFiles(): { path: string; text: string }[] {
    return [...this.texts]
      .filter(([path]) => path.startsWith('config/'))
      .map(([path, text]) => ({ path, text }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** The config files as the editor lists them. */
  listFiles(): FileEntry[] {
    return configFileEntriesOf(this.#configFiles());
  }

  /** A config file's text and version as SiteState reads it (model/site-store.ts); undefined when there is none. */
  read(path: string): { text: string; version: string } | undefined {
    const text = path.startsWith('config/') ? this.texts.get(path) : undefined;
    return text === undefined ? undefined : { text, version: this.blobs.get(path)! };
  }

  has(path: string): boolean {
    return this.blobs.has(path);
  }

  configPaths(): readonly string[] {
    return [...this.texts.keys()].filter((path) => path.startsWith('config/'));
  }

  /** A config file's text, and its version (git's id of its bytes). */
  openFile(path: string): { path: string; text: string; version: string } {
    const text = path.startsWith('config/') ? this.texts.get(path) : undefined;
    if (text === undefined) throw refuse('notAConfigFile', path);
    return { path, text, version: this.blobs.get(path)! };
  }

  /** The schemas the site's config is checked against, by their path under schemas/. */
  schemas(): ReadonlyMap<string, AnySchemaObject> {
    if (this.givenSchemas) return this.givenSchemas;
    return new Map(
      [...this.texts]
        .filter(([path]) => path.startsWith('schemas/'))
        .map(([path, text]) => [path.slice('schemas/'.length), JSON.parse(text) as AnySchemaObject]),
    );
  }

  /**
   * What the checker is sent for the site with `texts` in place of the files they change (null: removed): the config
   * and the schemas held, public files by name.
   */
  async checkRequest(
    texts: ReadonlyMap<string, string | null>,
    media: MediaChanges = NO_MEDIA_CHANGES,
  ): Promise<CheckRequest> {
    const publicBytes = await this.publicBytes;
    const files = new Map<string, string | Uint8Array | null>();
    for (const path of this.blobs.keys())
      if (path.startsWith('public/')) files.set(path, publicBytes.get(path) ?? null);
      else if (path.startsWith('config/')) files.set(path, this.texts.get(path) ?? null);
    // Where the bytes are at hand (an upload, a file about to be published), the checker judges them, whatever the
    // file's name says: a "picture" that is a web page is refused before it goes anywhere.
    for (const path of media.added) files.set(path, media.bytes?.get(path) ?? null);
    for (const path of media.removed) files.delete(path);
    const unsaved = new Map([...texts].map(([path, text]) => [path.slice('config/'.length), text]));
    return { files, schemas: this.schemas(), unsaved };
  }

  /**
   * The checker's word on the site with these changes, each problem at its field: `run` is the checker (in a browser
   * worker on the page, or called directly).
   */
  check(
    changes: readonly SiteChange[],
    run: (request: CheckRequest) => Promise<CheckAnswer>,
    media: MediaChanges = NO_MEDIA_CHANGES,
  ): Promise<{ problems: Problem[]; config?: SiteConfig }> {
    return this.checkTexts(textsAfter(this, changes), run, media);
  }

  /** The checker's word on the site with `texts` in place of the files they change (null: removed). */
  async checkTexts(
    texts: ReadonlyMap<string, string | null>,
    run: (request: CheckRequest) => Promise<CheckAnswer>,
    media: MediaChanges = NO_MEDIA_CHANGES,
  ): Promise<{ problems: Problem[]; config?: SiteConfig }> {
    const request = await this.checkRequest(texts, media);
    const answer = await run(request);
    if ('error' in answer) throw new Error(answer.error);
    const problems = locateProblems(answer.problems, texts, (file) => this.texts.get(file));
    return { problems, config: answer.config };
  }
}
