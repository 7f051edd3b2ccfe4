/**
 * The contract of the repository port (model/repository.ts) and of publishing over it (model/publish.ts,
 * get-latest.ts, history.ts, undo.ts), each behaviour stated once and run against both stores: the author's git
 * working copy with a real bare repository as its remote (npm run edit, git/git-repository.ts and git-drafts.ts)
 * and GitHub's API on the stand-in over a real bare repository (the editor at /admin/, github/github-repository.ts and
 * github-drafts.ts). Each place is put together as the editor puts it (publishingOnDisk, publishingOnGitHub). A
 * teammate publishes with plain git beside the author. Each store meets the faults of its own world: on the disk a
 * remote whose receive hangs, drops or refuses; on GitHub an answer lost, a request dropped, hung or done late, and a
 * protected branch. Where the two differ, the test says so and why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteFolders } from '../checker/project-folders.ts';
import { validateConfig } from '../checker/validate-config.ts';
import { checkHere, DRAFTS, githubSitePerTest, pushedToDrafts } from '../testing/editor-github-site.ts';
import {
  commitAndPush,
  commitsInARow,
  editJsonFile,
  git,
  sharedSitePerTest,
  teammateCommits,
  type SharedSite,
} from '../testing/git-sites.ts';
import type { StandInFault } from '../testing/github-stand-in.ts';
import { SPEC_SITE_DIR } from '../testing/sites.ts';
import type { GitHubApi } from './github/github-api.ts';
import { publishingOnGitHub } from './github/github-publishing.ts';
import { inContent } from './model/content-files.ts';
import { getLatest } from './model/get-latest.ts';
import { historyOf, whoRemovedAt } from './model/history.ts';
import { parseJson } from './model/json-edit.ts';
import { newOperationId } from './model/operations.ts';
import { publishSettingsOf } from './model/publish-settings.ts';
import { behindOf, landedPublish, publish, publishListOf } from './model/publish.ts';
import type { Drafts, PublishingPlace, Repository } from './model/repository.ts';
import { undoPublished } from './model/undo.ts';
import { TRIES } from './model/while-moved.ts';
import type { Attempt } from './protocol/attempt.ts';
import type { PublishRequest, PublishResult } from './protocol/publishing.ts';
import { Refused, refusalWords } from './protocol/refusals.ts';
import { setIdentity } from './git/git-identity.ts';
import { LockQueue } from './git/lock-queue.ts';
import { readPublishSettings } from './git/publish-settings.ts';
import { publishingOnDisk } from './git/publishing.ts';
import { SiteRepository } from './git/site-repository.ts';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
const FAQS = 'config/collections/faqs.json';
const SITE = 'config/site.json';
const SERVICES = 'config/collections/services.json';
const PUBLISHING = 'config/publishing.json';
const POSTER = 'public/media/hero-poster.jpg';
const README = 'README.md';

/** Which branch a fault of the network plays on: the published one, or a review branch a publish makes. */
type Where = 'main' | 'review';

/** One store as the contract drives it, and how the world around it plays on it. */
interface StoreUnderTest {
  /** The bare repository the site is kept in, and a teammate's clone that publishes with plain git. */
  readonly site: SharedSite;
  /** Publishing as the editor puts it together for one operation, how the author's drafts say the site publishes. */
  place(): Promise<PublishingPlace>;
  /** The author (or another tab of theirs) saves new data for a config file, as the editor writes it. */
  save(path: string, change: (data: Record<string, any>) => void): Promise<void>;
  /** The author saves a file's bytes, or removes it (undefined). */
  saveFile(path: string, bytes: Uint8Array | undefined): Promise<void>;
  /** A file as the author's drafts hold it now: their copy, or their drafts branch; undefined where there is none. */
  saved(path: string): Buffer | undefined;
  /** The address of the review of the `nth` branch sent for review; undefined where the host has none. */
  reviewLink(nth: number): string | undefined;
  /** The host takes changes to main only through review, until the function returned lifts the rule. */
  protectsMain(): () => void;
  /** The author's drafts, holding nothing of their own, take in the published branch by hand, as a developer would. */
  takeInByHand(): void;
  /** The next commit on `where` is done and its answer lost on the way back. */
  loseNextAnswer(where: Where): void;
  /** The next commit on `where` never arrives: the connection drops before anything is done. */
  dropNext(where: Where): void;
  /** The next commit on `where` is never answered, and never done: the editor gives up waiting. */
  hangNext(where: Where): void;
  /** The next commit on `where` is done `ms` after the editor gave up waiting for it; only where a request travels. */
  readonly landLate?: (where: Where, ms: number) => void;
}

