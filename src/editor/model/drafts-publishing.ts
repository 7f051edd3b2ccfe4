/**
 * Publishing from the editor at /admin/ on any git host, wired to the core (publish.ts, get-latest.ts, history.ts,
 * undo.ts) over what the host answers (site-host.ts): the repository and the author's drafts branch, the site's check
 * in the page's worker, and how a published commit stands on its way to the live site. Every decision is the core's;
 * what is here is which branches, which check, and the session (drafts-session.ts) read again after a change. No Node
 * API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { isMedia } from './content-files.ts';
import { getLatest, publishedHead } from './get-latest.ts';
import { historyOf, whoRemovedAt } from './history.ts';
import { parseJson } from './json-edit.ts';
import { siteAddressIn } from './live-site.ts';
import { lostPublishOutcome, publish, publishStatusOf } from './publish.ts';
import { putBackFiles } from './put-back.ts';
import type { PublishingPlace, Repository } from './repository.ts';
import { undoPublished } from './undo.ts';
import type {
  Answer,
  FoundOperation,
  HistoryEntry,
  LatestResult,
  PublishRequest,
  PublishResult,
  PublishStatus,
  SiteBuild,
} from '../protocol/publishing.ts';
import { answeredInWords } from '../protocol/refusals.ts';
import { BranchSite } from './branch-site.ts';
import { BranchStore, committedOn } from './branch-store.ts';
import type { DraftsSession } from './drafts-session.ts';
import { draftsProtected } from './drafts-branch.ts';
import type { SiteHost } from './site-host.ts';

/** Where the site gives its address. */
const SITE_FILE = 'config/site.json';

/**
 * The one validator's problems on the site as `base` holds it in `repository` with `changes` in place
 * (PublishingPlace.problemsWith): config by its data, media by name and bytes.
 */
export function problemsOnBranch(
  repository: Repository,
  check: (request: CheckRequest) => Promise<CheckAnswer>,
): PublishingPlace['problemsWith'] {
  return async (base, changes) => {
    const site = await BranchSite.at(repository, base);
    const config = [...changes].filter(([path]) => path.startsWith('config/'));
    const media = [...changes].filter(([path]) => isMedia(path));
    const checked = await site.check(
      config.map(([path, content]) => ({ path, data: parseJson(content), removed: content === undefined })),
      check,
      {
        added: media.filter(([, content]) => content !== undefined).map(([path]) => path),
        removed: media.filter(([, content]) => content === undefined).map(([path]) => path),
        // A drawing's bytes go to the checker, which refuses one that would run script as part of the site.
        bytes: new Map(media.flatMap(([path, content]) => (content === undefined ? [] : [[path, content] as const]))),
      },
    );
    return checked.problems;
  };
}

export class DraftsPublishing {
  constructor(
    readonly session: DraftsSession,
    /** The checker, given the editor's own schemas. */
    readonly check: (request: CheckRequest) => Promise<CheckAnswer>,
    /** The live site's folder, where it says which commit is live; by default the address in config/site.json. */
    readonly liveAddress?: string,
  ) {}

  get #host(): SiteHost {
    return this.session.host;
  }

  /** Publishing on the host, for one action that stops when the page stops waiting (`stopped`). */
  async #place(stopped?: AbortSignal): Promise<PublishingPlace> {
    const { main, drafts } = await this.session.started();
    const site = await this.session.current();
    // A text the session read to open it is not asked of the host again; indexed by its id once, when first asked.
    let byId: Map<string, string> | undefined;
    const knownText = (blob: string) => {
      byId ??= new Map(site.configPaths().map((path) => [site.blobs.get(path)!, site.read(path)!.text]));
      return byId.get(blob);
    };
    return this.#host.publishing(
      { main, drafts, mode: this.session.publishing(site).mode, check: this.check, knownText },
      stopped,
    );
  }

  async publishStatus(): Promise<PublishStatus> {
    const { name, email } = await this.session.started();
    const place = await this.#place();
    const status = await publishStatusOf(place, await publishedHead(place));
    const settings = this.session.publishing(await this.session.current());
    return {
      ...status,
      identity: { name, email },
      mode: settings.mode,
      branch: place.branch,
      updateMinutes: settings.updateMinutes,
    };
  }

  async siteBuild(commit: string): Promise<SiteBuild> {
    const site = await this.session.current();
    const siteAddress = siteAddressIn(parseJson(site.read(SITE_FILE)?.text)) ?? '';
    return this.#host.siteBuild(commit, this.liveAddress ?? siteAddress, siteAddress);
  }

  /** Who removed a config file the site as the drafts hold it no longer has (history.ts), when its history tells. */
  async whoRemoved(path: string): Promise<string | undefined> {
    const site = await this.session.current();
    // The site's files as the session listed them are not asked again.
    const repository = this.#host.repository({
      knownFiles: (commit) => (commit === site.head ? site.blobs : undefined),
    });
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
    const place = await this.#place(stopped);
    return this.#changing(() => publish(place, request));
  }

  /**
   * What became of a publish or undo of `attempt`'s whose answer was lost (model/publish.ts): as it landed, the site
   * then read again; not found, the host may yet do a request the page stopped waiting for.
   */
  async findPublished(attempt: Attempt): Promise<FoundOperation> {
    const found = await lostPublishOutcome(await this.#place(), attempt, async () => true);
    if (found.landed) await this.session.reload().catch(() => undefined);
    return found;
  }

  async discardChange(path: string) {
    const place = await this.#place();
    const { drafts } = await this.session.started();
    const site = await this.session.reload();
    const published = await publishedHead(place);
    const state = await place.drafts.state(published);
    const [live] = (await place.repository.read(published, [path])).values();
    const store = new BranchStore(place.repository, drafts, site, this.check);
    const files = await putBackFiles(store, path, state.versions.has(path), live).catch(answeredInWords);
    if ('error' in files) return files;
    committedOn(
      drafts,
      await place.repository.commit({
        branch: drafts,
        expectedHead: site.head,
        message: `Put back as it is live: ${path}`,
        changes: files,
      }),
      draftsProtected(drafts),
    );
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
    const place = await this.#place(stopped);
    return this.#changing(() => undoPublished(place, commit, only, attempt));
  }
}
