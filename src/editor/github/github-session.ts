/**
 * The editor's session on GitHub: who is signed in, the repository's main branch and the author's drafts branch, and
 * the site as the drafts (or main, before the first save) held it when last read. Read once when the editor opens,
 * and again after anything that moves the drafts. No Node API.
 */
import type { AnySchemaObject } from 'ajv';
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { parseJson } from '../model/json-edit.ts';
import { publishSettingsOf } from '../model/publish-settings.ts';
import type { FileLookup } from '../model/removal.ts';
import { BranchStore } from './branch-store.ts';
import { GitHubApi } from './github-api.ts';
import { GitHubRefusal } from './github-http.ts';
import { draftBranchOf, DRAFTS_FOLDER, draftsProtected } from './drafts-branch.ts';
import { GitHubSite } from './github-site.ts';
import { refusalWords } from '../protocol/refusals.ts';

/** The name most repositories give their main branch, whose head is asked at once beside the rest. */
const GUESSED_MAIN = 'main';

/** Where the site says how it publishes. */
const PUBLISHING = 'config/publishing.json';

export class GitHubSession {
  #who:
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
  site: GitHubSite | undefined;
  #firstRead: Promise<GitHubSite> | undefined;
  /** Whether the site was read from the author's drafts (false: from main, before their first save). */
  onDrafts = false;

  constructor(
    readonly api: GitHubApi,
    /** The schemas the checker reads: the editor's own, whatever the branch holds. */
    readonly checkSchemas: () => Promise<ReadonlyMap<string, AnySchemaObject>>,
  ) {}

  /** Who is signed in, the main branch and the author's drafts: read once, when the editor opens. */
  async started() {
    this.#who ??= (async () => {
      // Asked at once (a phone waits for each round trip): who, the repository, and every author's drafts, of which
      // the author's own are picked once it is known who they are.
      // Most repositories' main branch is called main: its head is asked beside, and used when it is.
      const [viewer, repository, drafts, mainGuess] = await Promise.all([
        this.api.viewer(),
        this.api.repository(),
        this.api.heads(DRAFTS_FOLDER),
        this.api.head(GUESSED_MAIN).catch(() => undefined),
      ]);
      if (!repository.canWrite) throw new GitHubRefusal('no-permission', refusalWords('readOnlyAccount', viewer.login));
      const own = draftBranchOf(viewer.login);
      return {
        ...viewer,
        main: repository.defaultBranch,
        mainAtStart: repository.defaultBranch === GUESSED_MAIN ? mainGuess : undefined,
        drafts: own,
        draftsAtStart: drafts.get(own),
      };
    })();
    this.#who.catch(() => (this.#who = undefined));
    return this.#who;
  }

  /** Reads the site again from the drafts, or from main when the author has saved nothing yet. */
  async reload(): Promise<GitHubSite> {
    const { main, drafts } = await this.started();
    const head = await this.api.head(drafts);
    this.onDrafts = head !== undefined;
    const schemas = await this.checkSchemas();
    this.site = head ? await GitHubSite.at(this.api, head, schemas) : await GitHubSite.load(this.api, main, schemas);
    return this.site;
  }

  /** The site as last read; read once however many ask at the start, from the drafts' head the session found. */
  current(): Promise<GitHubSite> {
    if (this.site) return Promise.resolve(this.site);
    this.#firstRead ??= (async () => {
      // The schemas load beside the site: they are the editor's own, so the branch's are not read.
      const { main, mainAtStart, draftsAtStart } = await this.started();
      this.onDrafts = draftsAtStart !== undefined;
      const head = draftsAtStart ?? mainAtStart;
      this.site = head
        ? await GitHubSite.at(this.api, head, this.checkSchemas())
        : await GitHubSite.load(this.api, main, await this.checkSchemas());
      return this.site;
    })().finally(() => (this.#firstRead = undefined));
    return this.#firstRead;
  }

  /** A config file as the site holds it, or undefined. */
  readonly open: FileLookup = (path) => {
    try {
      return this.site?.openFile(path);
    } catch {
      return undefined;
    }
  };

  /** How the site publishes, as its config/publishing.json says (the main branch is the repository's own). */
  publishing(site: GitHubSite) {
    return publishSettingsOf(parseJson(site.read(PUBLISHING)?.text));
  }

  /**
   * The author's drafts as the store a save commits to, through `api` (the session's, or one action's). The first save
   * makes the branch where they started, which holds what the editor read; when another device of theirs made it
   * meanwhile, the save starts from there.
   */
  async draftsStore(
    api: GitHubApi,
    check: (site: GitHubSite) => (request: CheckRequest) => Promise<CheckAnswer>,
    uploads: ReadonlyMap<string, Uint8Array>,
  ): Promise<BranchStore> {
    const { drafts } = await this.started();
    let site = await this.current();
    if (!this.onDrafts) {
      const made = await api.createBranch(drafts, site.head).then(
        () => true,
        () => false,
      );
      site = made ? site : await site.reload(api, drafts);
      this.onDrafts = true;
    }
    return new BranchStore(api, drafts, site, check(site), uploads, draftsProtected(drafts));
  }
}
