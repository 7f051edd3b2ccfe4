/**
 * Deleting a config file: what Delete would remove and the places in other files that would then point to nothing,
 * as the checker finds them, and the changes that remove it with those places dealt with as the author chose. It
 * reads the site through `open` and is given the checker's answers, so the local editor (files on the disk) and the
 * browser's (a branch on GitHub) delete alike. No Node API.
 */
import { expectedSchemaPointer, kindOfConfigFile } from '../../checker/config-files.ts';
import { asList, asObject } from '../../checker/json-source.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { nameOfFile } from './change-words.ts';
import { isRemovable } from './config-file-entries.ts';
import type { Change, OpenedFile, PlacesChoice, Problem, RemovalAnswer, RemovalPlan } from '../protocol/files.ts';
import type { Attempt } from '../protocol/attempt.ts';
import { refuse } from '../protocol/refusals.ts';
import { saveChanges, textsAfter } from './save.ts';
import type { SiteState, SiteStore } from './site-store.ts';

/** A config file of the site by its path (config/…) with its text and version, or undefined when there is none. */
export type FileLookup = (path: string) => Pick<OpenedFile, 'text' | 'version'> | undefined;

const sameProblem = (a: Problem, b: Problem) => a.file === b.file && a.message === b.message && a.path === b.path;

/** The address a file gives the site: a page's route (not a pattern), an influencer's profile. */
function addressOf(path: string, data: Record<string, unknown>, config: SiteConfig | undefined): string | undefined {
  const inConfig = path.slice('config/'.length);
  if (inConfig.startsWith('pages/'))
    return typeof data.route === 'string' && data.route.startsWith('/') && !data.route.includes(':')
      ? data.route
      : undefined;
  if (kindOfConfigFile(inConfig)?.group !== 'Influencers' || typeof data.id !== 'number') return undefined;
  const profile = config?.pages.find(
    (page) => page.route.includes(':id') && page.sections.some((section) => section.type === 'influencer-profile'),
  );
  return profile?.route.replace(':id', String(data.id));
}

