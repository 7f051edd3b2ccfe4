/**
 * The publishing part of the editor page's state, action by action, against the editor's own publisher on real git: a
 * bare repository as the place the site is kept, the author's copy, and a teammate's clone that publishes too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import {
  commitAndPush,
  editJsonFile as edit,
  git,
  sharedSitePerTest,
  type SharedSite,
} from '../../testing/git-sites.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { isRefusal, type PublishStatus } from '../protocol/publishing.ts';
import { LockQueue } from '../git/lock-queue.ts';
import { SitePublisher } from '../git/publishing.ts';
import { liveSiteBuild } from '../server/live-site.ts';
import { Refused } from '../protocol/refusals.ts';
import {
  afterAllInWords,
  canPublish,
  nextStepInWords,
  PublishingStore,
  suggestedMessage,
  type PublishingState,
} from './publishing-store.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { Timing } from './deadlines.ts';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';
const read = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;

const sharedSite = sharedSitePerTest(SPEC_SITE_DIR);
let site: SharedSite;

/** A refusal of the publisher in words, as the editor's server answers it (409 with the words and what it needs). */
async function answered<T>(action: () => Promise<T>) {
  try {
    return await action();
  } catch (error) {
    if (error instanceof Refused) return { error: error.message, ...error.details };
    throw error;
  }
}

/**
 * The publishing the editor's server does, called in this process without HTTP; `failing` makes publish fail as a lost
 * connection does.
 */
function publishingBackend(publisher: SitePublisher, failing = { publish: false }): EditorBackend {
  const answers: Partial<EditorBackend> = {
    publishStatus: () => publisher.status(),
    // A lost connection: no answer came, so the publish may or may not have happened.
    publish: (request) =>
      failing.publish
        ? Promise.reject(Object.assign(new Error('Failed to fetch.'), { answerLost: true }))
        : answered(() => publisher.publish(request)),
    findOperation: (_, attempt) => publisher.findPublished(attempt),
    failureWords: (failure, doing) => `${doing}: ${failure.message}`,
    local: {
      setIdentity: (name, email) => answered(async () => (await publisher.setIdentity(name, email), { saved: true })),
      restart: async () => undefined,
      isRestarting: () => false,
    },
    discardChange: (path) => answered(async () => (await publisher.discard(path), { discarded: path })),
    getLatest: (choices) => answered(() => publisher.getLatest(choices)),
    loadHistory: async () => ({ entries: [...(await publisher.history())] }),
    undoPublished: (commit, only) => answered(() => publisher.undo(commit, only)),
    // The live site has no build of the commit yet: its address answers 404, as a host does before its first deploy.
    siteBuild: (commit) =>
      liveSiteBuild(
        publisher.siteDir,
        commit,
        (ours, later) => publisher.holds(ours, later),
        async () => new Response('Not Found', { status: 404 }),
      ),
  };
  return answers as EditorBackend;
}

/**
 * The store, paced by `timing` (the page's own by default), with what it hands the editor's store recorded: the lines
 * it says, and each time files changed.
 */
function publishingOf(backend: EditorBackend, timing: Partial<Timing> = {}) {
  const said: string[] = [];
  let filesChanged = 0;
  const store = new PublishingStore(
    backend,
    { say: (line) => said.push(line), filesChanged: async () => void filesChanged++ },
    timing,
  );
  stores.push(store);
  // Every state the dialogs are given to draw, in turn.
  const drawn: PublishingState[] = [];
  store.subscribe(() => drawn.push(store.getState()));
  return { store, said, drawn, filesChanged: () => filesChanged };
}

let publisher: SitePublisher;
// A publish is watched on its way to the live site until the test ends.
const stores: PublishingStore[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.stopWatching()));
beforeEach(async () => {
  site = sharedSite();
  publisher = new SitePublisher(site.author, new LockQueue(), async (dir) => ({
    problems: validateConfig(siteFolders(dir)).problems,
  }));
});

describe('what the page says once a change went out', () => {
  const went = { commit: 'c'.repeat(40), message: 'A clearer first question' };
  const status = { branch: 'main', updateMinutes: 3 } as PublishStatus;

  it('says the site updates for one published, and the review’s address or branch for one sent for review', () => {
    expect(nextStepInWords({ status: 'published', branch: 'main', ...went }, status)).toBe(
      'Your changes are on their way: the site updates in about 3 minutes.',
    );
    const review = { status: 'sent-for-review', branch: 'site-editor/2025-05-01-faqs-a1b2', ...went } as const;
    expect(nextStepInWords({ ...review, link: 'https://github.com/loom/site/pull/3' }, status)).toBe(
      'Ask a colleague to review your changes at the link below. The site updates once they accept them.',
    );
    expect(nextStepInWords(review, status)).toBe(
      `Your changes are on the branch "${review.branch}". Ask a colleague to review and accept them; the site updates then.`,
    );
    // A lost answer found so says it first, whichever way the change went.
    for (const sent of [{ status: 'published', branch: 'main', ...went } as const, review])
      expect([afterAllInWords(sent), afterAllInWords({ ...sent, afterAll: 'found' })]).toEqual([
        '',
        'Published: it reached the site although the answer was lost on the way. ',
      ]);
  });
});

