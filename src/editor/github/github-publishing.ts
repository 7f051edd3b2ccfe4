/**
 * Publishing from the editor at /admin/: the Publish list and status, Publish itself (github-publish.ts), how a
 * published commit stands on its way to the live site (github-build.ts), putting a saved file back as it is live,
 * Get latest (github-latest.ts), History and Undo (github-history.ts), on the session's branches. No Node API.
 */
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import { inContent, mediaNamedIn } from '../model/content-files.ts';
import { parseJson } from '../model/json-edit.ts';
import { withOperation, withoutOperation } from '../model/operations.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { assertListShown, publishList, publishPlan, unusedMediaOf } from '../model/publish-list.ts';
import { teammatesChanges } from '../model/teammates-changes.ts';
import type {
  Answer,
  HistoryEntry,
  LatestResult,
  PublishRequest,
  PublishResult,
  PublishStatus,
  SiteBuild,
} from '../protocol/publishing.ts';
import { answeredInWords, refusalWords } from '../protocol/refusals.ts';
import { GitHubRefusal } from './github-http.ts';
import { BranchStore } from './branch-store.ts';
import { assertPutBack } from '../model/put-back.ts';
import { siteBuildOnGitHub } from './github-build.ts';
import { historyOf, undoChange } from './github-history.ts';
import { bringInPublished } from './github-latest.ts';
import { landedPublish, publishDrafts, sidesOf, unpublished } from './github-publish.ts';
import type { GitHubSession } from './github-session.ts';

/** Where the site gives its address. */
const SITE_FILE = 'config/site.json';

/** How many published changes History shows. */
const HISTORY_LENGTH = 30;

export class GitHubPublishing {
  constructor(
    readonly session: GitHubSession,
    /** The checker, given the editor's own schemas. */
    readonly check: (request: CheckRequest) => Promise<CheckAnswer>,
    /** The live site's folder, where it says which commit is live; by default the address in config/site.json. */
    readonly liveAddress?: string,
  ) {}

