import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_NESTING } from '../../checker/json-source.ts';
import { PreviewBuilder } from './preview.ts';
import { previewAddressesOf, shownDataOf } from '../model/preview-pages.ts';
import type { PreviewBuild } from '../protocol/files.ts';
import { isAnsweredRefusal, type AnsweredRefusal } from '../protocol/refusals.ts';
import { newEntryOn } from '../model/new-entries.ts';
import { planRemoval, removeAsPlanned } from '../model/removal.ts';
import { DiskStore } from '../git/disk-store.ts';
import type { Change, NewEntryRequest, PlacesChoice } from '../protocol/files.ts';
import { checkChanges, readConfigFile, saveConfigFiles } from './workspace.ts';
import { RefusedPath } from '../git/safe-path.ts';
import { failureRefusal, unfinishedOf, type Unfinished } from '../git/failure-words.ts';
import type { EditorRouteName } from '../protocol/routes.ts';

/** The work the editor hands its checking thread: on which site, and what the author sent, as the request's body. */
export interface WorkspaceJob {
  /**
   * check, save or start a new entry; plan-removal: what Delete would leave pointing at nothing; remove: Delete;
   * validate: the whole site in `siteDir` as it is on disk (what publishing would send).
   */
  readonly kind: 'check' | 'save' | 'new' | 'plan-removal' | 'remove' | 'validate';
  /** The site's folder, with config/ and public/. */
  readonly siteDir: string;
  readonly body: string;
  /** The route that asked for it, where its kind alone does not say (a check of the whole site), for its words. */
  readonly route?: EditorRouteName;
}

/** An API answer: its status and body, and for a check that left the config valid, the preview of it. */
export interface JobAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly preview?: PreviewBuild;
}

/** What the editor page sends to check, save or start a new entry: the unsaved changes, and what it shows. */
interface ChangesBody {
  readonly changes: Change[];
  /** The file shown beside the preview. */
  readonly showing?: string;
  /** The field the author is in, in the file shown, such as ["influencers", 3, "name"]. */
  readonly focus: (string | number)[];
  /** What a new entry is (for "new"). */
  readonly request?: NewEntryRequest;
  /** The file to delete, the version the author saw, and what to do with the places that point to it. */
  readonly removal?: {
    readonly path?: unknown;
    readonly version?: unknown;
    readonly places?: PlacesChoice;
    readonly showInstead?: unknown;
  };
}

/**
 * The answer for what went wrong, in words, the one place the editor's server turns a failure into a status: a refusal
 * that carries its own (protocol/refusals.ts), a request that is not what the editor sends (400), and anything else
 * in the catalogue's words for what was `unfinished` (git/failure-words.ts: a full disk, a refused write, or a fault whose
 * detail goes to the terminal).
 */
export function answerForError(error: unknown, unfinished: Unfinished): JobAnswer {
  if (isAnsweredRefusal(error)) return refusalAnswer(error);
  if (error instanceof BadRequest) return { status: 400, body: { error: error.message } };
  if (error instanceof SyntaxError) return { status: 400, body: { error: 'The request is not valid JSON.' } };
  return refusalAnswer(failureRefusal(error, unfinished));
}

/** A refusal as an API answer, the same on every route: its status, and its words with its details beside them. */
export const refusalAnswer = (refusal: AnsweredRefusal): JobAnswer => ({
  status: refusal.status,
  body: { error: refusal.message, ...refusal.details },
});

/** The API's route each job answers, for what it had not done when it failed. */
const ROUTE_OF_JOB: { readonly [kind in WorkspaceJob['kind']]: EditorRouteName } = {
  check: 'check',
  save: 'save',
  new: 'newEntry',
  'plan-removal': 'planRemoval',
  remove: 'remove',
  validate: 'publish',
};

/** What a job had not done when it failed, naming the files it saves or deletes where the request says. */
export function unfinishedJob(job: WorkspaceJob): Unfinished {
  let subject: string | undefined;
  try {
    const body = JSON.parse(job.body) as Partial<ChangesBody>;
    const paths = job.kind === 'remove' ? [body.removal?.path] : (body.changes ?? []).map((change) => change?.path);
    const named = paths.filter((path): path is string => typeof path === 'string');
    if (named.length > 0 && named.length <= 3) subject = named.join(', ');
  } catch {
    // Not what the page sends: said without names.
  }
  return unfinishedOf(job.route ?? ROUTE_OF_JOB[job.kind], subject);
}

class BadRequest extends Error {}

/**
 * The data of the file the preview shows, as the disk has it; undefined when it is not there (removed by another
 * program while it was open: the check still answers, as at /admin/). Anything else odd there is refused.
 */