/** The file Delete would remove, refused in words when the site needs it: its text and version. */
function removableFile(open: FileLookup, path: string): Pick<OpenedFile, 'text' | 'version'> {
  const kind = kindOfConfigFile(path.replace(/^config\//, ''));
  const opened = kind && isRemovable(kind) ? open(path) : undefined;
  if (!opened) throw refuse('neededFile', path);
  return opened;
}

/** The change that removes a file, as the checker is asked about it. */
const removalOf = (path: string, opened: Pick<OpenedFile, 'text' | 'version'>): Change => ({
  path,
  data: null,
  baseVersion: opened.version,
  removed: true,
});

/**
 * What Delete would remove, and the places in other files that would then point to nothing: `before` is the checker's
 * word on the site as it is, `after` its problems with the file removed (removalOf).
 */
function removalPlanOf(
  open: FileLookup,
  path: string,
  before: { readonly problems: readonly Problem[]; readonly config?: SiteConfig },
  after: readonly Problem[],
): RemovalPlan {
  const kind = kindOfConfigFile(path.replace(/^config\//, ''))!;
  const opened = removableFile(open, path);
  let data: Record<string, unknown> = {};
  try {
    data = asObject(JSON.parse(opened.text)) ?? {};
  } catch {
    // A file that is not valid JSON points nowhere; it can be removed all the same.
  }
  const { config } = before;
  const places = after
    .filter(
      (problem) => problem.severity === 'error' && !before.problems.some((earlier) => sameProblem(earlier, problem)),
    )
    .map((problem) => {
      const file = problem.file;
      let fileData: unknown;
      try {
        fileData = JSON.parse(open(file)?.text ?? '');
      } catch {
        fileData = undefined;
      }
      return {
        file,
        fileName: nameOfFile(file, fileData),
        field: problem.path,
        at: problem.at,
        names: problem.names,
        message: problem.message,
      };
    });
  const address = addressOf(path, data, config);
  const isInfluencer = kind.group === 'Influencers' && typeof data.id === 'number';
  return {
    path,
    version: opened.version,
    name: nameOfFile(path, data),
    ...(address ? { address } : {}),
    ...(isInfluencer ? { retiredId: data.id as number } : {}),
    places,
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a link names the address: "/about", "/about/", "/about#team" all lead to /about. */
const leadsTo = (link: string, address: string) => link.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1') === address;

/**
 * The value at `at` in `data` with what names the removed file taken out or pointed elsewhere: a link to its address
 * (a whole field, or a link inside a text, which keeps its words), or its name (a form block's form). Removing takes
 * out what the field belongs to: the list entry that holds it (a menu link, a form block), else the group that holds
 * it (a block's button), else the field; the save's check then says if the block needed it.
 */
function withoutPlace(
  data: unknown,
  at: readonly (string | number)[],
  { address, name }: { readonly address?: string; readonly name: string },
  choice: PlacesChoice,
): unknown {
  const copy = structuredClone(data);
  const parents: unknown[] = [copy];
  for (const step of at.slice(0, -1))
    parents.push((parents.at(-1) as Record<string | number, unknown> | undefined)?.[step]);
  const holder = parents.at(-1) as Record<string | number, unknown> | undefined;
  const key = at.at(-1);
  const value = key === undefined || !holder ? undefined : holder[key];
  if (typeof value !== 'string' || key === undefined || !holder) return copy;
  const isName = value === name || (address !== undefined && leadsTo(value, address));
  if (isName) {
    if (choice.action === 'repoint') holder[key] = choice.to;
    else {
      const owner = at.at(-2);
      const ownerHolder = parents.at(-2) as Record<string | number, unknown> | unknown[] | undefined;
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else if (Array.isArray(ownerHolder) && typeof owner === 'number') ownerHolder.splice(owner, 1);
      else if (ownerHolder && owner !== undefined) delete (ownerHolder as Record<string | number, unknown>)[owner];
      else delete holder[key];
    }
    return copy;
  }
  if (address === undefined) return copy;
  // A link inside a text: [words](/address) keeps its words, as plain text or pointing elsewhere.
  const link = new RegExp(
    `\\[([^\\]]*)\\]\\(\\s*<?${escaped(address)}/?(?:[#?][^)\\s>]*)?>?(\\s+"[^"]*")?\\s*\\)`,
    'g',
  );
  holder[key] = value.replace(link, (_whole, words: string, title: string | undefined) =>
    choice.action === 'repoint' ? `[${words}](${choice.to}${title ?? ''})` : words,
  );
  return copy;
}

/**
 * The changes that delete `plan.path` and deal with every place that points to it as the author chose, to save
 * together: the save checks them with the whole site and writes all or nothing.
 */
export function removalChanges(
  open: FileLookup,
  plan: RemovalPlan,
  choice: PlacesChoice,
  showInstead?: string,
): Change[] {
  for (const to of [choice.action === 'repoint' ? choice.to : undefined, showInstead])
    if (to !== undefined && !/^\/\S*$/.test(to)) throw refuse('notAnAddress', to);
  // What places name it by: its address (links), or its file's name (a form block's form, a grid's list of points).
  const names = { address: plan.address, name: plan.path.replace(/^.*\//, '').replace(/\.json$/, '') };
  const edited = new Map<string, { data: unknown; version: string }>();
  // Removing entries from a list shifts the ones after them: the places of one file are dealt with from the last.
  const places = [...plan.places].sort((a, b) => compareAt(b.at, a.at));
  for (const place of places) {
    const current =
      edited.get(place.file) ??
      (() => {
        const opened = open(place.file);
        if (!opened) throw refuse('placeGone', place.file);
        return { data: JSON.parse(opened.text) as unknown, version: opened.version };
      })();
    edited.set(place.file, { data: withoutPlace(current.data, place.at, names, choice), version: current.version });
  }
  return [
    { path: plan.path, data: null, baseVersion: plan.version, removed: true },
    ...[...edited].map(([path, { data, version }]) => ({ path, data, baseVersion: version })),
    ...(plan.retiredId !== undefined && showInstead ? [leadingElsewhere(open, plan, plan.retiredId, showInstead)] : []),
  ];
}

/**
 * The record of a removed influencer whose old profile address leads to another page (config/removed.json), written
 * with the removal; the save records anyone else it removes beside it.
 */
function leadingElsewhere(open: FileLookup, plan: RemovalPlan, id: number, showInstead: string): Change {
  const path = 'config/removed.json';
  const opened = open(path);
  const data = asObject(opened ? (JSON.parse(opened.text) as unknown) : {}) ?? {};
  const others = asList(data.influencers).filter((entry) => entry.id !== id);
  return {
    path,
    data: {
      $schema: expectedSchemaPointer('removed.json', kindOfConfigFile('removed.json')!),
      ...data,
      influencers: [...others, { id, name: plan.name, showInstead }],
    },
    baseVersion: opened?.version ?? null,
  };
}

/** Orders two field paths as they come in a file: entries by their number, fields by name. */
function compareAt(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [x, y] = [a[index]!, b[index]!];
    if (x === y) continue;
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  }
  return a.length - b.length;
}

/** What Delete would remove from the site in `store`, and the places that would then point to nothing. */
export async function planRemoval<State extends SiteState>(
  store: SiteStore<State>,
  path: string,
): Promise<RemovalPlan> {
  const state = await store.state();
  const lookup: FileLookup = (file) => state.read(file);
  const removal = removalOf(path, removableFile(lookup, path));
  const [before, after] = await Promise.all([
    store.check(state, new Map(), []),
    store.check(state, textsAfter(state, [removal]), []),
  ]);
  return removalPlanOf(lookup, path, before, after.problems);
}

/**
 * Deletes the file as planned, with the places that point to it removed or pointed elsewhere, in one checked save;
 * never a version other than the one the author saw: when the file changed since, it is refused with the plan as it
 * is now.
 */
export async function removeAsPlanned<State extends SiteState>(
  store: SiteStore<State>,
  plan: RemovalPlan,
  places: PlacesChoice,
  showInstead?: string,
  attempt?: Attempt,
): Promise<RemovalAnswer> {
  const state = await store.state();
  if (state.read(plan.path)?.version !== plan.version)
    throw refuse('changedSinceDelete', plan.name).with({ plan: await planRemoval(store, plan.path) });
  return saveChanges(
    store,
    removalChanges((file) => state.read(file), plan, places, showInstead),
    attempt,
  );
}
