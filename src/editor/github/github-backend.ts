/**
 * The editor's backend when it runs in the browser from the site's own address, with nothing installed: the site's
 * repository on GitHub, through its API, signed in as the author. It answers everything the editor's page asks
 * (app/backend.ts) as npm run edit's server does, with the same model: saving goes to the author's own drafts branch
 * (github-save.ts), publishing makes one checked commit on main (github-publish.ts), Get latest merges field by field
 * (github-latest.ts), History and Undo read and write main (github-history.ts). The checker runs in a worker, with the
 * schemas built into the editor: code comes from the site's build, never from what a branch holds.
 */
import type { AnySchemaObject } from 'ajv';
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type {
  Change,
  CheckResult,
  FileEntry,
  MediaFile,
  NewEntryRequest,
  PreviewAddress,
  PreviewBuild,
  SaveResult,
} from '../protocol/files.ts';
import { configFileEntry, GROUP_ORDER } from '../model/config-file-entries.ts';
import { inContent, mediaListing, mediaNamedIn } from '../model/content-files.ts';
import { parseJson } from '../model/json-edit.ts';
import { withOperation, type Attempt } from '../model/operations.ts';
import { LIST_MOVED, publishList, toPublish, unusedMediaOf } from '../model/publish-list.ts';
import type {
  Answer,
  HistoryEntry,
  LatestResult,
  PublishRequest,
  PublishResult,
  PublishStatus,
  SiteBuild,
} from '../protocol/publishing.ts';
import { publishSettingsOf } from '../model/publish-settings.ts';
import { filesWithChanges, newEntryIn } from '../model/new-entries.ts';
import { planRemoval, removeAsPlanned, type FileLookup } from '../model/removal.ts';
import { saveChanges } from '../model/save.ts';
import { BranchStore } from './branch-store.ts';
import { BrowserUploads, type HeldUploadStore } from './browser-uploads.ts';
import { GitHubApi, GitHubRefusal } from './github-api.ts';
import { refusalWords, Refused } from '../protocol/refusals.ts';
import { historyOf, undoChange } from './github-history.ts';
import { bringInPublished } from './github-latest.ts';
import { ownCommitOn, publishDrafts, unpublished } from './github-publish.ts';
import { draftBranchOf, DRAFTS_FOLDER, draftsProtected } from './github-save.ts';
import { GitHubSite } from './github-site.ts';
import { siteBuildOnGitHub } from './github-build.ts';

/** The name most repositories give their main branch, whose head is asked at once beside the rest. */
const GUESSED_MAIN = 'main';

/** Where the site says how it publishes. */
const PUBLISHING = 'config/publishing.json';

/** Where the site gives its address. */
const SITE_FILE = 'config/site.json';

/** How many published changes History shows. */
const HISTORY_LENGTH = 30;

export interface GitHubBackendSettings {
  readonly api: GitHubApi;
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
  readonly heldUploads?: HeldUploadStore;
  /**
   * The checker that also builds the preview of a valid config (admin/site-worker.ts), for the file shown and the
   * field the author is in; without it, checks come without a preview.
   */
  readonly checkAndPreview?: (request: {
    readonly check: CheckRequest;
    readonly preview: { readonly showing?: string; readonly shown?: unknown; readonly focus?: (string | number)[] };
  }) => Promise<CheckAnswer & { readonly preview?: PreviewBuild; readonly addresses?: PreviewAddress[] }>;
}

/**
 * A refusal as the page takes it, in words: one of the editor's own (protocol/refusals.ts), or a file GitHub holds that
 * the editor does not take in (a link, a submodule, an odd name).
 */