function shownOnDisk(siteDir: string, path: string): unknown {
  try {
    return JSON.parse(readConfigFile(siteDir, path).text);
  } catch (error) {
    // Only a config file's own place, so the answer tells nothing about paths elsewhere on the computer.
    const inConfig = path.startsWith('config/') && !path.split('/').some((part) => part === '..' || part === '');
    if (error instanceof RefusedPath && inConfig && !existsSync(join(siteDir, path)) && !isLink(join(siteDir, path)))
      return undefined;
    throw error;
  }
}

const isLink = (file: string) => {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
};

/** How deeply a value nests lists and groups, counted without recursion, stopping once past `limit`. */
function nestingOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * The body as the editor page sends it, or BadRequest: a list of changes with paths, nested no deeper than config can
 * be.
 */
function parseChangesBody(text: string): ChangesBody {
  const body = JSON.parse(text) as Partial<ChangesBody> | null;
  if (typeof body !== 'object' || body === null) throw new BadRequest('The request is not a set of changes.');
  const changes = body.changes ?? [];
  if (!Array.isArray(changes)) throw new BadRequest('"changes" is not a list.');
  for (const change of changes) {
    if (typeof change !== 'object' || change === null || typeof change.path !== 'string')
      throw new BadRequest('Each change names the file it changes.');
    if (change.baseVersion !== null && typeof change.baseVersion !== 'string')
      throw new BadRequest(`The change to ${change.path} does not say which version it was made to.`);
    if (nestingOf(change.data, MAX_NESTING) > MAX_NESTING)
      throw new BadRequest(
        `The change to ${change.path} nests lists and groups more than ${MAX_NESTING} deep, which no config file can.`,
      );
  }
  const focus = Array.isArray(body.focus)
    ? body.focus.slice(0, 2).filter((step) => typeof step === 'string' || typeof step === 'number')
    : [];
  return {
    changes,
    showing: typeof body.showing === 'string' ? body.showing : undefined,
    focus,
    request: body.request,
    removal: body.removal,
  };
}

/** The file a Delete request names. */
function removalPath(body: ChangesBody): string {
  const path = body.removal?.path;
  if (typeof path !== 'string') throw new BadRequest('The request does not say which file to delete.');
  return path;
}

/**
 * Runs one job of the editor's API on its site: check unsaved changes (with the preview of the config
 * they make, and the pages that show the file on screen), save them, or start a new entry. Never throws.
 */
export async function runJob(
  job: WorkspaceJob,
  builder: PreviewBuilder,
  schemas: () => Promise<Record<string, unknown>>,
): Promise<JobAnswer> {
  const { siteDir } = job;
  try {
    const body = parseChangesBody(job.body);
    switch (job.kind) {
      case 'check': {
        const { problems, config } = checkChanges(siteDir, body.changes);
        if (!config) return { status: 200, body: { problems } };
        const preview = builder.build(config);
        const { showing } = body;
        const shown = showing ? shownDataOf(body.changes, showing, (path) => shownOnDisk(siteDir, path)) : undefined;
        const addresses = showing
          ? previewAddressesOf(showing, shown, config, preview.payload.pageData, body.focus)
          : [];
        return { status: 200, body: { problems, addresses }, preview };
      }
      case 'validate':
        return { status: 200, body: { problems: checkChanges(siteDir, []).problems } };
      case 'save': {
        const result = await saveConfigFiles(siteDir, body.changes);
        return { status: result.status === 'saved' ? 200 : result.status === 'conflict' ? 409 : 422, body: result };
      }
      case 'new': {
        // A new page, influencer or project as an unsaved change, with how the file list shows it. Nothing is written.
        if (typeof body.request !== 'object' || body.request === null)
          throw new BadRequest('The request does not say what to make.');
        const entry = await newEntryOn(
          new DiskStore(siteDir),
          body.request,
          body.changes,
          (await schemas()) as Parameters<typeof newEntryOn>[3],
        );
        return { status: 200, body: entry };
      }
      case 'plan-removal':
        return { status: 200, body: await planRemoval(new DiskStore(siteDir), removalPath(body)) };
      case 'remove': {
        // Removed with its places dealt with, in one checked save; never a version other than the one the author saw.
        const version = body.removal?.version;
        const places = body.removal?.places ?? { action: 'remove' };
        if (places.action !== 'remove' && places.action !== 'repoint')
          throw new BadRequest('The request does not say what to do with the places that point to it.');
        const showInstead = body.removal?.showInstead;
        if (showInstead !== undefined && typeof showInstead !== 'string')
          throw new BadRequest('The request does not say which page the old address shows.');
        const store = new DiskStore(siteDir);
        const plan = await planRemoval(store, removalPath(body));
        const result = await removeAsPlanned(
          store,
          { ...plan, version: String(version) },
          places,
          showInstead || undefined,
        );
        return {
          status: result.status === 'saved' ? 200 : result.status === 'invalid' ? 422 : 409,
          body: result,
        };
      }
    }
  } catch (error) {
    return answerForError(error, unfinishedJob(job));
  }
}