describe('the publishing state', () => {
  it("asks for the author's name once, then publishes the changes chosen with the suggested message, and says what comes next", async () => {
    const { store, said, drawn, filesChanged } = publishingOf(publishingBackend(publisher));
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Stories That Move Accra'));
    edit(site.author, ABOUT, (about) => (about.title = 'Not yet | {name}'));

    await store.openPublish();
    expect(store.getState().status?.identity).toBeNull();
    expect(canPublish(store.getState())).toBe(false);
    await store.saveIdentity('Ama Mensah', 'ama@loommedia.example');
    expect(store.getState().status?.identity).toEqual({ name: 'Ama Mensah', email: 'ama@loommedia.example' });

    const words = Object.fromEntries(store.getState().status!.changes.map((change) => [change.path, change.words]));
    store.leaveOut(ABOUT);
    expect(suggestedMessage(store.getState())).toBe(words[HOME]);
    expect(canPublish(store.getState())).toBe(true);
    await store.publish();

    // While it ran, the dialog said what it was doing, and Publish could not be pressed again.
    const during = drawn.find((state) => state.busy?.startsWith('Getting the latest changes, checking the site'));
    expect(during && canPublish(during)).toBe(false);
    expect(store.getState()).toMatchObject({ busy: undefined, outcome: { status: 'published' } });
    expect(git(site.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(`Ama Mensah|${words[HOME]}`);
    expect(said.at(-1)).toMatch(/^Your changes are on their way: the site updates in about/);
    expect(filesChanged()).toBe(1);
    // What was left out is still saved, still listed and still left out.
    expect(store.getState().status!.changes.map((change) => change.path)).toEqual([ABOUT]);
    expect([...store.getState().leftOut]).toEqual([ABOUT]);
  });

  it('watches a publish on its way to the live site; one sent for review only where the hosts’ previews are seen', async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const { store } = publishingOf(publishingBackend(publisher));
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Watched until live'));
    await store.openPublish();
    await store.publish();
    // The live site answers 404 (no build of it yet): building.
    expect(store.getState().live).toMatchObject({ phase: 'building', words: 'Building the site…' });

    // For review: npm run edit reads the live site alone, where a review never shows, so it does not watch.
    writeFileSync(
      join(site.author, 'config/publishing.json'),
      '{ "$schema": "../schemas/publishing.schema.json", "mode": "review" }\n',
    );
    for (const seesHostReports of [false, true]) {
      const { store: reviewing } = publishingOf({ ...publishingBackend(publisher), seesHostReports });
      // A change of its own each time: its review branch is named for it.
      if (seesHostReports) edit(site.author, ABOUT, (about) => (about.title = 'For review | {name}'));
      else edit(site.author, HOME, (home) => (home.sections[0].heading = 'For review'));
      await reviewing.openPublish();
      await reviewing.publish();
      expect(reviewing.getState().outcome).toMatchObject({
        status: 'sent-for-review',
        branch: expect.stringMatching(/^site-editor\//),
      });
      expect(reviewing.getState().live?.words).toBe(seesHostReports ? 'Waiting for a preview…' : undefined);
    }
  });

  it("publishes the author's own message, and forgets it once published", async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const { store } = publishingOf(publishingBackend(publisher));
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Heading for the launch'));
    await store.openPublish();
    store.write('The launch heading, as agreed with the client');
    await store.publish();
    expect(git(site.remote, 'log', '-1', '--format=%s', 'main')).toBe('The launch heading, as agreed with the client');
    expect(store.getState().message).toBeUndefined();
  });

  it('shows a refusal in words and publishes nothing: an invalid config, and a site it could not reach', async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const failing = { publish: false };
    const { store, filesChanged } = publishingOf(publishingBackend(publisher, failing));
    edit(site.author, HOME, (home) => (home.sections[0].type = 'video-heroo'));
    const before = git(site.remote, 'rev-parse', 'main');
    await store.openPublish();
    await store.publish();
    expect(store.getState().outcome).toMatchObject({ status: 'invalid', problems: [{ file: HOME }] });

    failing.publish = true;
    await store.publish();
    expect(store.getState().outcome).toEqual({
      error:
        'Failed to fetch. Nothing was published: your saved changes are all still here. Publish again to try once more.',
      unanswered: true,
    });
    expect(store.getState().busy).toBeUndefined();
    expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
    expect(read(site.author, HOME).sections[0].type).toBe('video-heroo');
    expect(filesChanged()).toBe(0);
  });

  it('asks which value to keep when a teammate changed the same field, then brings theirs in and keeps mine', async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const { store, said, filesChanged } = publishingOf(publishingBackend(publisher));
    edit(site.teammate, HOME, (home) => (home.sections[0].heading = "The teammate's heading"));
    edit(site.teammate, ABOUT, (about) => (about.description = "The teammate's description."));
    commitAndPush(site.teammate, 'Kofi Boateng', 'Home and About');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'My heading'));

    await store.openPublish();
    await store.getLatest({}, { thenRefresh: true });
    const { outcome } = store.getState();
    expect(outcome && !isRefusal(outcome) && outcome.status).toBe('conflicts');
    // Nothing changed yet, and Publish waits for the answers.
    expect(canPublish(store.getState())).toBe(false);
    expect(read(site.author, HOME).sections[0].heading).toBe('My heading');
    expect(filesChanged()).toBe(0);

    const conflicts = outcome && !isRefusal(outcome) && outcome.status === 'conflicts' ? outcome.conflicts : [];
    expect(conflicts.map((conflict) => [conflict.mine, conflict.theirs])).toEqual([
      ['My heading', "The teammate's heading"],
    ]);
    await store.getLatest({ [conflicts[0]!.id]: 'mine' }, { thenRefresh: true });
    expect(store.getState().outcome).toMatchObject({ status: 'updated' });
    expect(said.at(-1)).toBe('Brought in what your teammates published.');
    expect(filesChanged()).toBe(1);
    expect(read(site.author, HOME).sections[0].heading).toBe('My heading');
    expect(read(site.author, ABOUT).description).toBe("The teammate's description.");
    // The status was read again: mine is still to publish, and now it can go.
    expect(store.getState().status!.changes.map((change) => change.path)).toEqual([HOME]);
    expect(canPublish(store.getState())).toBe(true);
  });

  it('puts a saved change back as it is live, and says so', async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const { store, said, filesChanged } = publishingOf(publishingBackend(publisher));
    const live = readFileSync(join(site.author, HOME), 'utf8');
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'Second thoughts'));
    await store.openPublish();
    const [change] = store.getState().status!.changes;
    await store.discard(change!.path, change!.words);
    expect(said.at(-1)).toBe(`Undone: ${change!.words}.`);
    expect(filesChanged()).toBe(1);
    expect(readFileSync(join(site.author, HOME), 'utf8')).toBe(live);
    expect(store.getState().status!.changes).toEqual([]);
  });

  it('lists the history, undoes a published change with a new one, and lists that too', async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const { store, filesChanged } = publishingOf(publishingBackend(publisher));
    const heading = read(site.author, HOME).sections[0].heading;
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'A heading to take back'));
    await store.openPublish();
    await store.publish();

    await store.openHistory();
    const [latest] = store.getState().history!;
    expect(latest).toMatchObject({ author: 'Ama Mensah', undoable: true });
    expect(store.getState().status?.branch).toBe('main');
    await store.undo(latest!);
    expect(store.getState().outcome).toMatchObject({ status: 'published' });
    expect(filesChanged()).toBe(2);
    expect(JSON.parse(git(site.remote, 'show', `main:${HOME}`)).sections[0].heading).toBe(heading);
    expect(store.getState().history![0]!.message).toMatch(/^Undo/);
    expect(store.getState().history![1]!.commit).toBe(latest!.commit);
  });

  it('reads History again after an undo until it lists the undo, when GitHub first answers from before it', async () => {
    await publisher.setIdentity('Ama Mensah', 'ama@loommedia.example');
    const backend = publishingBackend(publisher);
    let before: Awaited<ReturnType<EditorBackend['loadHistory']>> | undefined;
    let reads = 0;
    const lagging: EditorBackend = {
      ...backend,
      // The first read after the undo answers as GitHub may for a moment: the history as it was before it.
      loadHistory: async () => {
        reads++;
        const now = await backend.loadHistory();
        if (before && reads === 2) return before;
        return now;
      },
    };
    // History is read again 10 ms after the lagging answer, not the page's 700: the same reads, sooner.
    const { store } = publishingOf(lagging, { historyRereadMs: 10 });
    edit(site.author, HOME, (home) => (home.sections[0].heading = 'A heading to take back'));
    await store.openPublish();
    await store.publish();
    await store.openHistory();
    const listed = [...store.getState().history!];
    before = { entries: listed };
    const [latest] = listed;
    await store.undo(latest!);
    expect(reads).toBe(3);
    expect(store.getState().history![0]!.message).toMatch(/^Undo/);
  });
});