function refusedInWords(refusal: unknown): { error: string } {
  if (refusal instanceof Refused) return { error: refusal.message, ...refusal.details };
  if (refusal instanceof GitHubRefusal && refusal.kind === 'not-plain') return { error: refusal.message };
  throw refusal;
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

export type { HeldUploadStore } from './browser-uploads.ts';

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

export class GitHubBackend implements EditorBackend {
  readonly #settings: GitHubBackendSettings;
  #session:
    | Promise<{
        login: string;
        name: string;
        main: string;
        mainAtStart: string | undefined;
        drafts: string;
        draftsAtStart: string | undefined;
      }>
    | undefined;
  /** The site as the author's drafts (or main, before their first save) held it when last read. */
  #site: GitHubSite | undefined;
  #firstRead: Promise<GitHubSite> | undefined;
  /** Whether the site was read from the author's drafts (false: from main, before their first save). */
  #onDrafts = false;
  /** The checker's answer on the changes last checked, which a save of the same changes need not ask again. */
  #lastCheck: { site: GitHubSite; key: string; answer: CheckAnswer } | undefined;
  readonly #uploads: BrowserUploads;

  constructor(settings: GitHubBackendSettings) {
    this.#settings = settings;
    this.#uploads = new BrowserUploads(settings.heldUploads);
  }

  get #api(): GitHubApi {
    return this.#settings.api;
  }

  /** The checker, given the editor's own schemas whatever the branch holds. */
  readonly #check = (request: CheckRequest): Promise<CheckAnswer> =>
    this.#checkSchemas().then((schemas) => this.#settings.check({ ...request, schemas }));

  /** The schemas, loaded once, when first asked for (they are not needed to list the files). */
  readonly #checkSchemas = once(() => this.#settings.checkSchemas());
  readonly #formSchemas = once(() => this.#settings.formSchemas());

  /** Who is signed in, the main branch and the author's drafts: read once, when the editor opens. */
  async #started() {
    this.#session ??= (async () => {
      // Asked at once (a phone waits for each round trip): who, the repository, and every author's drafts, of which
      // the author's own are picked once it is known who they are.
      // Most repositories' main branch is called main: its head is asked beside, and used when it is.
      const [viewer, repository, drafts, mainGuess] = await Promise.all([
        this.#api.viewer(),
        this.#api.repository(),
        this.#api.heads(DRAFTS_FOLDER),
        this.#api.head(GUESSED_MAIN).catch(() => undefined),
      ]);
      if (!repository.canWrite)
        throw new GitHubRefusal(
          'no-permission',
          `Your GitHub account (${viewer.login}) may read this site's repository but not change it. Ask whoever manages it for write access.`,
        );
      const own = draftBranchOf(viewer.login);
      return {
        ...viewer,
        main: repository.defaultBranch,
        mainAtStart: repository.defaultBranch === GUESSED_MAIN ? mainGuess : undefined,
        drafts: own,
        draftsAtStart: drafts.get(own),
      };
    })();
    this.#session.catch(() => (this.#session = undefined));
    return this.#session;
  }

  /** Reads the site again from the drafts, or from main when the author has saved nothing yet. */
  async #reload(): Promise<GitHubSite> {
    const { main, drafts } = await this.#started();
    const head = await this.#api.head(drafts);
    this.#onDrafts = head !== undefined;
    const schemas = await this.#checkSchemas();
    this.#site = head ? await GitHubSite.at(this.#api, head, schemas) : await GitHubSite.load(this.#api, main, schemas);
    return this.#site;
  }

  /** The site as last read; read once however many ask at the start, from the drafts' head the session found. */
  #current(): Promise<GitHubSite> {
    if (this.#site) return Promise.resolve(this.#site);
    this.#firstRead ??= (async () => {
      // The schemas load beside the site: they are the editor's own, so the branch's are not read.
      const { main, mainAtStart, draftsAtStart } = await this.#started();
      this.#onDrafts = draftsAtStart !== undefined;
      const head = draftsAtStart ?? mainAtStart;
      this.#site = head
        ? await GitHubSite.at(this.#api, head, this.#checkSchemas())
        : await GitHubSite.load(this.#api, main, await this.#checkSchemas());
      return this.#site;
    })().finally(() => (this.#firstRead = undefined));
    return this.#firstRead;
  }

  /** A config file as the site holds it, or undefined. */
  readonly #open: FileLookup = (path) => {
    try {
      return this.#site?.openFile(path);
    } catch {
      return undefined;
    }
  };

  /** How the site publishes, as its config/publishing.json says (the main branch is the repository's own). */
  #publishing(site: GitHubSite) {
    const file = site.listFiles().some((entry) => entry.path === PUBLISHING) ? site.openFile(PUBLISHING) : undefined;
    return publishSettingsOf(parseJson(file?.text));
  }

  /** Who is signed in. */
  async account(): Promise<{ login: string; name: string }> {
    const { login, name } = await this.#started();
    return { login, name };
  }

  async openSession(): Promise<void> {
    // Uploads the author made before a reload, not yet saved, are held again.
    await this.#uploads.restore((await this.#started()).login);
    await this.#current();
  }

  async whoRemoved(path: string): Promise<string | undefined> {
    const site = await this.#current();
    if (site.blobs.has(path)) return undefined;
    const [newest] = await this.#api.history(site.head, 1, path);
    return newest?.author.name;
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

  async listFiles(): Promise<{ groups: string[]; files: FileEntry[] }> {
    return { groups: [...GROUP_ORDER], files: (await this.#current()).listFiles() };
  }

  async openFile(path: string) {
    return (await this.#current()).openFile(path);
  }

  async loadSchemas(): Promise<Record<string, object>> {
    return this.#formSchemas();
  }

  async checkChanges(changes: Change[], showing?: string, focus?: (string | number)[]): Promise<CheckResult> {
    const site = await this.#current();
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
      ? (changes.find((change) => change.path === showing)?.data ?? parseJson(this.#open(showing)?.text))
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
   * The author's drafts as the store a save commits to. The first save makes the branch where they started, which
   * holds what the editor read; when another device of theirs made it meanwhile, the save starts from there. The
   * checker's answer on `changes`, when the author typed them on this same site, stands without asking again.
   */
  async #draftsStore(changes?: readonly Change[]): Promise<BranchStore> {
    const { drafts } = await this.#started();
    let site = await this.#current();
    if (!this.#onDrafts) {
      const made = await this.#api.createBranch(drafts, site.head).then(
        () => true,
        () => false,
      );
      site = made ? site : await site.reload(this.#api, drafts);
      this.#onDrafts = true;
    }
    const checked = this.#lastCheck;
    const key = changes && checkKey(changes, this.#uploads.namedIn(changes));
    const check = (request: CheckRequest) =>
      key !== undefined && checked?.site === site && checked.key === key
        ? Promise.resolve(checked.answer)
        : this.#check(request);
    return new BranchStore(this.#api, drafts, site, check, this.#uploads.bytes(), draftsProtected(drafts));
  }

  /** After a save: the site as the drafts now hold it, and the uploads that went in no longer held by the page. */
  #saved<T>(store: BranchStore, answer: T): T {
    this.#site = store.latest;
    this.#uploads.placed(store.heldUploads().filter((path) => store.latest.has(path)));
    return answer;
  }

  async saveChanges(changes: Change[], attempt?: Attempt): Promise<SaveResult> {
    const store = await this.#draftsStore(changes);
    return this.#saved(store, await saveChanges(store, changes, attempt));
  }

  async createEntry(request: NewEntryRequest, changes: Change[]) {
    const site = await this.#current();
    const texts = site.listFiles().flatMap((entry) => {
      const opened = this.#open(entry.path);
      return opened ? [{ path: entry.path.slice('config/'.length), text: opened.text }] : [];
    });
    const made = newEntryIn(
      filesWithChanges(texts, changes),
      request,
      changes,
      (await this.#formSchemas()) as Parameters<typeof newEntryIn>[3],
      (path) => site.blobs.get(`config/${path}`) ?? null,
    );
    return { ...made, file: configFileEntry(made.path, made.data)! };
  }

  async planRemoval(path: string) {
    const { drafts } = await this.#started();
    return planRemoval(new BranchStore(this.#api, drafts, await this.#current(), this.#check), path);
  }

  async removeFile(...[plan, places, showInstead]: Parameters<EditorBackend['removeFile']>) {
    const store = await this.#draftsStore();
    return this.#saved(store, await removeAsPlanned(store, plan, places, showInstead));
  }

  async listMedia(kind?: string): Promise<{ files: MediaFile[] }> {
    const site = await this.#current();
    const named = new Set<string>();
    for (const path of site.configPaths()) mediaNamedIn(parseJson(site.read(path)?.text), named);
    const published = [...site.blobs].map(([path, blob]) => ({
      path,
      bytes: this.#api.sizeOf(blob) ?? 0,
      held: false,
    }));
    const held = this.#uploads.listed().map((upload) => ({ ...upload, held: true }));
    return { files: mediaListing([...published, ...held], named, kind) };
  }

  async uploadMedia(file: File, kind: string | undefined): Promise<MediaFile> {
    const site = await this.#current();
    return this.#uploads.take(file, kind, (path) => site.blobs.has(path));
  }

  /**
   * The author's saved changes not yet on main, as Publish lists them, made from one head of the drafts: each in
   * words, new media nothing uses marked, the files outside the site's content apart, and the list's id.
   */
  async #changeList() {
    const { main, drafts } = await this.#started();
    const found = await unpublished(this.#api, { main, drafts });
    // Which media the drafts' config names, read from the very head the list is made of.
    let site = await this.#current();
    if (found.drafts !== main && site.head !== found.drafts) site = await this.#reload();
    const read = (blob: string | undefined) => (blob === undefined ? undefined : this.#api.readFile(blob));
    const named = new Set<string>();
    for (const path of site.configPaths()) mediaNamedIn(parseJson(site.read(path)?.text), named);
    const files = await Promise.all(
      found.files.filter(inContent).map(async (path) => {
        const [live, saved] = await Promise.all([read(found.trees.theirs.get(path)), read(found.trees.mine.get(path))]);
        return { path, live, saved, version: found.trees.mine.get(path) ?? null };
      }),
    );
    const { changes, listed, listId } = publishList(files, named);
    return {
      found,
      site,
      changes,
      listed,
      listId,
      ignored: found.files.filter((path) => !inContent(path)),
      unusedMedia: unusedMediaOf(
        [...site.blobs.keys()].filter((path) => found.trees.theirs.has(path)),
        named,
      ),
    };
  }

  /** GitHub keeps no half-done step of the editor's: there is nothing to put right when it opens. */
  async noticeAtStart(): Promise<string | undefined> {
    return undefined;
  }

  async publishStatus(): Promise<PublishStatus> {
    const { name, login, main } = await this.#started();
    const { found, site, changes, listId, ignored, unusedMedia } = await this.#changeList();
    // What teammates published that the drafts lack: not a file main holds exactly as the author saved it (their own
    // publish whose answer was lost).
    const theirChanges = [...found.trees.theirs].filter(
      ([path, blob]) => inContent(path) && found.trees.base.get(path) !== blob && found.trees.mine.get(path) !== blob,
    ).length;
    return {
      outside: [],
      ignored,
      listId,
      identity: { name, email: `${login}@users.noreply.github.com` },
      mode: this.#publishing(site).mode,
      branch: main,
      updateMinutes: this.#publishing(site).updateMinutes,
      changes,
      unusedMedia,
      behind: theirChanges,
    };
  }

  readonly seesHostReports = true;

  async siteBuild(commit: string): Promise<SiteBuild> {
    const site = await this.#current();
    const siteFile = site.listFiles().some((entry) => entry.path === SITE_FILE) ? site.openFile(SITE_FILE) : undefined;
    const url = (parseJson(siteFile?.text) as { url?: unknown } | undefined)?.url;
    const siteAddress = typeof url === 'string' ? url : '';
    return siteBuildOnGitHub(this.#api, commit, this.#settings.liveAddress ?? siteAddress, siteAddress);
  }

  async publish(request: PublishRequest): Promise<Answer<PublishResult>> {
    const { main, drafts } = await this.#started();
    // A try whose answer was lost on the way: its commit is on main already, and is answered as published.
    const landed = await ownCommitOn(this.#api, main, request.attempt);
    if (landed) {
      await bringInPublished(this.#api, { main, drafts }).catch(() => undefined);
      await this.#reload();
      return { status: 'published' as const, commit: landed, message: request.message, branch: main };
    }
    const list = await this.#changeList();
    if (request.listId !== undefined && request.listId !== list.listId) return { error: LIST_MOVED, listMoved: true };
    const files = toPublish(list.listed, request.leaveOut).map((change) => change.path);
    const removals = request.removeMedia.filter((path) => list.unusedMedia.includes(path));
    if (files.length === 0 && removals.length === 0) return { error: refusalWords('nothingToPublish') };
    const [headline, ...rest] = request.message.split('\n');
    const body = rest.join('\n').trim();
    const input = {
      main,
      drafts,
      draftsAt: list.found.drafts,
      files,
      removals,
      headline: headline!.trim() || 'Changes from the editor',
      body: request.attempt ? withOperation(body, request.attempt.id).trim() : body || undefined,
      check: this.#check,
      // config/publishing.json may ask that changes go for review, on a branch of their own with its pull request.
      review: this.#publishing(list.site).mode === 'review',
    };
    const answer = await publishDrafts(this.#api, input)
      .catch((refusal: unknown) => {
        // A main branch that takes changes only through pull requests gets one, with its link.
        if (refusal instanceof GitHubRefusal && refusal.kind === 'protected')
          return publishDrafts(this.#api, { ...input, review: true });
        throw refusal;
      })
      .catch(refusedInWords);
    if ('error' in answer) return answer;
    await this.#reload();
    switch (answer.status) {
      case 'published':
        return { status: 'published' as const, commit: answer.commit, message: request.message, branch: main };
      case 'sent-for-review':
        return {
          status: 'published' as const,
          commit: answer.commit,
          message: request.message,
          branch: answer.branch,
          link: answer.link,
        };
      case 'up-to-date':
        return { error: refusalWords('nothingToPublish') };
      case 'conflicts':
        return answer;
      case 'invalid':
        return answer;
    }
  }

  async discardChange(path: string) {
    const { main, drafts } = await this.#started();
    const site = await this.#reload();
    const live = (await this.#api.files((await this.#api.head(main))!)).get(path);
    const bytes = live === undefined ? undefined : await this.#api.readFile(live);
    if (path.startsWith('config/')) {
      const { problems } = await site.check(
        [{ path, data: parseJson(bytes), removed: bytes === undefined }],
        this.#check,
      );
      const errors = problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0)
        return {
          error: `Putting ${path} back as it is live would leave the site with a problem: ${errors[0]!.message} Change that first.`,
        };
    }
    await this.#api.commit({
      branch: drafts,
      expectedHead: site.head,
      headline: `Put back as it is live: ${path}`,
      changes: [{ path, bytes }],
    });
    await this.#reload();
    return { discarded: path };
  }

  async getLatest(choices: Record<string, 'mine' | 'theirs'> = {}): Promise<Answer<LatestResult>> {
    const { main, drafts } = await this.#started();
    const answer = await bringInPublished(this.#api, { main, drafts }, choices).catch(refusedInWords);
    if ('error' in answer) return answer;
    if (answer.status === 'updated') await this.#reload();
    return answer;
  }

  async loadHistory(): Promise<{ entries: HistoryEntry[] }> {
    const { main } = await this.#started();
    return { entries: await historyOf(this.#api, main, HISTORY_LENGTH) };
  }

  async undoPublished(commit: string, only?: string[]) {
    const { main, drafts } = await this.#started();
    const answer = await undoChange(this.#api, { branch: main, commit, only, check: this.#check }).catch(
      refusedInWords,
    );
    if ('error' in answer || answer.status === 'invalid') return answer;
    // The drafts take in the undo, so the editor shows the site as it now is.
    await bringInPublished(this.#api, { main, drafts }).catch(() => undefined);
    await this.#reload();
    const [message] = await this.#api.history(main, 1);
    return { status: 'published' as const, commit: answer.commit, message: message?.message ?? '', branch: main };
  }

  readonly savedWhere = 'in your saved drafts';

  failureWords(failure: Error, doing: string): string {
    return `${doing}: ${failure.message}`;
  }
}