/** Git's bytes of a file at a revision of a repository; undefined where it has none. */
function shown(repository: string, revision: string, path: string): Buffer | undefined {
  try {
    return execFileSync('git', ['show', `${revision}:${path}`], {
      cwd: repository,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

const dataOf = (bytes: Uint8Array | undefined) => parseJson(bytes) as Record<string, any>;
const jsonBytes = (data: unknown) => new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`);

/** The one validator, run in this thread (npm run edit runs it in its checking thread). */
const validateFolder = async (dir: string) => ({ problems: validateConfig(siteFolders(dir)).problems });

/**
 * The faults the bare remote plays at npm run edit, each asked for by a file beside its hooks: main protected as a
 * host protects it, or the next push of a branch that matches dropped or left hanging, before its branch moves
 * (pre-receive) or after (post-receive, the push done and its answer never back).
 */
const FAULTY_HOOK = `#!/bin/sh
hooks=$(dirname "$0")
stage=$(basename "$0")
while read -r old new ref; do
  if [ "$stage" = pre-receive ] && [ "$ref" = refs/heads/main ] && [ -e "$hooks/protects-main" ]; then
    echo "GH006: Protected branch update failed for refs/heads/main." >&2
    exit 1
  fi
  fault="$hooks/next-$stage"
  if [ -e "$fault" ]; then
    read -r pattern action < "$fault"
    case "$ref" in
      $pattern)
        rm -f "$fault"
        if [ "$action" = drop ]; then kill -9 "$PPID"; exit 1; fi
        sleep 30 ;;
    esac
  fi
done
exit 0
`;

/** How long npm run edit waits on the remote in an operation it is to give up on (config/publishing.json's setting). */
const SHORT_WAIT_SECONDS = 1.5;

/** The author's working copy on the disk (npm run edit), its remote a bare repository. */
function onDisk(): () => StoreUnderTest {
  // Signed as the author, who told the editor their name once.
  const shared = sharedSitePerTest(SPEC_SITE_DIR, async ({ author }) =>
    setIdentity(await SiteRepository.open(author), 'Ama Mensah', 'ama@loommedia.example'),
  );
  return () => {
    const site = shared();
    let waitSeconds: number | undefined;
    const { author, remote } = site;
    const hooks = join(remote, 'hooks');
    const fault = (stage: 'pre-receive' | 'post-receive', where: Where, action: 'hang' | 'drop') => {
      for (const hook of ['pre-receive', 'post-receive'])
        writeFileSync(join(hooks, hook), FAULTY_HOOK, { mode: 0o755 });
      writeFileSync(
        join(hooks, `next-${stage}`),
        `${where === 'main' ? 'refs/heads/main' : 'refs/heads/site-editor/*'} ${action}\n`,
      );
      // The editor gives up on a push that hangs (the site's wait, made short), ending it with every program it started.
      if (action === 'hang') waitSeconds = SHORT_WAIT_SECONDS;
    };
    return {
      site,
      place: async () => {
        const repo = await SiteRepository.open(author);
        const settings = readPublishSettings(author);
        // The operation the fault plays on gives up soon; those after it wait as the site says.
        const wait = waitSeconds;
        waitSeconds = undefined;
        return publishingOnDisk(repo, wait ? { ...settings, waitSeconds: wait } : settings, {
          siteFiles: new LockQueue(),
          validateFolder,
        });
      },
      save: async (path, change) => {
        const data = dataOf(readFileSync(join(author, path)));
        change(data);
        writeFileSync(join(author, path), jsonBytes(data));
      },
      saveFile: async (path, bytes) => {
        if (bytes === undefined) return rmSync(join(author, path));
        mkdirSync(dirname(join(author, path)), { recursive: true });
        writeFileSync(join(author, path), bytes);
      },
      saved: (path) => (existsSync(join(author, path)) ? readFileSync(join(author, path)) : undefined),
      // A bare repository on the disk has no page where a teammate reviews a branch.
      reviewLink: () => undefined,
      takeInByHand: () => void git(author, 'pull', '--quiet', '--ff-only'),
      protectsMain: () => {
        for (const hook of ['pre-receive', 'post-receive'])
          writeFileSync(join(hooks, hook), FAULTY_HOOK, { mode: 0o755 });
        writeFileSync(join(hooks, 'protects-main'), '');
        return () => rmSync(join(hooks, 'protects-main'));
      },
      loseNextAnswer: (where) => fault('post-receive', where, 'hang'),
      dropNext: (where) => fault('pre-receive', where, 'drop'),
      hangNext: (where) => fault('pre-receive', where, 'hang'),
    };
  };
}

/** The author's drafts branch on GitHub (the editor at /admin/), through the stand-in. */
function onGitHub(): () => StoreUnderTest & { readonly api: GitHubApi } {
  const github = githubSitePerTest();
  return () => {
    const { api, github: standIn, site } = github();
    // What the editor gives up waiting for: the requests of the place made before it gave up.
    let waiting = new AbortController();
    const fault = (kind: StandInFault['kind'], where: Where, ms?: number) => {
      const asked: StandInFault = {
        kind,
        // A review branch's name starts with the year it was made.
        body: where === 'main' ? '"branchName":"main"' : '"branchName":"site-editor/2',
        ...(ms === undefined ? {} : { ms }),
      };
      standIn.faults.push(asked);
      if (kind !== 'hang' && kind !== 'land-late') return;
      // The editor stops waiting once the request is on its way (the page's deadline, made short).
      const until = Date.now() + 20_000;
      const giveUp = setInterval(() => {
        if (standIn.faults.includes(asked) && Date.now() < until) return;
        clearInterval(giveUp);
        setTimeout(() => {
          waiting.abort();
          waiting = new AbortController();
        }, 100);
      }, 10);
    };
    const saved = (path: string) => shown(site.remote, DRAFTS, path);
    const commitToDrafts = async (path: string, bytes: Uint8Array | undefined) => {
      const head = (await api.head(DRAFTS))!;
      await api.commit({ branch: DRAFTS, expectedHead: head, headline: `Saved ${path}`, changes: [{ path, bytes }] });
    };
    return {
      site,
      api,
      place: async () =>
        publishingOnGitHub(api.until(waiting.signal), {
          main: 'main',
          drafts: DRAFTS,
          mode: publishSettingsOf(parseJson(saved(PUBLISHING))).mode,
          check: checkHere,
        }),
      save: async (path, change) => {
        const data = dataOf(saved(path));
        change(data);
        await commitToDrafts(path, jsonBytes(data));
      },
      saveFile: commitToDrafts,
      saved,
      reviewLink: (nth) => `${standIn.url}/loom/site/pull/${nth}`,
      takeInByHand: () => void git(site.remote, 'update-ref', `refs/heads/${DRAFTS}`, 'main'),
      protectsMain: () => {
        standIn.protectedBranches.add('main');
        return () => void standIn.protectedBranches.delete('main');
      },
      loseNextAnswer: (where) => fault('lose-answer', where),
      dropNext: (where) => fault('drop', where),
      hangNext: (where) => fault('hang', where),
      landLate: (where, ms) => fault('land-late', where, ms),
    };
  };
}

/** The teammate publishes a change to a config file's data. */
const teammateEdits = (
  site: SharedSite,
  path: string,
  change: (data: Record<string, any>) => void,
  who = 'Kofi Boateng',
  message = `${path} changed`,
) =>
  teammateCommits(site, who, message, (clone) => {
    const data = dataOf(readFileSync(join(clone, path)));
    change(data);
    writeFileSync(join(clone, path), jsonBytes(data));
  });

const revOf = (site: SharedSite, revision = 'main') => git(site.remote, 'rev-parse', revision);
const liveData = (site: SharedSite, path: string, revision = 'main') => dataOf(shown(site.remote, revision, path));
const commitCount = (site: SharedSite, revision = 'main') => Number(git(site.remote, 'rev-list', '--count', revision));
const changedIn = (site: SharedSite, revision = 'main') =>
  git(site.remote, 'diff', '--name-only', '--no-renames', `${revision}~1`, revision).split('\n').filter(Boolean).sort();
/** The review branches the site's repository holds. */
const reviewBranches = (site: SharedSite) =>
  git(site.remote, 'for-each-ref', '--format=%(refname:lstrip=2)', 'refs/heads/site-editor/')
    .split('\n')
    .filter((name) => name && !name.startsWith('site-editor/drafts/'));

/** The spec site's home heading, before anyone changed it. */
const FIRST_HEADING = dataOf(readFileSync(join(SPEC_SITE_DIR, HOME))).sections[0].heading as string;

/** What an author reads of a request that failed on the way: a sentence, never git's or the network's own text. */
const IN_WORDS = /^[A-Z][^\n]* [^\n]*\.$/;

/** What a refused action said: the Refused it threw. */
const refusalOf = (action: Promise<unknown>): Promise<Refused> =>
  action.then(
    (answer) => {
      throw new Error(`Not refused: ${JSON.stringify(answer)}`);
    },
    (refusal: unknown) => {
      if (refusal instanceof Refused) return refusal;
      throw refusal;
    },
  );

/** The drafts as they stand against the published branch's head, as the place has it now. */
async function draftsOf(place: PublishingPlace) {
  const published = (await place.repository.head(place.branch))!;
  return { published, state: await place.drafts.state(published) };
}

/** The Publish list of the drafts as they stand now, as the dialog shows it. */
const listOf = async (place: PublishingPlace) => publishListOf(place, (await draftsOf(place)).state);

/** The paths the Publish list shows now. */
const listedPaths = async (store: StoreUnderTest) =>
  (await listOf(await store.place())).changes.map((change) => change.path);

/** A publish of exactly the list shown, as the dialog sends it. */
async function publishShown(place: PublishingPlace, request: Partial<PublishRequest> = {}): Promise<PublishResult> {
  return publish(place, { listId: (await listOf(place)).listId, ...request });
}

/** The commit of a publish that went through, or a failed expectation. */
function commitOf(result: PublishResult | { status: string }): string {
  expect(result, JSON.stringify(result)).toMatchObject({ status: 'published' });
  return (result as { commit: string }).commit;
}

/** `object` with its method `name` replaced: the world acting just before the store is asked it. */
function withMethod<T extends object, K extends keyof T>(object: T, name: K, replace: (original: T[K]) => T[K]): T {
  return new Proxy(object, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      const bound = typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      return key === name ? replace(bound as T[K]) : bound;
    },
  });
}

/** The place, with `meanwhile` done before each of the first `times` commits it asks of the repository. */
function movedBeforeCommit(place: PublishingPlace, meanwhile: () => unknown, times: number) {
  let asked = 0;
  const repository = withMethod<Repository, 'commit'>(place.repository, 'commit', (commit) => async (request) => {
    asked += 1;
    if (asked <= times) await meanwhile();
    return commit(request);
  });
  return { place: { ...place, repository }, asked: () => asked };
}

/** The place, with `meanwhile` done before each of the first `times` times the drafts take in a commit. */
function movedBeforeTakeIn(place: PublishingPlace, meanwhile: () => Promise<void>, times: number) {
  let asked = 0;
  const drafts = withMethod<Drafts, 'takeIn'>(place.drafts, 'takeIn', (takeIn) => async (state, commit, kept) => {
    asked += 1;
    if (asked <= times) await meanwhile();
    return takeIn(state, commit, kept);
  });
  return { place: { ...place, drafts }, asked: () => asked };
}

describe.each([
  ['the working copy on the disk (npm run edit)', onDisk],
  ['the drafts branch on GitHub (the editor at /admin/)', onGitHub],
])('%s', (_, storeOf) => {
  const under = storeOf();

  describe('the repository port', () => {
    it("reads a branch's head as the place has it now, and none for a branch it does not have", async () => {
      const store = under();
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(revOf(store.site));
      const theirs = teammateEdits(store.site, ABOUT, (about) => (about.title = 'Now | {name}'));
      expect(await repository.head('main')).toBe(theirs);
      expect(await repository.head('no-such-branch')).toBeUndefined();
    });

    it("lists a commit's plain files by the id of their bytes, its links and submodules apart, and reads bytes; a file it lacks reads as none", async () => {
      const store = under();
      const { site } = store;
      const odd = teammateCommits(site, 'Kofi Boateng', 'A link and a submodule', (clone) => {
        symlinkSync('../site.json', join(clone, 'config/pages/linked.json'));
        mkdirSync(join(clone, 'config/vendor'));
        git(clone, 'update-index', '--add', '--cacheinfo', `160000,${revOf(site)},config/vendor`);
      });
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(odd);
      const files = await repository.files(odd);
      expect(files.get(HOME)).toBe(git(site.remote, 'rev-parse', `${odd}:${HOME}`));
      expect([files.has(README), files.has('config/pages/linked.json'), files.has('config/vendor')]).toEqual([
        true,
        false,
        false,
      ]);
      expect(await repository.oddFiles(odd)).toEqual(
        new Map([
          ['config/pages/linked.json', 'link'],
          ['config/vendor', 'submodule'],
        ]),
      );
      const read = await repository.read(odd, [HOME, 'config/pages/none.json', POSTER]);
      expect([...read.keys()]).toEqual([HOME, 'config/pages/none.json', POSTER]);
      expect(Buffer.from(read.get(HOME)!).equals(shown(site.remote, odd, HOME)!)).toBe(true);
      expect(Buffer.from(read.get(POSTER)!).equals(readFileSync(join(SPEC_SITE_DIR, POSTER)))).toBe(true);
      expect(read.get('config/pages/none.json')).toBeUndefined();
    });

    it('names the files two commits differ in, whichever way their histories went, and which holds which', async () => {
      const store = under();
      const { site } = store;
      const { repository } = await store.place();
      const first = (await repository.head('main'))!;
      const aside = await repository.commit({
        branch: 'site-editor/contract-aside',
        expectedHead: first,
        changes: new Map([[ABOUT, jsonBytes({ ...liveData(site, ABOUT), title: 'Aside | {name}' })]]),
        message: 'Aside',
        create: true,
      });
      const second = teammateCommits(site, 'Kofi Boateng', 'Home heading, and the readme', (clone) => {
        writeFileSync(join(clone, README), '# Newer\n');
        writeFileSync(join(clone, HOME), jsonBytes({ ...liveData(site, HOME), title: 'Newer' }));
      });
      expect(await repository.head('main')).toBe(second);
      const side = (aside as { commit: string }).commit;
      expect((await repository.changed(first, second)).sort()).toEqual([HOME, README].sort());
      expect((await repository.changed(second, first)).sort()).toEqual([HOME, README].sort());
      expect((await repository.changed(side, second)).sort()).toEqual([ABOUT, HOME, README].sort());
      expect(await repository.changed(second, second)).toEqual([]);
      expect(
        await Promise.all([
          repository.contains(second, first),
          repository.contains(second, second),
          repository.contains(first, second),
          repository.contains(second, side),
          repository.contains(second, 'f'.repeat(40)),
          repository.contains('f'.repeat(40), first),
        ]),
      ).toEqual([true, true, false, false, false, false]);
    });

    it("gives a branch's history newest first, with parents, author, date and whole message; by a path, only the commits that changed it", async () => {
      const store = under();
      const { site } = store;
      const about = teammateEdits(site, ABOUT, (data) => (data.title = 'About | {name}'), 'Esi Ofori', 'About title');
      const home = teammateEdits(
        site,
        HOME,
        (data) => (data.title = 'Home | Loom'),
        'Kofi Boateng',
        'Home title\n\nAs the client asked.',
      );
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(home);
      const [newest, next] = await repository.history('main', 10);
      expect(newest).toEqual({
        oid: home,
        parents: [about],
        message: 'Home title\n\nAs the client asked.',
        author: { name: 'Kofi Boateng', date: expect.any(String) },
      });
      expect(Date.parse(newest!.author.date) / 1000).toBe(Number(git(site.remote, 'log', '-1', '--format=%at', home)));
      expect(next).toMatchObject({ oid: about, author: { name: 'Esi Ofori' }, message: 'About title' });
      expect((await repository.history('main', 1)).map((commit) => commit.oid)).toEqual([home]);
      const aboutHistory = await repository.history('main', 10, ABOUT);
      expect(aboutHistory.map((commit) => commit.oid)).toEqual([
        about,
        git(site.remote, 'rev-list', '--max-parents=0', 'main'),
      ]);
      expect(aboutHistory.at(-1)!.parents).toEqual([]);
      // By a commit rather than a branch's name.
      expect((await repository.history(about, 1)).map((commit) => commit.oid)).toEqual([about]);
    });

    it('commits once, on the head it was made on, as the author; and says "moved", writing nothing, when the branch moved', async () => {
      const store = under();
      const { site } = store;
      const { repository } = await store.place();
      const head = (await repository.head('main'))!;
      const home = jsonBytes({ ...liveData(site, HOME), title: 'Committed' });
      const outcome = await repository.commit({
        branch: 'main',
        expectedHead: head,
        changes: new Map([
          [HOME, home],
          [POSTER, undefined],
        ]),
        message: 'Contract: one commit\n\nWith a body.',
      });
      expect(outcome).toEqual({ commit: revOf(site) });
      expect(revOf(site, 'main^')).toBe(head);
      expect(changedIn(site)).toEqual([HOME, POSTER]);
      expect(Buffer.from(home).equals(shown(site.remote, 'main', HOME)!)).toBe(true);
      expect(git(site.remote, 'log', '-1', '--format=%an|%B', 'main')).toBe(
        'Ama Mensah|Contract: one commit\n\nWith a body.',
      );
      const again = await repository.commit({
        branch: 'main',
        expectedHead: head,
        changes: new Map([[ABOUT, jsonBytes({ ...liveData(site, ABOUT), title: 'Late | {name}' })]]),
        message: 'Made on the old head',
      });
      expect(again).toBe('moved');
      expect(revOf(site)).toBe((outcome as { commit: string }).commit);
    });

    it('says "protected", writing nothing, where the host takes changes to a branch only through review; makes a branch beside it, lists it, and gives its review', async () => {
      const store = under();
      const { site } = store;
      store.protectsMain();
      const { repository } = await store.place();
      const head = (await repository.head('main'))!;
      const changes = new Map([[HOME, jsonBytes({ ...liveData(site, HOME), title: 'For review' })]]);
      expect(await repository.commit({ branch: 'main', expectedHead: head, changes, message: 'Straight in' })).toBe(
        'protected',
      );
      expect(revOf(site)).toBe(head);
      const branch = 'site-editor/contract-review';
      const made = await repository.commit({
        branch,
        expectedHead: head,
        changes,
        message: 'For review',
        create: true,
      });
      expect(made).toEqual({ commit: revOf(site, branch) });
      expect(revOf(site, `${branch}^`)).toBe(head);
      expect(await repository.branches('site-editor/contract')).toEqual(new Map([[branch, revOf(site, branch)]]));
      expect(await repository.branches('site-editor/none-such')).toEqual(new Map());
      const link = await repository.review(branch, 'main', 'For review', 'Please look.');
      expect(link).toBe(store.reviewLink(1));
      // Asked again, the same review: never a second one.
      expect(await repository.review(branch, 'main', 'For review', 'Please look.')).toBe(link);
    });
  });

  describe('Publish', () => {
    it('publishes exactly the list shown, in words, in one commit under the author’s name; the drafts then stand on it with nothing left', async () => {
      const store = under();
      const { site } = store;
      const before = revOf(site);
      await store.save(HOME, (home) => {
        home.sections[0].heading = 'Stories That Move Accra';
        home.sections[0].video.poster = '/media/new-poster.jpg';
      });
      await store.saveFile('public/media/new-poster.jpg', readFileSync(join(SPEC_SITE_DIR, POSTER)));
      await store.save(FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
      const place = await store.place();
      const list = await listOf(place);
      expect(list.changes.map(({ path, change, words }) => [path, change, words]).sort()).toEqual([
        [FAQS, 'changed', expect.stringMatching(/^FAQs: .*"How fast can you start\?"/)],
        [HOME, 'changed', `Home page: heading of "${FIRST_HEADING}" changed, poster of "${FIRST_HEADING}" changed`],
        ['public/media/new-poster.jpg', 'added', 'New picture: new-poster.jpg'],
      ]);
      expect(list.unusedMedia).toEqual([]);

      const result = await publish(place, { listId: list.listId, message: 'A headline for the new season' });
      expect(result).toEqual({
        status: 'published',
        commit: revOf(site),
        branch: 'main',
        message: 'A headline for the new season',
      });
      expect(revOf(site, 'main^')).toBe(before);
      expect(changedIn(site)).toEqual([FAQS, HOME, 'public/media/new-poster.jpg']);
      expect(git(site.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe('Ama Mensah|A headline for the new season');
      expect(liveData(site, HOME).sections[0].heading).toBe('Stories That Move Accra');
      const after = await store.place();
      const { published, state } = await draftsOf(after);
      // Nothing is left behind either: no scratch file, in the content or beside it.
      expect([published, state.base, state.changed, state.outside, state.ignored]).toEqual([
        revOf(site),
        revOf(site),
        [],
        [],
        [],
      ]);
      expect((await listOf(after)).changes).toEqual([]);
    });

    it('never publishes a save the author was not shown: one made while Publish reads the drafts is refused as a list that moved, or left saved', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Shown'));
      const place = await store.place();
      const list = await listOf(place);
      // Another tab saves again once Publish has read the drafts, before it reads their files.
      let savedElsewhere = false;
      const drafts: Drafts = {
        ...place.drafts,
        state: (published) => place.drafts.state(published),
        read: async (state, paths) => {
          if (!savedElsewhere) {
            savedElsewhere = true;
            await store.save(HOME, (home) => (home.sections[0].heading = 'Never shown'));
          }
          return place.drafts.read(state, paths);
        },
        takeIn: (state, commit, kept) => place.drafts.takeIn(state, commit, kept),
        folderStanding: place.drafts.folderStanding?.bind(place.drafts),
        runsSiteCode: place.drafts.runsSiteCode,
      };
      const result = await publish({ ...place, drafts }, { listId: list.listId }).catch((refusal: unknown) => refusal);
      // On the disk the files are read as they are now, so the later save refuses the list; on GitHub the drafts' head
      // that was shown is read, so the shown heading goes. Either way the heading never shown never goes live.
      if (result instanceof Refused) expect(result.message).toBe(refusalWords('listMoved'));
      else expect(liveData(site, HOME).sections[0].heading).toBe('Shown');
      expect(liveData(site, HOME).sections[0].heading).not.toBe('Never shown');
      expect(dataOf(store.saved(HOME)).sections[0].heading).toBe('Never shown');
    });

    it('answers a publish that went live as published, though the drafts could not take it in', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Live though'));
      const place = await store.place();
      const list = await listOf(place);
      const drafts: Drafts = {
        ...place.drafts,
        state: (published) => place.drafts.state(published),
        read: (state, paths) => place.drafts.read(state, paths),
        takeIn: async () => {
          throw new Error('The drafts could not be written just now.');
        },
        folderStanding: place.drafts.folderStanding?.bind(place.drafts),
        runsSiteCode: place.drafts.runsSiteCode,
      };
      expect(await publish({ ...place, drafts }, { listId: list.listId })).toMatchObject({
        status: 'published',
        commit: revOf(site),
      });
      expect(liveData(site, HOME).sections[0].heading).toBe('Live though');
    });

    it('leaves saved what the author leaves out, listed to publish later; with no message written, says what it publishes in the same words', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Published heading'));
      await store.save(ABOUT, (about) => (about.title = 'Not yet | {name}'));
      const result = await publishShown(await store.place(), { leaveOut: [ABOUT], message: '  ' });
      commitOf(result);
      const words = `Home page: heading of "${FIRST_HEADING}" changed`;
      expect([(result as { message: string }).message, git(site.remote, 'log', '-1', '--format=%B', 'main')]).toEqual([
        words,
        words,
      ]);
      expect(changedIn(site)).toEqual([HOME]);
      expect(liveData(site, ABOUT).title).not.toBe('Not yet | {name}');
      expect(dataOf(store.saved(ABOUT)).title).toBe('Not yet | {name}');
      expect(await listedPaths(store)).toEqual([ABOUT]);
    });

    it('refuses a site the checker refuses with its problems at their fields, and media by their bytes, writing nothing, and keeps every saved change', async () => {
      const store = under();
      const { site } = store;
      // Saved past the editor's own check, by another tool: an empty heading, and media that would run script as part
      // of the site (a drawing's script, plain and under a prefix of a Unicode name; a web page named as a picture).
      const drawing = (script: string) =>
        new TextEncoder().encode(
          `<svg xmlns="http://www.w3.org/2000/svg" xmlns:é="http://www.w3.org/2000/svg">${script}</svg>\n`,
        );
      await store.saveFile('public/media/badge.svg', drawing('<script>alert(1)</script>'));
      await store.saveFile('public/media/sneaky.svg', drawing('<é:script>alert(1)</é:script>'));
      await store.saveFile(
        'public/media/poster.png',
        new TextEncoder().encode('<html><script>alert(1)</script></html>\n'),
      );
      await store.save(SERVICES, (services) => {
        services.services[0].picture = '/media/badge.svg';
        services.services[1].picture = '/media/sneaky.svg';
      });
      await store.save(HOME, (home) => {
        home.sections[0].heading = '';
        home.sections[0].video.poster = '/media/poster.png';
      });
      const before = revOf(site);
      const result = await publishShown(await store.place());
      expect(
        result.status === 'invalid' &&
          result.problems.map((problem) => [problem.file, problem.field, problem.message.split(/, |\. /)[0]]),
      ).toEqual([
        [HOME, ['sections', 0, 'heading'], 'is empty'],
        [HOME, ['sections', 0, 'video', 'poster'], '"/media/poster.png" is not a picture'],
        ['public/media/badge.svg', undefined, 'This file is an SVG drawing that holds <script>'],
        ['public/media/poster.png', undefined, 'This file is not a PNG picture'],
        ['public/media/sneaky.svg', undefined, 'This file is an SVG drawing that holds <é:script>'],
      ]);
      expect(revOf(site)).toBe(before);
      expect(reviewBranches(site)).toEqual([]);
      expect(dataOf(store.saved(HOME)).sections[0].heading).toBe('');
    });

    it('refuses when there is nothing to publish, in words, writing nothing', async () => {
      const store = under();
      const before = revOf(store.site);
      expect((await refusalOf(publishShown(await store.place()))).message).toBe(refusalWords('nothingToPublish'));
      // A new picture nothing uses is no change to publish either.
      await store.saveFile('public/media/spare.jpg', readFileSync(join(SPEC_SITE_DIR, POSTER)));
      expect((await refusalOf(publishShown(await store.place()))).refusal).toBe('nothingToPublish');
      expect(revOf(store.site)).toBe(before);
    });

    it("brings teammates' changes in first, field by field, and publishes on top of them", async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
      const teammates = teammateEdits(site, HOME, (home) => (home.title = 'Home | Loom'));
      const place = await store.place();
      const shown = await listOf(place);
      commitOf(await publish(place, { listId: shown.listId }));
      expect(revOf(site, 'main^')).toBe(teammates);
      expect(changedIn(site)).toEqual([HOME]);
      expect([liveData(site, HOME).title, liveData(site, HOME).sections[0].heading]).toEqual([
        'Home | Loom',
        'Stories That Move Accra',
      ]);
    });

    it('answers a clash with both values, the value before and who changed it, writing nothing; then publishes the author’s choice', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      const teammates = teammateEdits(site, HOME, (home) => (home.sections[0].heading = 'Theirs'));
      const savedBefore = store.saved(HOME);
      const answer = await publishShown(await store.place());
      expect(answer).toEqual({
        status: 'conflicts',
        conflicts: [
          {
            id: `${HOME}#["sections",0,"heading"]`,
            file: HOME,
            fileName: 'Home page',
            field: 'sections 1 (video-hero).heading',
            mine: 'Mine',
            theirs: 'Theirs',
            before: FIRST_HEADING,
            by: 'Kofi Boateng',
          },
        ],
      });
      expect(revOf(site)).toBe(teammates);
      expect(store.saved(HOME)!.equals(savedBefore!)).toBe(true);
      const id = answer.status === 'conflicts' ? answer.conflicts[0]!.id : '';
      expect(await getLatest(await store.place(), { [id]: 'mine' })).toMatchObject({ status: 'updated' });
      // Mine stays a change, from their value now live.
      expect((await listOf(await store.place())).changes.map((change) => change.words)).toEqual([
        'Home page: heading of "Theirs" changed',
      ]);
      commitOf(await publishShown(await store.place()));
      expect(liveData(site, HOME).sections[0].heading).toBe('Mine');
      expect(revOf(site, 'main^')).toBe(teammates);
    });

    it('sends the changes for review when config/publishing.json says so: a branch of its own from main, with its review; main as it was', async () => {
      const store = under();
      const { site } = store;
      teammateCommits(site, 'Developer', 'Changes go for review', (clone) =>
        writeFileSync(
          join(clone, PUBLISHING),
          '{ "$schema": "../schemas/publishing.schema.json", "mode": "review" }\n',
        ),
      );
      expect(await getLatest(await store.place())).toMatchObject({ status: 'updated' });
      await store.save(HOME, (home) => (home.sections[0].heading = 'Please review'));
      const main = revOf(site);
      const place = await store.place();
      expect(place.mode).toBe('review');
      const result = await publishShown(place, { message: 'Home page: heading changed' });
      expect(result).toEqual({
        status: 'sent-for-review',
        commit: expect.any(String),
        branch: expect.stringMatching(
          /^site-editor\/\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-home-page-heading-changed-[0-9a-f]{8}$/,
        ),
        message: 'Home page: heading changed',
        ...(store.reviewLink(1) ? { link: store.reviewLink(1) } : {}),
      });
      const { branch, commit } = result as { branch: string; commit: string };
      expect(revOf(site)).toBe(main);
      expect([revOf(site, branch), revOf(site, `${branch}^`)]).toEqual([commit, main]);
      expect(changedIn(site, branch)).toEqual([HOME]);
      expect(liveData(site, HOME, branch).sections[0].heading).toBe('Please review');
      // Not live yet: it stays saved, to publish again once the review is done.
      expect(await listedPaths(store)).toEqual([HOME]);
      // Sent again at once with the same message: a branch of its own, beside the first.
      await store.save(HOME, (home) => (home.sections[0].heading = 'Please review again'));
      const again = await publishShown(await store.place(), { message: 'Home page: heading changed' });
      expect(again).toMatchObject({ status: 'sent-for-review', message: 'Home page: heading changed' });
      const { branch: second } = again as { branch: string };
      expect(reviewBranches(site).sort()).toEqual([branch, second].sort());
      expect(second).not.toBe(branch);
      expect(liveData(site, HOME, second).sections[0].heading).toBe('Please review again');
    });

    it('sends the changes for review where the host protects main, though the site publishes live', async () => {
      const store = under();
      const { site } = store;
      store.protectsMain();
      await store.save(HOME, (home) => (home.sections[0].heading = 'Through review'));
      const main = revOf(site);
      const place = await store.place();
      expect(place.mode).toBe('live');
      const result = await publishShown(place);
      expect(result).toMatchObject({
        status: 'sent-for-review',
        branch: expect.stringMatching(/^site-editor\/\d{4}-/),
        ...(store.reviewLink(1) ? { link: store.reviewLink(1) } : {}),
      });
      expect(revOf(site)).toBe(main);
      expect(reviewBranches(site)).toEqual([(result as { branch: string }).branch]);
      expect(liveData(site, HOME, (result as { branch: string }).branch).sections[0].heading).toBe('Through review');
    });

    it('offers a published picture for removal once no saved config names it, and removes it when chosen; new media nothing uses stays unpublished', async () => {
      const store = under();
      const { site } = store;
      const NEW = 'public/media/new-poster.jpg';
      await store.saveFile(NEW, readFileSync(join(SPEC_SITE_DIR, POSTER)));
      await store.save(HOME, (home) => (home.sections[0].video.poster = '/media/new-poster.jpg'));
      // The site's share image names it too.
      expect((await listOf(await store.place())).unusedMedia).toEqual([]);
      await store.save(SITE, (settings) => (settings.shareImage = '/media/new-poster.jpg'));
      await store.saveFile('public/media/spare.jpg', readFileSync(join(SPEC_SITE_DIR, POSTER)));
      const list = await listOf(await store.place());
      expect(list.unusedMedia).toEqual([POSTER]);
      expect(list.changes.find((change) => change.path === 'public/media/spare.jpg')).toEqual({
        path: 'public/media/spare.jpg',
        change: 'added',
        words: 'New picture: spare.jpg (nothing uses it yet, so it is not published)',
        unused: true,
      });
      commitOf(await publish(await store.place(), { listId: list.listId, removeMedia: [POSTER] }));
      expect(changedIn(site)).toEqual([HOME, SITE, NEW, POSTER].sort());
      expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toMatch(/Removed picture: hero-poster\.jpg/);
      expect(shown(site.remote, 'main', 'public/media/spare.jpg')).toBeUndefined();
      expect(store.saved(POSTER)).toBeUndefined();
      expect(store.saved('public/media/spare.jpg')).toBeDefined();
      expect(await listedPaths(store)).toEqual(['public/media/spare.jpg']);
    });
  });

  describe('Get latest', () => {
    it("brings in a teammate's change to another file and to another field of the same file, says what came in, and keeps the author's on top; says so when nothing new was published", async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      await store.save(FAQS, (faqs) => (faqs.faqs[0].question = 'Mine?'));
      teammateEdits(site, HOME, (home) => (home.title = 'Theirs | Loom'));
      const theirs = teammateEdits(site, ABOUT, (about) => (about.title = 'About the Team | {name}'));
      const place = await store.place();
      const before = await draftsOf(place);
      expect(await behindOf(place, before.state, before.published)).toBe(2);

      expect(await getLatest(place)).toEqual({
        status: 'updated',
        brought: ['About the Team page: title changed', 'Home page: title changed'],
      });
      expect([dataOf(store.saved(HOME)).title, dataOf(store.saved(HOME)).sections[0].heading]).toEqual([
        'Theirs | Loom',
        'Mine',
      ]);
      expect(dataOf(store.saved(ABOUT)).title).toBe('About the Team | {name}');
      expect(dataOf(store.saved(FAQS)).faqs[0].question).toBe('Mine?');
      // The drafts stand on what was published, and what is left to publish is the author's own.
      const after = await store.place();
      const { state } = await draftsOf(after);
      expect(state.base).toBe(theirs);
      expect(await behindOf(after, state, theirs)).toBe(0);
      expect((await listOf(after)).changes.map((change) => change.path).sort()).toEqual([FAQS, HOME]);
      const saved = store.saved(HOME);
      expect(await getLatest(after)).toEqual({ status: 'up-to-date' });
      expect(store.saved(HOME)!.equals(saved!)).toBe(true);
    });

    it('merges every file a teammate changed, however many, and a file they moved: none of theirs is taken back', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      // One commit of more files than GitHub lists in a comparison (300), the home page after them by name, and a page
      // moved.
      teammateCommits(site, 'Kofi Boateng', 'A large import', (clone) => {
        mkdirSync(join(clone, 'assets/import'), { recursive: true });
        for (let index = 0; index < 305; index += 1)
          writeFileSync(join(clone, `assets/import/${String(index).padStart(3, '0')}.txt`), `${index}\n`);
        const home = dataOf(readFileSync(join(clone, HOME)));
        home.title = 'Theirs | Loom';
        writeFileSync(join(clone, HOME), jsonBytes(home));
        git(clone, 'mv', ABOUT, 'config/pages/about-us.json');
      });
      const result = await getLatest(await store.place());
      expect(result).toMatchObject({ status: 'updated' });
      expect([dataOf(store.saved(HOME)).title, dataOf(store.saved(HOME)).sections[0].heading]).toEqual([
        'Theirs | Loom',
        'Mine',
      ]);
      expect(store.saved(ABOUT)).toBeUndefined();
      expect(store.saved('config/pages/about-us.json')).toBeDefined();
      // What is left to publish is the author's heading alone: nothing of the teammate's goes back.
      expect((await listOf(await store.place())).changes.map((change) => change.path)).toEqual([HOME]);
    });

    it('moves drafts with nothing saved up to what was published', async () => {
      const store = under();
      const theirs = teammateEdits(store.site, FAQS, (faqs) => (faqs.faqs[0].question = 'Theirs?'));
      expect(await getLatest(await store.place())).toEqual({
        status: 'updated',
        brought: ['FAQs: "What is your typical turnaround time?" renamed "Theirs?"'],
      });
      const place = await store.place();
      expect((await draftsOf(place)).state.base).toBe(theirs);
      expect(dataOf(store.saved(FAQS)).faqs[0].question).toBe('Theirs?');
    });

    it('writes nothing where both changed the same field, then takes the author’s choice: theirs leaves nothing to publish there', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      await store.save(ABOUT, (about) => (about.title = 'Kept | {name}'));
      teammateEdits(site, HOME, (home) => (home.sections[0].heading = 'Theirs'));
      const savedBefore = store.saved(HOME);
      const place = await store.place();
      const draftsBefore = (await draftsOf(place)).state.base;
      const asked = await getLatest(place);
      expect(asked).toMatchObject({
        status: 'conflicts',
        conflicts: [{ file: HOME, mine: 'Mine', theirs: 'Theirs', before: FIRST_HEADING, by: 'Kofi Boateng' }],
      });
      expect(store.saved(HOME)!.equals(savedBefore!)).toBe(true);
      expect((await draftsOf(place)).state.base).toBe(draftsBefore);
      const id = asked.status === 'conflicts' ? asked.conflicts[0]!.id : '';

      expect(await getLatest(await store.place(), { [id]: 'theirs' })).toEqual({
        status: 'updated',
        brought: [`Home page: heading of "${FIRST_HEADING}" changed`],
      });
      expect(dataOf(store.saved(HOME)).sections[0].heading).toBe('Theirs');
      expect(dataOf(store.saved(ABOUT)).title).toBe('Kept | {name}');
      expect(await listedPaths(store)).toEqual([ABOUT]);
    });

    it("refuses a teammate's link, submodule or odd name, naming the file and who committed it, and writes nothing", async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine, saved'));
      const savedBefore = store.saved(HOME);
      const { base } = (await draftsOf(await store.place())).state;
      const refusedNaming = async (words: RegExp) => {
        const refusal = await refusalOf(getLatest(await store.place()));
        expect([refusal.refusal, refusal.message]).toEqual(['notPlainIncoming', expect.stringMatching(words)]);
        expect(store.saved(HOME)!.equals(savedBefore!)).toBe(true);
        expect((await draftsOf(await store.place())).state.base).toBe(base);
      };
      teammateCommits(site, 'Kofi Boateng', 'A link', (clone) =>
        symlinkSync('../site.json', join(clone, 'config/pages/linked.json')),
      );
      await refusedNaming(
        /^"config\/pages\/linked\.json" is a link, not a file, and came in a commit by Kofi Boateng\. .*nothing was brought in and your saved changes are all still here/,
      );
      teammateCommits(site, 'Esi Ofori', 'A submodule instead', (clone) => {
        rmSync(join(clone, 'config/pages/linked.json'));
        mkdirSync(join(clone, 'config/vendor'));
        git(clone, 'update-index', '--add', '--cacheinfo', `160000,${revOf(site)},config/vendor`);
      });
      await refusedNaming(/^"config\/vendor" .*came in a commit by Esi Ofori\./);
      teammateCommits(site, 'Yaw Darko', 'An odd name instead', (clone) => {
        git(clone, 'rm', '--quiet', '--cached', 'config/vendor');
        writeFileSync(join(clone, 'public/media/poster\nnew.jpg'), 'x');
      });
      await refusedNaming(/^"public\/media\/poster\\nnew\.jpg" has a line break, .*came in a commit by Yaw Darko\./);
    });

    it("refuses a teammate's link in place of a file or of a site folder (config/, public/, public/media/), or a file in place of public/media/, in Get latest and Publish alike, naming it and who committed it; nothing written", async () => {
      const store = under();
      const { site } = store;
      await store.save(FAQS, (faqs) => (faqs.faqs[0].question = 'Mine, saved'));
      const saved = [FAQS, HOME, POSTER].map((path) => store.saved(path));
      const { base } = (await draftsOf(await store.place())).state;
      const first = revOf(site);
      // Each commit puts back what the one before replaced, and replaces the next.
      let replaced = '';
      const replaces = (path: string, by: 'a link' | 'a file', who: string, problem: string) => {
        const main = teammateCommits(site, who, `${by} where ${path} was`, (clone) => {
          if (replaced) {
            rmSync(join(clone, replaced), { recursive: true });
            git(clone, 'checkout', first, '--', replaced);
          }
          rmSync(join(clone, path), { recursive: true });
          if (by === 'a link') symlinkSync('../outside', join(clone, path));
          else writeFileSync(join(clone, path), 'a file');
        });
        replaced = path;
        return {
          main,
          words: new RegExp(
            `^${JSON.stringify(path).replace(/[/.]/g, '\\$&')} ${problem}, and came in a commit by ${who}\\. .*nothing was brought in and your saved changes are all still here`,
          ),
        };
      };
      for (const [path, by, who, problem] of [
        [HOME, 'a link', 'Kofi Boateng', 'is a link, not a file'],
        ['config', 'a link', 'Esi Ofori', 'is a link, not a folder'],
        ['public', 'a link', 'Yaw Darko', 'is a link, not a folder'],
        ['public/media', 'a link', 'Akosua Asante', 'is a link, not a folder'],
        ['public/media', 'a file', 'Kwame Owusu', 'is a file where the site needs a folder'],
      ] as const) {
        const { main, words } = replaces(path, by, who, problem);
        for (const action of [getLatest, publishShown]) {
          const refusal = await refusalOf(action(await store.place()));
          expect([refusal.refusal, refusal.message], `${by} at ${path}`).toEqual([
            'notPlainIncoming',
            expect.stringMatching(words),
          ]);
        }
        expect([revOf(site), reviewBranches(site)]).toEqual([main, []]);
        expect((await draftsOf(await store.place())).state.base).toBe(base);
        expect(
          [FAQS, HOME, POSTER].map((path, index) => store.saved(path)!.equals(saved[index]!)),
          `${by} at ${path}`,
        ).toEqual([true, true, true]);
      }
    });

    it('refuses a link a teammate points elsewhere, though the drafts took it in by hand: links come in never', async () => {
      const store = under();
      const { site } = store;
      teammateCommits(site, 'Kofi Boateng', 'A link', (clone) =>
        symlinkSync('../site.json', join(clone, 'config/pages/linked.json')),
      );
      store.takeInByHand();
      teammateCommits(site, 'Esi Ofori', 'The link elsewhere', (clone) => {
        rmSync(join(clone, 'config/pages/linked.json'));
        symlinkSync('../../README.md', join(clone, 'config/pages/linked.json'));
      });
      const { base } = (await draftsOf(await store.place())).state;
      const refusal = await refusalOf(getLatest(await store.place()));
      expect([refusal.refusal, refusal.message]).toEqual([
        'notPlainIncoming',
        expect.stringMatching(
          /^"config\/pages\/linked\.json" is a link, not a file, and came in a commit by Esi Ofori\./,
        ),
      ]);
      expect((await draftsOf(await store.place())).state.base).toBe(base);
    });

    it("says what came in, never the author's own change: one sent for review and taken in by a teammate is no news", async () => {
      const store = under();
      const { site } = store;
      const lift = store.protectsMain();
      await store.save(HOME, (home) => (home.sections[0].heading = 'Reviewed'));
      const sent = await publishShown(await store.place());
      const { branch } = sent as { branch: string };
      lift();
      // The teammate takes the review in, and publishes a change of their own.
      teammateCommits(site, 'Kofi Boateng', 'Review taken in, and the FAQs', (clone) => {
        git(clone, 'fetch', '--quiet', 'origin', branch);
        git(
          clone,
          '-c',
          'user.name=Kofi Boateng',
          '-c',
          'user.email=k@example.org',
          'merge',
          '--quiet',
          '--no-edit',
          'FETCH_HEAD',
        );
        const faqs = dataOf(readFileSync(join(clone, FAQS)));
        faqs.faqs[0].question = 'Theirs?';
        writeFileSync(join(clone, FAQS), jsonBytes(faqs));
      });
      expect(await getLatest(await store.place())).toEqual({
        status: 'updated',
        brought: ['FAQs: "What is your typical turnaround time?" renamed "Theirs?"'],
      });
      expect((await listOf(await store.place())).changes).toEqual([]);
    });

    it("says the site's code came in only where the editor runs it", async () => {
      const store = under();
      teammateCommits(store.site, 'Kofi Boateng', 'Readme', (clone) => writeFileSync(join(clone, README), '# Newer\n'));
      const place = await store.place();
      // npm run edit runs the site's code from the author's copy, and restarts to use what came in; /admin/ runs none.
      expect(await getLatest(place)).toEqual({
        status: 'updated',
        brought: [],
        ...(place.drafts.runsSiteCode ? { codeChanged: [README] } : {}),
      });
    });
  });

  describe('History', () => {
    it("lists the site's content changes newest first, with who, when, what in words and the other files a change touched; code alone is left out", async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
      const mine = commitOf(
        await publishShown(await store.place(), {
          message: 'A headline for the new season',
          attempt: { id: newOperationId() },
        }),
      );
      const theirs = teammateCommits(site, 'Kofi Boateng', 'Home title, and the readme', (clone) => {
        writeFileSync(
          join(clone, HOME),
          jsonBytes({ ...dataOf(readFileSync(join(clone, HOME))), title: 'Home | Loom' }),
        );
        writeFileSync(join(clone, README), '# Newer\n');
      });
      teammateCommits(site, 'Kofi Boateng', 'Code only', (clone) => writeFileSync(join(clone, README), '# Newest\n'));
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(revOf(site));
      const first = git(site.remote, 'rev-list', '--max-parents=0', 'main');
      // The site's first version holds its code too (the readme, public/ outside media): named apart.
      const firstOther = git(site.remote, 'ls-tree', '-r', '--name-only', first)
        .split('\n')
        .filter((path) => !inContent(path));
      expect(firstOther).toEqual(expect.arrayContaining([README, 'public/favicon.svg']));
      const history = await historyOf(repository, 'main');
      expect(
        history.map((entry) => [entry.commit, entry.author, entry.message, entry.undoable, entry.otherFiles]),
      ).toEqual([
        [theirs, 'Kofi Boateng', 'Home title, and the readme', true, [README]],
        [mine, 'Ama Mensah', 'A headline for the new season', true, []],
        [first, 'Developer', 'The site as it went live', false, firstOther],
      ]);
      expect(history[0]!.changes).toEqual([{ path: HOME, words: 'Home page: title changed' }]);
      expect(history[1]!.changes).toEqual([{ path: HOME, words: `Home page: heading of "${FIRST_HEADING}" changed` }]);
      expect(history[2]!.changes).toContainEqual({ path: HOME, words: 'New page: Home page' });
      expect(Date.parse(history[1]!.date)).toBeGreaterThan(Date.now() - 120_000);
      expect((await historyOf(repository, 'main', 2)).map((entry) => entry.commit)).toEqual([theirs, mine]);
    });

    it('follows the published line: a branch merged in is one change, its own commits not listed apart', async () => {
      const store = under();
      const { site } = store;
      const { teammate } = site;
      const as = (who: string) => ['-c', `user.name=${who}`, '-c', 'user.email=team@example.org'];
      git(teammate, 'checkout', '--quiet', '-b', 'about-title');
      writeFileSync(join(teammate, ABOUT), jsonBytes({ ...liveData(site, ABOUT), title: 'About | {name}' }));
      git(teammate, ...as('Esi Ofori'), 'commit', '--quiet', '-am', 'About title');
      const aside = git(teammate, 'rev-parse', 'HEAD');
      git(teammate, 'checkout', '--quiet', 'main');
      git(teammate, ...as('Kofi Boateng'), 'merge', '--quiet', '--no-ff', '-m', 'Reviewed: about title', 'about-title');
      git(teammate, 'push', '--quiet', 'origin', 'HEAD:main');
      const merge = git(teammate, 'rev-parse', 'HEAD');
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(merge);
      const first = git(site.remote, 'rev-list', '--max-parents=0', 'main');
      const history = await historyOf(repository, 'main');
      expect(history.map((entry) => [entry.commit, entry.author, entry.message])).toEqual([
        [merge, 'Kofi Boateng', 'Reviewed: about title'],
        [first, 'Developer', 'The site as it went live'],
      ]);
      expect(history[0]!.changes.map((change) => change.path)).toEqual([ABOUT]);
      // Who changed a file is who made the change, on the branch it was merged from.
      expect((await repository.history('main', 1, ABOUT)).map((commit) => commit.oid)).toEqual([aside]);
    });
  });

  describe('Undo', () => {
    it("undoes a change with a new checked commit, keeping a later change to another field and the code it touched; the drafts take it in under the author's saved changes", async () => {
      const store = under();
      const { site } = store;
      const mixed = teammateCommits(site, 'Developer', 'New heading and notes', (clone) => {
        const home = dataOf(readFileSync(join(clone, HOME)));
        home.sections[0].heading = 'With the new code';
        writeFileSync(join(clone, HOME), jsonBytes(home));
        writeFileSync(join(clone, README), '# The site, with notes\n');
      });
      teammateEdits(site, HOME, (home) => (home.title = 'Home | Loom'), 'Esi Ofori', 'Home page: title changed');
      await store.save(FAQS, (faqs) => (faqs.faqs[0].question = 'Saved, not published?'));
      const undone = await undoPublished(await store.place(), mixed);
      expect(undone).toEqual({
        status: 'published',
        commit: revOf(site),
        branch: 'main',
        message: 'Undo: New heading and notes',
        kept: 'Its changes to one other file (README.md) stay as they are.',
      });
      expect(git(site.remote, 'log', '-1', '--format=%an|%B', 'main')).toBe(
        `Ama Mensah|Undo: New heading and notes\n\nThis undoes what ${mixed} changed in config/ and public/media/. Its changes to one other file (README.md) stay as they are.`,
      );
      expect([liveData(site, HOME).sections[0].heading, liveData(site, HOME).title]).toEqual([
        FIRST_HEADING,
        'Home | Loom',
      ]);
      expect(shown(site.remote, 'main', README)!.toString()).toBe('# The site, with notes\n');
      // The drafts hold the site as it now is, with the author's saved change on top.
      expect(dataOf(store.saved(HOME)).sections[0].heading).toBe(FIRST_HEADING);
      expect(dataOf(store.saved(FAQS)).faqs[0].question).toBe('Saved, not published?');
      const place = await store.place();
      expect((await draftsOf(place)).state.base).toBe(revOf(site));
      expect((await listOf(place)).changes.map((change) => change.path)).toEqual([FAQS]);
    });

    it('undoes one file of a publish of many, and a removal: the page comes back, and who removed it is named until then', async () => {
      const store = under();
      const { site } = store;
      const PRESS = 'config/pages/press.json';
      teammateCommits(site, 'Kofi Boateng', 'A press page', (clone) =>
        writeFileSync(
          join(clone, PRESS),
          jsonBytes({ ...liveData(site, ABOUT), route: '/press', title: 'Press | {name}' }),
        ),
      );
      expect(await getLatest(await store.place())).toMatchObject({ status: 'updated' });
      const faqBefore = liveData(site, FAQS).faqs[0].question;
      await store.save(HOME, (home) => (home.sections[0].heading = 'A new heading'));
      await store.save(FAQS, (faqs) => (faqs.faqs[0].question = 'How fast can you start?'));
      await store.saveFile(PRESS, undefined);
      const spring = commitOf(await publishShown(await store.place(), { message: 'Spring clean' }));

      const faqs = await undoPublished(await store.place(), spring, [FAQS]);
      expect(faqs).toMatchObject({ status: 'published', message: expect.stringMatching(/^Undo: FAQs: /) });
      expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toContain(`in ${FAQS} (one part of “Spring clean”)`);
      expect([liveData(site, HOME).sections[0].heading, liveData(site, FAQS).faqs[0].question]).toEqual([
        'A new heading',
        faqBefore,
      ]);
      // Who removed it, for a draft of it the editor sets aside: the author, until the page is back.
      const { repository } = await store.place();
      expect(await whoRemovedAt(repository, revOf(site), PRESS)).toBe('Ama Mensah');
      expect(await undoPublished(await store.place(), spring, [PRESS])).toMatchObject({ status: 'published' });
      expect(liveData(site, PRESS).route).toBe('/press');
      expect(dataOf(store.saved(PRESS)).route).toBe('/press');
      expect(changedIn(site)).toEqual([PRESS]);
      expect(
        await Promise.all(
          [PRESS, 'config/pages/never.json'].map((path) => whoRemovedAt(repository, revOf(site), path)),
        ),
      ).toEqual([undefined, undefined]);
    });

    it('refuses, in the words of the catalogue, a change a later change touched the same field of, naming it and its author; nothing written', async () => {
      const store = under();
      const { site } = store;
      const first = teammateEdits(
        site,
        HOME,
        (home) => (home.sections[0].heading = 'Stories That Move Accra'),
        'Esi Ofori',
        'A headline for the new season',
      );
      const theirs = teammateEdits(
        site,
        HOME,
        (home) => (home.sections[0].heading = 'Stories That Move Kumasi'),
        'Kofi Boateng',
        'Home page: heading changed',
      );
      const refusal = await refusalOf(undoPublished(await store.place(), first));
      expect([refusal.refusal, refusal.message]).toEqual([
        'undoBlocked',
        refusalWords(
          'undoBlocked',
          'Home page: sections 1 (video-hero).heading, in “Home page: heading changed”, by Kofi Boateng',
          'one',
        ),
      ]);
      expect(revOf(site)).toBe(theirs);
    });

    it('answers with the checker’s problems when the site the undo leaves would be invalid, and writes nothing', async () => {
      const store = under();
      const { site } = store;
      const added = teammateCommits(site, 'Kofi Boateng', 'A page for the team', (clone) =>
        writeFileSync(
          join(clone, 'config/pages/team.json'),
          jsonBytes({ ...liveData(site, ABOUT), route: '/team', title: 'Our Team | {name}' }),
        ),
      );
      const linked = teammateEdits(site, SITE, (settings) =>
        settings.footer.links.push({ label: 'Team', href: '/team' }),
      );
      const result = await undoPublished(await store.place(), added);
      expect(result.status).toBe('invalid');
      expect(
        result.status === 'invalid' && result.problems.map((problem) => `${problem.file} ${problem.message}`).join(' '),
      ).toMatch(/config\/site\.json .*\/team/);
      expect(revOf(site)).toBe(linked);
    });

    it('refuses what is no change of the published site, a file the change did not touch, and the first version, writing nothing', async () => {
      const store = under();
      const { site } = store;
      const theirs = teammateEdits(site, FAQS, (faqs) => (faqs.faqs[0].question = 'Theirs?'));
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(theirs);
      const aside = await repository.commit({
        branch: 'site-editor/contract-aside',
        expectedHead: theirs,
        changes: new Map([[ABOUT, jsonBytes({ ...liveData(site, ABOUT), title: 'Aside | {name}' })]]),
        message: 'Aside',
        create: true,
      });
      const refused = async (commit: unknown, only?: unknown) =>
        (await refusalOf(undoPublished(await store.place(), commit, only))).message;
      expect(await refused('HEAD')).toBe(refusalWords('notInHistory'));
      expect(await refused(['a'.repeat(40)])).toBe(refusalWords('notInHistory'));
      expect(await refused('f'.repeat(40))).toBe(refusalWords('notPublished'));
      expect(await refused((aside as { commit: string }).commit)).toBe(refusalWords('notPublished'));
      expect(await refused(theirs, [HOME])).toBe(refusalWords('notInChange'));
      expect(await refused(theirs, [])).toBe(refusalWords('notInChange'));
      expect(await refused(git(site.remote, 'rev-list', '--max-parents=0', 'main'))).toBe(refusalWords('firstVersion'));
      expect(revOf(site)).toBe(theirs);
    });
  });

  describe('faults', () => {
    it('a publish whose answer was lost landed once: found by its attempt, and the retry answers with it, publishing nothing twice', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Sent once'));
      const attempt: Attempt = { id: newOperationId() };
      const before = commitCount(site);
      store.loseNextAnswer('main');
      await expect(publishShown(await store.place(), { message: 'Sent once', attempt })).rejects.toThrow(IN_WORDS);
      // It landed, though no answer said so.
      expect([commitCount(site), liveData(site, HOME).sections[0].heading]).toEqual([before + 1, 'Sent once']);
      const landed = revOf(site);
      const found = { status: 'published', commit: landed, branch: 'main', message: 'Sent once' };
      expect(await landedPublish(await store.place(), attempt)).toEqual(found);
      // Once found, the drafts hold it: nothing is left to publish, so a teammate's later change to the same field is
      // no clash.
      const place = await store.place();
      const { state } = await draftsOf(place);
      // Nor is it news from a teammate: the drafts are not behind, and Get latest finds nothing to bring in.
      expect([state.base, await behindOf(place, state, landed)]).toEqual([landed, 0]);
      expect((await listOf(place)).changes).toEqual([]);
      expect(await getLatest(await store.place())).toEqual({ status: 'up-to-date' });
      expect(await publishShown(await store.place(), { message: 'Sent once', attempt })).toEqual(found);
      expect([commitCount(site), revOf(site)]).toEqual([before + 1, landed]);
      // History shows the author's message without its id.
      expect((await historyOf(place.repository, 'main', 1))[0]!.message).toBe('Sent once');
    });

    it("a publish whose answer was lost is found behind a teammate's merge and pages of commits, and not sent again", async () => {
      const store = under();
      const { site } = store;
      const heading = liveData(site, HOME).sections[0].heading;
      const before = revOf(site);
      await store.save(HOME, (home) => (home.sections[0].heading = 'Sent once'));
      const attempt: Attempt = { id: newOperationId() };
      store.loseNextAnswer('main');
      await expect(publishShown(await store.place(), { message: 'Sent once', attempt })).rejects.toThrow(IN_WORDS);
      const landed = revOf(site);
      // A teammate with 121 commits of their own from the hour before merges (git pull): the author's is on the merge's
      // second side, after theirs in time. They put the heading back, and 150 commits follow.
      const as = ['-c', 'user.name=Kofi Boateng', '-c', 'user.email=kofi@example.org'];
      editJsonFile(site.teammate, ABOUT, (about) => (about.title = 'About | {name}'));
      git(site.teammate, ...as, 'commit', '--quiet', '-am', 'About title');
      commitsInARow(site.teammate, 'Kofi Boateng', 120, Math.floor(Date.now() / 1000) - 3600);
      git(site.teammate, ...as, 'pull', '--quiet', '--no-rebase', '--no-edit');
      editJsonFile(site.teammate, HOME, (home) => (home.sections[0].heading = heading));
      commitAndPush(site.teammate, 'Kofi Boateng', 'Home heading as it was');
      const head = commitsInARow(site.remote, 'Kofi Boateng', 150);

      // What reached main since: every commit of both sides (more than GitHub lists on a page, or without pages), the
      // newest first.
      const { repository } = await store.place();
      expect(await repository.head('main')).toBe(head);
      const reached = await repository.commitsSince(head, before, 1_000);
      expect(reached.length).toBe(Number(git(site.remote, 'rev-list', '--count', head, `^${before}`)));
      expect(reached.map((commit) => commit.oid)).toContain(landed);
      expect((await repository.commitsSince(head, before, 3)).map((commit) => commit.oid)).toEqual(
        git(site.remote, 'rev-list', '--max-count=3', head).split('\n'),
      );

      // Sent again, the heading would go live a second time over the teammate's.
      const found = { status: 'published', commit: landed, branch: 'main', message: 'Sent once' };
      expect(await publishShown(await store.place(), { message: 'Sent once', attempt })).toEqual(found);
      expect(git(site.remote, 'log', '--format=%H', `--grep=${attempt.id}`, 'main')).toBe(landed);
      expect(liveData(site, HOME).sections[0].heading).toBe(heading);
    });

    it('a publish for review whose answer was lost is found on the branch it made, with its review; no second branch', async () => {
      const store = under();
      const { site } = store;
      store.protectsMain();
      await store.save(HOME, (home) => (home.sections[0].heading = 'Reviewed once'));
      const attempt: Attempt = { id: newOperationId() };
      store.loseNextAnswer('review');
      await expect(publishShown(await store.place(), { message: 'Reviewed once', attempt })).rejects.toThrow(IN_WORDS);
      const [branch, ...more] = reviewBranches(site);
      expect(more).toEqual([]);
      const found = {
        status: 'sent-for-review',
        commit: revOf(site, branch),
        branch,
        message: 'Reviewed once',
        ...(store.reviewLink(1) ? { link: store.reviewLink(1) } : {}),
      };
      expect(await landedPublish(await store.place(), attempt)).toEqual(found);
      expect(await publishShown(await store.place(), { message: 'Reviewed once', attempt })).toEqual(found);
      expect(reviewBranches(site)).toEqual([branch]);
    });

    it('a publish that never arrived, or was never answered, did nothing: nothing is found, and the retry publishes once', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Sent at last'));
      const before = revOf(site);
      const first: Attempt = { id: newOperationId() };
      store.dropNext('main');
      await expect(publishShown(await store.place(), { attempt: first })).rejects.toThrow(IN_WORDS);
      expect(revOf(site)).toBe(before);
      const second: Attempt = { id: newOperationId(), earlier: [first.id] };
      store.hangNext('main');
      await expect(publishShown(await store.place(), { attempt: second })).rejects.toThrow(IN_WORDS);
      expect(revOf(site)).toBe(before);
      expect(await landedPublish(await store.place(), second)).toBeUndefined();
      commitOf(await publishShown(await store.place(), { attempt: second }));
      expect([commitCount(site), revOf(site, 'main^')]).toEqual([commitCount(site, before) + 1, before]);
      expect(liveData(site, HOME).sections[0].heading).toBe('Sent at last');
      expect((await listOf(await store.place())).changes).toEqual([]);
    });

    it('an undo whose answer was lost is found by its attempt: answered as done, undone once', async () => {
      const store = under();
      const { site } = store;
      const theirs = teammateEdits(site, FAQS, (faqs) => (faqs.faqs[0].question = 'Theirs?'));
      const attempt: Attempt = { id: newOperationId() };
      store.loseNextAnswer('main');
      await expect(undoPublished(await store.place(), theirs, undefined, attempt)).rejects.toThrow(IN_WORDS);
      const undo = revOf(site);
      expect(revOf(site, 'main^')).toBe(theirs);
      expect(await undoPublished(await store.place(), theirs, undefined, attempt)).toMatchObject({
        status: 'published',
        commit: undo,
      });
      expect(revOf(site)).toBe(undo);
    });

    it("publishes on top of a teammate's publish made between reading and committing: tried again, theirs brought in first", async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      let theirs = '';
      const { place, asked } = movedBeforeCommit(
        await store.place(),
        () => (theirs = teammateEdits(site, ABOUT, (about) => (about.title = 'Meanwhile | {name}'))),
        1,
      );
      commitOf(await publishShown(place));
      expect(asked()).toBe(2);
      expect(revOf(site, 'main^')).toBe(theirs);
      expect([liveData(site, HOME).sections[0].heading, liveData(site, ABOUT).title]).toEqual([
        'Mine',
        'Meanwhile | {name}',
      ]);
    });

    it(`refuses in words after ${TRIES} tries on a branch that keeps moving, and keeps every saved change`, async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      let round = 0;
      const meanwhile = () => teammateEdits(site, FAQS, (faqs) => (faqs.faqs[0].question = `Meanwhile ${++round}?`));
      const publishing = movedBeforeCommit(await store.place(), meanwhile, Infinity);
      const refusal = await refusalOf(publishShown(publishing.place));
      expect([refusal.refusal, refusal.message]).toEqual(['publishedMeanwhile', refusalWords('publishedMeanwhile')]);
      expect(publishing.asked()).toBe(TRIES);
      expect(liveData(site, HOME).sections[0].heading).toBe(FIRST_HEADING);
      expect(dataOf(store.saved(HOME)).sections[0].heading).toBe('Mine');
    });

    it('Get latest tried again when the drafts moved meanwhile (a save from another tab): both saves kept; refused in words when they keep moving', async () => {
      const store = under();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
      teammateEdits(site, ABOUT, (about) => (about.title = 'Theirs | {name}'));
      let round = 0;
      const anotherTab = () => store.save(FAQS, (faqs) => (faqs.faqs[0].question = `Another tab ${++round}?`));
      const once = movedBeforeTakeIn(await store.place(), anotherTab, 1);
      expect(await getLatest(once.place)).toEqual({ status: 'updated', brought: ['Theirs page: title changed'] });
      expect(once.asked()).toBe(2);
      expect(dataOf(store.saved(HOME)).sections[0].heading).toBe('Mine');
      expect(dataOf(store.saved(FAQS)).faqs[0].question).toBe('Another tab 1?');
      expect(dataOf(store.saved(ABOUT)).title).toBe('Theirs | {name}');

      teammateEdits(site, ABOUT, (about) => (about.title = 'Theirs again | {name}'));
      const always = movedBeforeTakeIn(await store.place(), anotherTab, Infinity);
      const refusal = await refusalOf(getLatest(always.place));
      expect([refusal.refusal, always.asked()]).toEqual(['keptChanging', TRIES]);
      expect(dataOf(store.saved(FAQS)).faqs[0].question).toBe(`Another tab ${round}?`);
      expect(dataOf(store.saved(ABOUT)).title).toBe('Theirs | {name}');
    });

    it('a publish done after the editor gave up waiting is found once it lands, and the retry answers with it', async (context) => {
      const store = under();
      // npm run edit ends a push it gave up on with every program it started, the remote's side too: nothing lands later.
      if (!store.landLate) return context.skip();
      const { site } = store;
      await store.save(HOME, (home) => (home.sections[0].heading = 'Landed late'));
      const attempt: Attempt = { id: newOperationId() };
      const before = revOf(site);
      store.landLate('main', 300);
      await expect(publishShown(await store.place(), { attempt })).rejects.toThrow(IN_WORDS);
      await expect.poll(() => revOf(site), { timeout: 5000 }).not.toBe(before);
      const landed = revOf(site);
      expect(await publishShown(await store.place(), { attempt })).toMatchObject({
        status: 'published',
        commit: landed,
      });
      expect(revOf(site)).toBe(landed);
      expect(liveData(site, HOME).sections[0].heading).toBe('Landed late');
    });
  });
});

