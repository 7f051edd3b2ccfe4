/**
 * The editor's backend when it runs in the browser from the site's own address, with nothing installed: the site's
 * repository on a git host, through its API (site-host.ts; GitHub's in github/github-backend.ts), signed in as the
 * author. It answers everything the editor's page asks (protocol/editor-backend.ts) with the rules npm run edit's
 * server follows: who is signed in and the site as the drafts hold it (drafts-session.ts), checks and previews in the
 * page's worker, saves and Delete over the drafts branch as a store (branch-store.ts), media held in the browser until
 * a save (browser-uploads.ts), files someone else put on the drafts that the author can take off (drafts-strays.ts),
 * and publishing, Get latest, History and Undo (drafts-publishing.ts). The checker runs with the schemas built into the
 * editor: code comes from the site's build, never from what a branch holds. No Node API.
 */
import type { AnySchemaObject } from 'ajv';
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { GROUP_ORDER } from './config-file-entries.ts';
import { mediaListing } from './content-files.ts';
import { heldUploadList } from './held-uploads.ts';
import { parseJson } from './json-edit.ts';
import { newEntryOn } from './new-entries.ts';
import { shownDataOf } from './preview-pages.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { planRemoval, removeAsPlanned } from './removal.ts';
import { mediaNamedAt, saveChanges } from './save.ts';
import { refusedOutsideConfig } from './stray-files.ts';
import { isAnswerLost, type EditorBackend } from '../protocol/editor-backend.ts';
import type {
  Change,
  CheckResult,
  FileEntry,
  HeldUpload,
  MediaFile,
  NewEntryRequest,
  PreviewAddress,
  PreviewBuild,
  SaveResult,
  StrayFiles,
  TakeOffRequest,
} from '../protocol/files.ts';
import type { Answer, FoundOperation, LostAction, PublishRequest } from '../protocol/publishing.ts';
import { answered, Refused, refusalWords } from '../protocol/refusals.ts';
import { BranchStore } from './branch-store.ts';
import { BrowserUploads, type UploadShelf } from './browser-uploads.ts';
import { straysOnDrafts, takeOffDrafts } from './drafts-strays.ts';
import { ownCommitOn } from './history.ts';
import { DraftsPublishing } from './drafts-publishing.ts';
import { DraftsSession } from './drafts-session.ts';
import type { SiteHost } from './site-host.ts';
import type { BranchSite } from './branch-site.ts';
import type { Repository } from './repository.ts';

export interface HostedBackendSettings {
  /** The git host, signed in as the author. */
  readonly host: SiteHost;
  /** The checker: in a worker on the page (check-worker.ts), or called directly in tests. */
  readonly check: (request: CheckRequest) => Promise<CheckAnswer>;
  /** The schemas the checker reads, by path under schemas/: those the editor was built with. */
  readonly checkSchemas: () => Promise<ReadonlyMap<string, AnySchemaObject>>;
  /** Each kind's schema with its $refs resolved, for the forms (as server/editor-schemas.ts makes them). */
  readonly formSchemas: () => Promise<Record<string, object>>;
  /** Where the published site serves a file of its public/ folder ("/media/hero.jpg"). */
  readonly siteAddress: (path: string) => string;
  /**
   * The live site this editor is part of, as a full address of its folder ("https://loom.example/"), where it reads
   * which commit is live; by default the address in config/site.json.
   */
  readonly liveAddress?: string;
  /** Where uploads wait for the save that uses them, so a reload or a closed tab loses none (admin/held-uploads.ts). */
  readonly heldUploads?: UploadShelf;
  /**
   * The checker that also builds the preview of a valid config (admin/site-worker.ts), for the file shown and the
   * field the author is in; without it, checks come without a preview.
   */
  readonly checkAndPreview?: (request: {
    readonly check: CheckRequest;
    readonly preview: { readonly showing?: string; readonly shown?: unknown; readonly focus?: (string | number)[] };
  }) => Promise<CheckAnswer & { readonly preview?: PreviewBuild; readonly addresses?: PreviewAddress[] }>;
}

