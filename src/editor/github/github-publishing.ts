/**
 * Publishing from the editor at /admin/, wired to the core (model/publish.ts, get-latest.ts, history.ts, undo.ts) over
 * GitHub's API: the repository (github-repository.ts) and the author's drafts branch (github-drafts.ts), the site's
 * check in the page's worker, and how a published commit stands on its way to the live site (github-build.ts).
 * Every decision is the core's; what is here is which branches, which check, and the session read again after a
 * change. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { isMedia } from '../model/content-files.ts';
import { getLatest, publishedHead } from '../model/get-latest.ts';
import { historyOf, whoRemovedAt } from '../model/history.ts';
import { parseJson } from '../model/json-edit.ts';
import { siteAddressIn } from '../model/live-site.ts';
import { lostPublishOutcome, publish, publishStatusOf } from '../model/publish.ts';
import { putBackFiles } from '../model/put-back.ts';
import type { PublishingPlace } from '../model/repository.ts';
import { undoPublished } from '../model/undo.ts';
import type {
  Answer,
  FoundOperation,
  HistoryEntry,
  LatestResult,
  PublishMode,
  PublishRequest,
  PublishResult,
  PublishStatus,
  SiteBuild,
} from '../protocol/publishing.ts';
import { answeredInWords } from '../protocol/refusals.ts';
import type { GitHubApi } from './github-api.ts';
import { siteBuildOnGitHub } from './github-build.ts';
import { GitHubDrafts } from './github-drafts.ts';
import { GitHubRepository } from './github-repository.ts';
import type { GitHubSession } from './github-session.ts';
import { GitHubSite } from './github-site.ts';
import { BranchStore } from './branch-store.ts';

/** Where the site gives its address. */
const SITE_FILE = 'config/site.json';

/**
 * Publishing over GitHub's API, as the core asks for it: the repository, the author's drafts branch, how the site
 * publishes, and the checker on the site as a commit would hold it (config by its data, media by name and bytes).
 */
export function publishingOnGitHub(
  api: GitHubApi,
  parts: {
    /** The published branch and the author's drafts branch. */
    readonly main: string;
    readonly drafts: string;
    readonly mode: PublishMode;
    /** The checker, given the editor's own schemas. */
    readonly check: (request: CheckRequest) => Promise<CheckAnswer>;
    /** Texts already read, by their id, which are not asked of GitHub again. */
    readonly knownText?: (blob: string) => string | undefined;
  },
): PublishingPlace & { drafts: GitHubDrafts } {
  const repository = new GitHubRepository(api, parts.knownText);
  return {
    repository,
    drafts: new GitHubDrafts(repository, parts.drafts),
    branch: parts.main,
    mode: parts.mode,
    problemsWith: async (base, changes) => {
      const site = await GitHubSite.at(api, base);
      const config = [...changes].filter(([path]) => path.startsWith('config/'));
      const media = [...changes].filter(([path]) => isMedia(path));
      const checked = await site.check(
        config.map(([path, content]) => ({ path, data: parseJson(content), removed: content === undefined })),
        parts.check,
        {
          added: media.filter(([, content]) => content !== undefined).map(([path]) => path),
          removed: media.filter(([, content]) => content === undefined).map(([path]) => path),
          // A drawing's bytes go to the checker, which refuses one that would run script as part of the site.
          bytes: new Map(media.flatMap(([path, content]) => (content === undefined ? [] : [[path, content] as const]))),
        },
      );
      return checked.problems;
    },
  };
}

export class GitHubPublishing {
  constructor(
    readonly session: GitHubSession,
    /** The checker, given the editor's own schemas. */
    readonly check: (request: CheckRequest) => Promise<CheckAnswer>,
    /** The live site's folder, where it says which commit is live; by default the address in config/site.json. */
    readonly liveAddress?: string,
  ) {}