describe('npm run edit only: the author’s copy is a git working copy', () => {
  const under = onDisk();

  it('refuses to publish while files outside config/ and public/media/ are changed, naming them, writing nothing', async () => {
    // Only a working copy holds changes the editor did not make; /admin/'s drafts hold what was pushed there (below).
    const store = under();
    await store.save(HOME, (home) => (home.sections[0].heading = 'Changed'));
    writeFileSync(join(store.site.author, README), '# Changed by hand\n');
    writeFileSync(join(store.site.author, 'notes.txt'), 'a new file\n');
    const place = await store.place();
    expect((await draftsOf(place)).state.outside).toEqual([README, 'notes.txt']);
    const refusal = await refusalOf(publishShown(place));
    expect([refusal.refusal, refusal.details]).toEqual(['outsideChanged', { outside: [README, 'notes.txt'] }]);
    expect(commitCount(store.site)).toBe(1);
  });

  it('refuses a copy with commits the site does not have, and never mixes histories', async () => {
    // Only a working copy has commits of its own; /admin/'s drafts are always made from what was published.
    const store = under();
    const { author } = store.site;
    await store.save(ABOUT, (about) => (about.title = 'Local | {name}'));
    git(author, '-c', 'user.name=Dev', '-c', 'user.email=d@example.org', 'commit', '--quiet', '-am', 'Local only');
    teammateEdits(store.site, HOME, (home) => (home.sections[0].heading = 'By Kofi'));
    const refusal = await refusalOf(getLatest(await store.place()));
    expect(refusal.message).toBe(refusalWords('commitsOutside'));
    expect((await refusalOf(publishShown(await store.place()))).refusal).toBe('commitsOutside');
  });
});