/** A function's answer, asked for once: later calls share it; a failure (a lost connection) is asked again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    made.catch(() => (made = undefined));
    return made;
  };
}

/** What a check was asked about: the changes' data, and the uploads they name. */
const checkKey = (changes: readonly Change[], uploads: readonly string[]) =>
  JSON.stringify([changes.map((change) => [change.path, change.data, change.removed ?? false]), uploads]);

/** What the preview's renderer loads, by address, from a preview build: each form's module and the data files. */
const filesOf = (build: PreviewBuild): Record<string, string> =>
  Object.fromEntries([
    ...build.formModules,
    [build.influencerIndex.url, build.influencerIndex.content],
    ...build.profiles,
  ]);

export class HostedBackend implements EditorBackend {
  readonly #settings: HostedBackendSettings;
  readonly #session: DraftsSession;
  readonly #publishing: DraftsPublishing;
  /** The checker's answer on the changes last checked, which a save of the same changes need not ask again. */
  #lastCheck: { site: BranchSite; key: string; answer: CheckAnswer } | undefined;
  readonly #uploads: BrowserUploads;

  constructor(settings: HostedBackendSettings) {
    this.#settings = settings;
    this.#uploads = new BrowserUploads(settings.heldUploads);
    this.#session = new DraftsSession(settings.host, this.#checkSchemas);
    this.#publishing = new DraftsPublishing(this.#session, this.#check, settings.liveAddress);
  }