  /** Publishing over `api` (the session's, or one action's, which stops when the page stops waiting). */
  async #place(api: GitHubApi = this.session.api): Promise<PublishingPlace & { drafts: GitHubDrafts }> {
    const { main, drafts } = await this.session.started();
    const site = await this.session.current();
    // A text the session read to open it is not asked of GitHub again.
    const knownText = (blob: string) => {
      for (const path of site.configPaths()) if (site.blobs.get(path) === blob) return site.read(path)?.text;
      return undefined;
    };
    return publishingOnGitHub(api, {
      main,
      drafts,
      mode: this.session.publishing(site).mode,
      check: this.check,
      knownText,
    });
  }

  async publishStatus(): Promise<PublishStatus> {
    const { name, login } = await this.session.started();
    const place = await this.#place();
    const status = await publishStatusOf(place, await publishedHead(place));
    const settings = this.session.publishing(await this.session.current());
    return {
      ...status,
      identity: { name, email: `${login}@users.noreply.github.com` },
      mode: settings.mode,
      branch: place.branch,
      updateMinutes: settings.updateMinutes,
    };
  }

  async siteBuild(commit: string): Promise<SiteBuild> {
    const site = await this.session.current();
    const siteAddress = siteAddressIn(parseJson(site.read(SITE_FILE)?.text)) ?? '';
    return siteBuildOnGitHub(this.session.api, commit, this.liveAddress ?? siteAddress, siteAddress);
  }

  /** Who removed a config file the site as the drafts hold it no longer has (model/history.ts), when its history tells. */
  async whoRemoved(path: string): Promise<string | undefined> {
    const site = await this.session.current();
    // The site's files as the session listed them are not asked again.
    const repository = new GitHubRepository(this.session.api, undefined, (commit) =>
      commit === site.head ? site.blobs : undefined,
    );
    return whoRemovedAt(repository, site.head, path);
  }

  /** Runs a core action that may change the drafts, then reads the site again; a refusal comes back in words. */
  async #changing<T extends object>(action: () => Promise<T>): Promise<Answer<T>> {
    try {
      return await action();
    } catch (refusal) {
      return answeredInWords(refusal);
    } finally {
      await this.session.reload().catch(() => undefined);
    }
  }

  async publish(request: PublishRequest, stopped?: AbortSignal): Promise<Answer<PublishResult>> {
    const place = await this.#place(this.session.api.until(stopped));
    return this.#changing(() => publish(place, request));
  }

  /**
   * What became of a publish or undo of `attempt`'s whose answer was lost (model/publish.ts): as it landed, the site
   * then read again; not found, GitHub may yet do a request the page stopped waiting for.
   */
  async findPublished(attempt: Attempt): Promise<FoundOperation> {
    const found = await lostPublishOutcome(await this.#place(), attempt, async () => true);
    if (found.landed) await this.session.reload().catch(() => undefined);
    return found;
  }

  async discardChange(path: string) {
    const place = await this.#place();
    const site = await this.session.reload();
    const published = await publishedHead(place);
    const state = await place.drafts.state(published);
    const [live] = (await place.repository.read(published, [path])).values();
    const store = new BranchStore(this.session.api, place.drafts.branch, site, this.check);
    const files = await putBackFiles(store, path, state.versions.has(path), live).catch(answeredInWords);
    if ('error' in files) return files;
    await this.session.api.commit({
      branch: place.drafts.branch,
      expectedHead: site.head,
      headline: `Put back as it is live: ${path}`,
      changes: [...files].map(([file, bytes]) => ({ path: file, bytes })),
    });
    await this.session.reload();
    return { discarded: path };
  }

  async getLatest(choices: Record<string, 'mine' | 'theirs'> = {}): Promise<Answer<LatestResult>> {
    const place = await this.#place();
    return this.#changing(() => getLatest(place, choices));
  }

  async loadHistory(): Promise<{ entries: HistoryEntry[] }> {
    const place = await this.#place();
    return { entries: await historyOf(place.repository, place.branch) };
  }

  async undoPublished(commit: string, only?: string[], attempt?: Attempt, stopped?: AbortSignal) {
    const place = await this.#place(this.session.api.until(stopped));
    return this.#changing(() => undoPublished(place, commit, only, attempt));
  }
}
