// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAnswerLost } from '../protocol/editor-backend.ts';
import { refusalWords, REFUSALS, type RefusalName } from '../protocol/refusals.ts';
import * as api from './api.ts';
import { localBackend } from './local-backend.ts';

const HOME = 'config/pages/home.json';

/** npm run edit's server as the page meets it: every request answered with `status` and the JSON `body`. */
function serverAnswers(status: number, body: unknown): void {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

/** Every action of the page that asks the server, each by the route it takes. */
const ACTIONS: readonly [string, () => Promise<unknown>][] = [
  ['open a file', () => api.openFile(HOME)],
  ['list the files', () => api.listFiles()],
  ['check', () => api.checkChanges([])],
  ['save', () => api.saveChanges([], { id: 'op-1' })],
  ['make a new entry', () => api.createEntry({ what: 'influencer', name: 'Esi' }, [])],
  ['plan a Delete', () => api.planRemoval(HOME)],
  ['upload', () => api.uploadMedia(new File(['x'], 'x.jpg'), 'image')],
  ['rename an upload', () => api.renameHeldUpload('/media/x.jpg', 'y')],
  ['publish', () => api.publish({ leaveOut: [], removeMedia: [], message: 'A change' })],
  ['read the history', () => api.loadHistory()],
  ['undo', () => api.undoPublished('f'.repeat(40))],
];

/** A refusal of each status the catalogue answers with, but the editor's own failure (500). */
const REFUSED: readonly [RefusalName, ...string[]][] = [
  ['notAFilePath', 'a\\b.json'],
  ['requestStalled', '30'],
  ['placeGone', HOME],
  ['requestTooLarge'],
  ['stillChecking'],
  ['diskFull', 'nothing was saved', 'Your changes are still in the editor', 'save again'],
];

describe("npm run edit's answers, as the page takes them", () => {
  it.each(REFUSED)(
    'takes a refusal (%s) as the answer of every action, whatever its status',
    async (name, ...details) => {
      const refusal = { error: (REFUSALS[name].words as (...words: string[]) => string)(...details) };
      serverAnswers(REFUSALS[name].status, refusal);
      for (const [action, ask] of ACTIONS) expect(await ask(), action).toEqual(refusal);
    },
  );

  it('takes a refusal’s details with its words: the plan of a Delete whose file changed since', async () => {
    const refusal = { error: refusalWords('changedSinceDelete', 'About Us page'), plan: { path: HOME, places: [] } };
    serverAnswers(409, refusal);
    expect(
      await api.removeFile({ path: HOME, version: 'v1', name: 'Home page', places: [] }, { action: 'remove' }),
    ).toEqual(refusal);
  });

  it('throws the editor’s own failure in its words, a session it does not know, and an answer cut off on the way', async () => {
    const failed = refusalWords('unexpected', 'your changes were not saved', 'Your changes are still in the editor');
    serverAnswers(500, { error: failed });
    const failure = (await api.saveChanges([]).catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(api.ServerFailed);
    expect(isAnswerLost(failure)).toBe(false);
    expect(localBackend.failureWords(failure, 'Not saved')).toBe(`Not saved: ${failed}`);

    serverAnswers(401, { error: 'No session.' });
    await expect(api.saveChanges([])).rejects.toBeInstanceOf(api.NoSession);

    vi.stubGlobal('fetch', async () => new Response('{"status":"sa', { status: 200 }));
    expect(isAnswerLost(await api.saveChanges([]).catch((error: unknown) => error))).toBe(true);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(isAnswerLost(await api.saveChanges([]).catch((error: unknown) => error))).toBe(true);
  });
});