  get #host(): SiteHost {
    return this.#settings.host;
  }

  /** The checker, given the editor's own schemas whatever the branch holds. */
  readonly #check = (request: CheckRequest): Promise<CheckAnswer> =>
    this.#checkSchemas().then((schemas) => this.#settings.check({ ...request, schemas }));

  /** The schemas, loaded once, when first asked for (they are not needed to list the files). */
  readonly #checkSchemas = once(() => this.#settings.checkSchemas());
  readonly #formSchemas = once(() => this.#settings.formSchemas());

  /** Who is signed in. */
  async account(): Promise<{ login: string; name: string }> {
    const { login, name } = await this.#session.started();
    return { login, name };
  }

  async openSession(): Promise<void> {
    // Uploads the author made before a reload, not yet saved, are held again.
    await this.#uploads.restore((await this.#session.started()).login);
    await this.#session.current();
  }

  whoRemoved(path: string): Promise<string | undefined> {
    return this.#publishing.whoRemoved(path);
  }

  addressOf = (path: string): string => this.#uploads.addressOf(path) ?? this.#settings.siteAddress(path);

  /**
   * A frame sandboxed without an origin of its own (allow-same-origin is not given): nothing in it can reach this
   * page, its token or its drafts, and it is told the site's config alone.
   */
  previewFrame() {
    return {
      origin: 'null',
      sandbox: 'allow-scripts allow-forms',
      address: (path: string) => `${this.#settings.siteAddress('/admin/preview/')}#${encodeURI(path)}`,
    };
  }

  async listFiles(): Promise<Answer<{ groups: string[]; files: FileEntry[] }>> {
    return answered(this.#session.current().then((site) => ({ groups: [...GROUP_ORDER], files: site.listFiles() })));
  }

  async openFile(path: string) {
    return answered(this.#session.current().then((site) => site.openFile(path)));
  }

  async loadSchemas(): Promise<Record<string, object>> {
    return this.#formSchemas();
  }

  checkChanges(changes: Change[], showing?: string, focus?: (string | number)[]): Promise<Answer<CheckResult>> {
    return answered(this.#checkChanges(changes, showing, focus));
  }

  async #checkChanges(changes: Change[], showing?: string, focus?: (string | number)[]): Promise<CheckResult> {
    const site = await this.#session.current();
    const media = { added: this.#uploads.namedIn(changes), removed: [] };
    const key = checkKey(changes, media.added);
    const remember = (answer: CheckAnswer) => {
      this.#lastCheck = { site, key, answer };
      return answer;
    };
    const withPreview = this.#settings.checkAndPreview;
    if (!withPreview)
      return {
        problems: (await site.check(changes, (request) => this.#check(request).then(remember), media)).problems,
      };
    const shown = showing
      ? shownDataOf(changes, showing, (path) => parseJson(this.#session.open(path)?.text))
      : undefined;
    let built: { preview?: PreviewBuild; addresses?: PreviewAddress[] } = {};
    const { problems } = await site.check(
      changes,
      async (request) => {
        const answer = await withPreview({
          check: { ...request, schemas: await this.#checkSchemas() },
          preview: { showing, shown, focus },
        });
        built = answer;
        return remember(answer);
      },
      media,
    );
    if (!built.preview) return { problems };
    return {
      problems,
      // Uploads not yet published are shown from the page's copy.
      preview: { ...built.preview.payload, files: filesOf(built.preview), media: this.#uploads.shown() },
      addresses: built.addresses ?? [],
    };
  }

  /**
   * The author's drafts as the store a save commits to (model/drafts-session.ts). The checker's answer on `changes`, when the
   * author typed them on this same site, stands without asking again.
   */
  #draftsStore(changes?: readonly Change[], stopped?: AbortSignal): Promise<BranchStore> {
    const checked = this.#lastCheck;
    const key = changes && checkKey(changes, this.#uploads.namedIn(changes));
    return this.#session.draftsStore(
      (site) => (request) =>
        key !== undefined && checked?.site === site && checked.key === key
          ? Promise.resolve(checked.answer)
          : this.#check(request),
      this.#uploads.bytes(),
      stopped,
    );
  }

  /** After a save: the site as the drafts now hold it, and the uploads that went in no longer held by the page. */
  #saved<T>(store: BranchStore, answer: T): T {
    this.#session.site = store.latest;
    this.#uploads.placed(store.heldUploads().filter((path) => store.latest.has(path)));
    return answer;
  }

  async saveChanges(changes: Change[], attempt?: Attempt, stopped?: AbortSignal): Promise<Answer<SaveResult>> {
    return answered(
      this.#draftsStore(changes, stopped).then(async (store) =>
        this.#saved(store, await saveChanges(store, changes, attempt)),
      ),
    );
  }

  /** The site as last read, as a store to read and check (nothing is committed through it). */
  async #readingStore(): Promise<BranchStore> {
    const { drafts } = await this.#session.started();
    return new BranchStore(
      this.#host.repository({ readsSite: true }),
      drafts,
      await this.#session.current(),
      this.#check,
    );
  }

  async createEntry(request: NewEntryRequest, changes: Change[]) {
    const schemas = (await this.#formSchemas()) as Parameters<typeof newEntryOn>[3];
    return answered(this.#readingStore().then((store) => newEntryOn(store, request, changes, schemas)));
  }

  async planRemoval(path: string) {
    return answered(this.#readingStore().then((store) => planRemoval(store, path)));
  }

  async removeFile(...[plan, places, showInstead, attempt, stopped]: Parameters<EditorBackend['removeFile']>) {
    return answered(
      this.#draftsStore(undefined, stopped).then(async (store) =>
        this.#saved(store, await removeAsPlanned(store, plan, places, showInstead, attempt)),
      ),
    );
  }

  listMedia(kind?: string): Promise<Answer<{ files: MediaFile[] }>> {
    return answered(this.#listMedia(kind));
  }

  async #listMedia(kind?: string): Promise<{ files: MediaFile[] }> {
    const site = await this.#session.current();
    const published = [...site.blobs].map(([path, blob]) => ({
      path,
      bytes: this.#host.sizeOf(blob) ?? 0,
      held: false,
    }));
    const held = this.#uploads.listed().map((upload) => ({ ...upload, held: true }));
    return { files: mediaListing([...published, ...held], mediaNamedAt(site), kind) };
  }

  uploadMedia(file: File, kind: string | undefined): Promise<Answer<MediaFile>> {
    return answered(
      this.#session.current().then((site) => this.#uploads.take(file, kind, (path) => site.blobs.has(path))),
    );
  }

  async heldUploads(): Promise<Answer<{ uploads: HeldUpload[] }>> {
    return { uploads: heldUploadList(this.#uploads.listed()) };
  }

  renameHeldUpload(src: string, name: string): Promise<Answer<{ src: string }>> {
    return answered(
      this.#session
        .current()
        .then((site) => this.#uploads.rename(src, name, (path) => site.blobs.has(path)))
        .then((renamed) => ({ src: renamed })),
    );
  }

  async removeHeldUpload(src: string): Promise<Answer<{ removed: string }>> {
    return answered(this.#uploads.remove(src).then(() => ({ removed: src })));
  }

  readonly canTakeOffStrays = true;

  strayFiles(): Promise<Answer<StrayFiles>> {
    return answered(this.#strayFiles());
  }

  async #strayFiles(): Promise<StrayFiles> {
    const site = await this.#session.current();
    // Before the author's first save there are no drafts, so nothing is on them.
    if (!this.#session.onDrafts) return { files: [] };
    return { files: (await this.#straysOn(site)).files, listedAt: site.head };
  }

  /**
   * The stray files of the drafts as `site` holds them, by the checker's word on the site there, asked through
   * `repository` (a take-off's own, whose listings the take-off then reads from).
   */
  async #straysOn(site: BranchSite, repository: Repository = this.#host.repository()) {
    const checked = this.#lastCheck;
    // The page's last check of this very site stands: what it says of files outside config/ is not the author's typing.
    const problems =
      checked?.site === site && !('error' in checked.answer)
        ? checked.answer.problems
        : (await site.check([], this.#check)).problems;
    return straysOnDrafts(
      repository,
      await this.#session.started(),
      site.head,
      refusedOutsideConfig(problems),
      (published, head) => this.#host.draftsAgainst(repository, published, head),
    );
  }

  takeOffDrafts(request: TakeOffRequest, stopped?: AbortSignal): Promise<Answer<{ takenOff: readonly string[] }>> {
    return answered(this.#takeOffDrafts(request, stopped));
  }

  async #takeOffDrafts(request: TakeOffRequest, stopped?: AbortSignal): Promise<{ takenOff: readonly string[] }> {
    const repository = this.#host.repository({ stopped });
    const answer = await takeOffDrafts(repository, await this.#session.started(), request, async (head) => {
      const known = await this.#session.current();
      return this.#straysOn(known.head === head ? known : await this.#session.reload(), repository);
    });
    await this.#session.reload();
    return answer;
  }

  /** A git host keeps no half-done step of the editor's: there is nothing to put right when it opens. */
  async noticeAtStart(): Promise<string | undefined> {
    return undefined;
  }

  readonly seesHostReports = true;
  publishStatus = () => answered(this.#publishing.publishStatus());
  siteBuild = (commit: string) => answered(this.#publishing.siteBuild(commit));
  publish = (request: PublishRequest, stopped?: AbortSignal) => answered(this.#publishing.publish(request, stopped));
  discardChange = (path: string) => answered(this.#publishing.discardChange(path));
  getLatest = (choices?: Record<string, 'mine' | 'theirs'>) => answered(this.#publishing.getLatest(choices));
  loadHistory = () => answered(this.#publishing.loadHistory());
  undoPublished = (...[commit, only, attempt, stopped]: Parameters<EditorBackend['undoPublished']>) =>
    answered(this.#publishing.undoPublished(commit, only, attempt, stopped));

  /**
   * A save or Delete whose answer was lost is found on the drafts by its id (the site is then read again, as after any
   * save); a publish or undo on main or its review branch, the drafts brought up to date with it. Not found, it may
   * still land: the host may yet do a request the page stopped waiting for.
   */
  findOperation(action: LostAction, attempt: Attempt): Promise<Answer<FoundOperation>> {
    return answered(this.#findOperation(action, attempt));
  }

  async #findOperation(action: LostAction, attempt: Attempt): Promise<FoundOperation> {
    if (action === 'publish') return this.#publishing.findPublished(attempt);
    const { drafts } = await this.#session.started();
    if (!(await ownCommitOn(this.#host.repository(), drafts, attempt))) return { landed: false, mayLandLater: true };
    await this.#session.reload();
    return { landed: true };
  }

  readonly savedWhere = 'in your saved drafts';

  /**
   * Every failure in the author's words: the host's refusals and a lost answer say what happened; anything the editor
   * did not foresee says so in the catalogue's words, its detail left in the browser's console for a developer.
   */
  failureWords(failure: Error, doing: string): string {
    const known = this.#host.saidInWords(failure) || failure instanceof Refused || isAnswerLost(failure);
    if (!known) console.error(failure);
    return `${doing}: ${known ? failure.message : refusalWords('unexpectedInBrowser')}`;
  }
}
