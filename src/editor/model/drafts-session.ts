/**
 * The editor's session at /admin/ on any git host: who is signed in, the repository's main branch and the author's
 * drafts branch, and the site as the drafts (or main, before the first save) held it when last read, through the
 * repository port (model/repository.ts). Read once when the editor opens, and again after anything that moves the
 * drafts. What it asks of the host beyond the port (who is signed in, a new branch) is the host's SiteHost
 * (site-host.ts; github/github-session.ts for GitHub). No Node API.
 */
import type { AnySchemaObject } from 'ajv';
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { parseJson } from './json-edit.ts';
import { publishSettingsOf } from './publish-settings.ts';
import type { FileLookup } from './removal.ts';
import type { SiteHost } from './site-host.ts';
import { BranchStore } from './branch-store.ts';
import { draftBranchOf, DRAFTS_FOLDER, draftsProtected } from './drafts-branch.ts';
import { BranchSite } from './branch-site.ts';
import { refuse } from '../protocol/refusals.ts';

/** The name most repositories give their main branch, whose head is asked at once beside the rest. */
const GUESSED_MAIN = 'main';

/** Where the site says how it publishes. */
const PUBLISHING = 'config/publishing.json';

export class DraftsSession {
  #who:
    | Promise<{
        login: string;
        name: string;
        email: string;
        main: string;
        mainAtStart: string | undefined;
        drafts: string;
        draftsAtStart: string | undefined;
      }>
    | undefined;
  /** The site as the author's drafts (or main, before their first save) held it when last read. */
  site: BranchSite | undefined;
  #firstRead: Promise<BranchSite> | undefined;
  /** Whether the site was read from the author's drafts (false: from main, before their first save). */
  onDrafts = false;

  constructor(
    readonly host: SiteHost,
    /** The schemas the checker reads: the editor's own, whatever the branch holds. */
    readonly checkSchemas: () => Promise<ReadonlyMap<string, AnySchemaObject>>,
  ) {}

  /** Who is signed in, the main branch and the author's drafts: read once, when the editor opens. */
  async started() {
    this.#who ??= (async () => {
      // Asked at once (a phone waits for each round trip): who, the repository, and every author's drafts, of which
      // the author's own are picked once it is known who they are.
      // Most repositories' main branch is called main: its head is asked beside, and used when it is.
      const repository = this.host.repository();
      const [signedIn, drafts, mainGuess] = await Promise.all([
        this.host.signedIn(),
        repository.branches(DRAFTS_FOLDER),
        repository.head(GUESSED_MAIN).catch(() => undefined),
      ]);
      if (!signedIn.canWrite) throw refuse('readOnlyAccount', signedIn.login);
      const own = draftBranchOf(signedIn.login);
      return {
        login: signedIn.login,
        name: signedIn.name,
        email: signedIn.email,
        main: signedIn.main,
        mainAtStart: signedIn.main === GUESSED_MAIN ? mainGuess : undefined,
        drafts: own,
        draftsAtStart: drafts.get(own),
      };
    })();
    this.#who.catch(() => (this.#who = undefined));
    return this.#who;
  }

  /** Reads the site again from the drafts, or from main when the author has saved nothing yet. */
  async reload(): Promise<BranchSite> {
    const { main, drafts } = await this.started();
    const repository = this.host.repository({ readsSite: true });
    const head = await repository.head(drafts);
    this.onDrafts = head !== undefined;
    const schemas = await this.checkSchemas();
    this.site = head
      ? await BranchSite.at(repository, head, schemas)
      : await BranchSite.load(repository, main, schemas);
    return this.site;
  }

  /** The site as last read; read once however many ask at the start, from the drafts' head the session found. */
  current(): Promise<BranchSite> {
    if (this.site) return Promise.resolve(this.site);
    this.#firstRead ??= (async () => {
      // The schemas load beside the site: they are the editor's own, so the branch's are not read.
      const { main, mainAtStart, draftsAtStart } = await this.started();
      this.onDrafts = draftsAtStart !== undefined;
      const head = draftsAtStart ?? mainAtStart;
      const repository = this.host.repository({ readsSite: true });
      this.site = head
        ? await BranchSite.at(repository, head, this.checkSchemas())
        : await BranchSite.load(repository, main, await this.checkSchemas());
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
  publishing(site: BranchSite) {
    return publishSettingsOf(parseJson(site.read(PUBLISHING)?.text));
  }

  /**
   * The author's drafts as the store a save commits to, for one action (stopped by `stopped`). The first save makes
   * the branch where they started, which holds what the editor read; when another device of theirs made it meanwhile,
   * the save starts from there.
   */
  async draftsStore(
    check: (site: BranchSite) => (request: CheckRequest) => Promise<CheckAnswer>,
    uploads: ReadonlyMap<string, Uint8Array>,
    stopped?: AbortSignal,
  ): Promise<BranchStore> {
    const { drafts } = await this.started();
    const repository = this.host.repository({ stopped, readsSite: true });
    let site = await this.current();
    if (!this.onDrafts) {
      const made = await this.host.createBranch(drafts, site.head, stopped).then(
        () => true,
        () => false,
      );
      site = made ? site : await site.reload(repository, drafts);
      this.onDrafts = true;
    }
    return new BranchStore(repository, drafts, site, check(site), uploads, draftsProtected(drafts));
  }
}