  /**
   * The author's saved changes not yet on main, as Publish lists them, made from one head of the drafts: each in
   * words, new media nothing uses marked, the files outside the site's content apart, and the list's id.
   */
  async #changeList() {
    const { main, drafts } = await this.session.started();
    const found = await unpublished(this.session.api, { main, drafts });
    // Which media the drafts' config names, read from the very head the list is made of.
    let site = await this.session.current();
    if (found.drafts !== main && site.head !== found.drafts) site = await this.session.reload();
    const read = (blob: string | undefined) => (blob === undefined ? undefined : this.session.api.readFile(blob));
    const named = new Set<string>();
    for (const path of site.configPaths()) mediaNamedIn(parseJson(site.read(path)?.text), named);
    const files = await Promise.all(
      found.files.filter(inContent).map(async (path) => {
        const [live, saved] = await Promise.all([read(found.trees.theirs.get(path)), read(found.trees.mine.get(path))]);
        return { path, live, saved, version: found.trees.mine.get(path) ?? null };
      }),
    );
    const { changes, listId } = publishList(files, named);
    return {
      found,
      site,
      changes,
      listId,
      ignored: found.files.filter((path) => !inContent(path)),
      unusedMedia: unusedMediaOf(
        [...site.blobs.keys()].filter((path) => found.trees.theirs.has(path)),
        named,
      ),
    };
  }

  async publishStatus(): Promise<PublishStatus> {
    const { name, login, main } = await this.session.started();
    const { found, site, changes, listId, ignored, unusedMedia } = await this.#changeList();
    const { base, theirs } = found.trees;
    const behind = teammatesChanges([...base.keys(), ...theirs.keys()], sidesOf(found.trees)).length;
    return {
      outside: [],
      ignored,
      listId,
      identity: { name, email: `${login}@users.noreply.github.com` },
      mode: this.session.publishing(site).mode,
      branch: main,
      updateMinutes: this.session.publishing(site).updateMinutes,
      changes,
      unusedMedia,
      behind,
    };
  }

  async siteBuild(commit: string): Promise<SiteBuild> {
    const site = await this.session.current();
    const siteFile = site.listFiles().some((entry) => entry.path === SITE_FILE) ? site.openFile(SITE_FILE) : undefined;
    const url = (parseJson(siteFile?.text) as { url?: unknown } | undefined)?.url;
    const siteAddress = typeof url === 'string' ? url : '';
    return siteBuildOnGitHub(this.session.api, commit, this.liveAddress ?? siteAddress, siteAddress);
  }

  async publish(request: PublishRequest, stopped?: AbortSignal): Promise<Answer<PublishResult>> {
    const { main, drafts } = await this.session.started();
    const api = this.session.api.until(stopped);
    // A try whose answer was lost on the way: its commit is on main (or its review branch) already, and is answered
    // as published.
    const landed = await this.landed(request.attempt);
    if (landed) return landed;
    const list = await this.#changeList();
    let plan: ReturnType<typeof publishPlan>;
    try {
      assertListShown(list.listId, request.listId);
      plan = publishPlan(list, request);
    } catch (refusal) {
      return answeredInWords(refusal);
    }
    const { published, removals, message } = plan;
    const files = published.map((change) => change.path);
    const [headline, ...rest] = message.split('\n');
    const body = rest.join('\n').trim();
    const input = {
      main,
      drafts,
      draftsAt: list.found.drafts,
      files,
      removals,
      headline: headline!.trim(),
      body: request.attempt ? withOperation(body, request.attempt.id).trim() : body || undefined,
      check: this.check,
      // config/publishing.json may ask that changes go for review, on a branch of their own with its pull request.
      review: this.session.publishing(list.site).mode === 'review',
      operation: request.attempt?.id,
    };
    const answer = await publishDrafts(api, input)
      .catch((refusal: unknown) => {
        // A main branch that takes changes only through pull requests gets one, with its link.
        if (refusal instanceof GitHubRefusal && refusal.kind === 'protected')
          return publishDrafts(api, { ...input, review: true });
        throw refusal;
      })
      .catch(answeredInWords);
    if ('error' in answer) return answer;
    await this.session.reload();
    switch (answer.status) {
      case 'published':
        return { status: 'published' as const, commit: answer.commit, message, branch: main };
      case 'sent-for-review':
        return {
          status: 'published' as const,
          commit: answer.commit,
          message,
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

  /**
   * A publish of `attempt`'s whose answer was lost, as it landed, answered as published: the drafts take in what
   * reached main (so the next publish never meets the author's own change as a teammate's), and a review branch
   * without its pull request gets it. Undefined when none of its tries landed.
   */
  async landed(attempt: Attempt | undefined): Promise<Extract<PublishResult, { status: 'published' }> | undefined> {
    const { main, drafts } = await this.session.started();
    const landed = await landedPublish(this.session.api, main, attempt);
    if (!landed) return undefined;
    // What it landed is the answer; bringing the drafts up to date and opening a missing review are put right where
    // they can be, and never hide that it landed (a teammate's odd file on main refuses the first: Publish says so).
    if (landed.branch === main) await bringInPublished(this.session.api, { main, drafts }).catch(() => undefined);
    const [title, ...rest] = landed.message.split('\n');
    const link =
      landed.branch === main
        ? undefined
        : (landed.link ??
          (await this.session.api
            .openPullRequest({ from: landed.branch, into: main, title: title!, body: rest.join('\n').trim() })
            .catch(() => undefined)));
    await this.session.reload().catch(() => undefined);
    return { status: 'published', ...landed, ...(link ? { link } : {}) };
  }

  async discardChange(path: string) {
    const { main, drafts } = await this.session.started();
    const site = await this.session.reload();
    const { trees } = await unpublished(this.session.api, { main, drafts }, site.head);
    const live = trees.theirs.get(path);
    const bytes = live === undefined ? undefined : await this.session.api.readFile(live);
    const store = new BranchStore(this.session.api, drafts, site, this.check);
    const answer = await assertPutBack(store, path, trees.mine.get(path) !== live, bytes).catch(answeredInWords);
    if (answer && 'error' in answer) return answer;
    await this.session.api.commit({
      branch: drafts,
      expectedHead: site.head,
      headline: `Put back as it is live: ${path}`,
      changes: [
        { path, bytes },
        ...(answer
          ? [{ path: answer.path, bytes: answer.text === null ? undefined : new TextEncoder().encode(answer.text) }]
          : []),
      ],
    });
    await this.session.reload();
    return { discarded: path };
  }

  async getLatest(choices: Record<string, 'mine' | 'theirs'> = {}): Promise<Answer<LatestResult>> {
    const { main, drafts } = await this.session.started();
    const answer = await bringInPublished(this.session.api, { main, drafts }, choices).catch(answeredInWords);
    if ('error' in answer) return answer;
    if (answer.status === 'updated') await this.session.reload();
    return answer;
  }

  async loadHistory(): Promise<{ entries: HistoryEntry[] }> {
    const { main } = await this.session.started();
    return { entries: await historyOf(this.session.api, main, HISTORY_LENGTH) };
  }

  async undoPublished(commit: string, only?: string[], attempt?: Attempt, stopped?: AbortSignal) {
    const { main, drafts } = await this.session.started();
    // A try whose answer was lost on the way: its commit is on main already, and is answered as done.
    const landed = await this.landed(attempt);
    if (landed) return landed;
    const api = this.session.api.until(stopped);
    const answer = await undoChange(api, { branch: main, commit, only, check: this.check, attempt }).catch(
      answeredInWords,
    );
    if ('error' in answer || answer.status === 'invalid') return answer;
    // The drafts take in the undo, so the editor shows the site as it now is.
    await bringInPublished(api, { main, drafts }).catch(() => undefined);
    await this.session.reload();
    const [message] = await this.session.api.history(main, 1);
    return {
      status: 'published' as const,
      commit: answer.commit,
      message: withoutOperation(message?.message ?? ''),
      branch: main,
    };
  }
}