describe('the editor at /admin/ only: the author’s drafts are a branch on GitHub', () => {
  const under = onGitHub();

  it('keeps files outside the content someone pushed to the drafts as theirs: never published, and no reason to stop; pushed after the list was shown, they move it', async () => {
    // A branch on GitHub takes pushes from anyone who may write; a working copy has no such teammate (above).
    const store = under();
    const { site } = store;
    await store.save(HOME, (home) => (home.sections[0].heading = 'Mine'));
    const listShown = await listOf(await store.place());
    const STRAY = 'public/media/stray.png';
    // A readme, a workflow and a schema beside the content, and a picture nothing names.
    pushedToDrafts(site, 'Mallory', {
      [README]: '# Pushed to the drafts\n',
      '.github/workflows/steal.yml': 'on: push\n',
      'schemas/page.schema.json': '{ "type": "object" }\n',
      [STRAY]: readFileSync(join(SPEC_SITE_DIR, POSTER)),
    });
    const before = revOf(site);
    expect((await refusalOf(publish(await store.place(), { listId: listShown.listId }))).refusal).toBe('listMoved');
    expect(revOf(site)).toBe(before);
    const place = await store.place();
    const { state } = await draftsOf(place);
    expect([state.changed, state.ignored, state.outside]).toEqual([
      [HOME, STRAY],
      ['.github/workflows/steal.yml', README, 'schemas/page.schema.json'],
      [],
    ]);
    expect((await listOf(place)).changes.find((change) => change.path === STRAY)).toMatchObject({ unused: true });
    commitOf(await publishShown(place));
    expect(changedIn(site)).toEqual([HOME]);
    expect(shown(site.remote, 'main', README)!.toString()).toBe('# The site\n');
    expect(shown(site.remote, DRAFTS, README)!.toString()).toBe('# Pushed to the drafts\n');
  });

  it('has nothing to publish, and is up to date, before the author saved anything: no drafts branch yet', async () => {
    // An author who never saved has no drafts branch; a working copy always is.
    const store = under();
    const nobody = publishingOnGitHub(store.api, {
      main: 'main',
      drafts: 'site-editor/drafts/nobody',
      mode: 'live',
      check: checkHere,
    });
    expect((await listOf(nobody)).changes).toEqual([]);
    expect((await refusalOf(publishShown(nobody))).refusal).toBe('nothingToPublish');
    teammateEdits(store.site, FAQS, (faqs) => (faqs.faqs[0].question = 'Theirs?'));
    expect(await getLatest(nobody)).toEqual({ status: 'up-to-date' });
  });
});
