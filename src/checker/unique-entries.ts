/**
 * Values that must be one entry's alone: influencers' ids (never one a removed influencer had) and handles, services'
 * ids, the directory's platforms and niches. A value two entries share is reported on the one the author is changing.
 */
import type { CollectionEntry } from './config-files.ts';
import type { Report } from './config-problem.ts';
import { quote, shortened, visible } from './describe-value.ts';
import { asList, asObject, readablePath, type JsonSource } from './json-source.ts';

/** An entry as an author finds it: influencers 3 (Efua Asante) in a list file, or the file it is alone in. */
function nameOfEntry(entry: CollectionEntry, seenFrom: CollectionEntry): string {
  const name = asObject(entry.data)?.name;
  if (entry.at.length > 0) return readablePath(entry.source.data, entry.at);
  const where = entry.source === seenFrom.source ? 'this file' : entry.source.displayPath;
  return typeof name === 'string' ? `${where} (${visible(shortened(name, 40))})` : where;
}

/** Whether the author is changing an entry's file now (CrossFileContext.changed). */
type IsChanged = (entry: CollectionEntry) => boolean;

/**
 * Entries of a list collection whose field holds the same value: each later one is told which entry has it first,
 * unless the first is the one being changed and the later is not: then the changed one is told.
 */
function duplicatesOf(
  entries: readonly CollectionEntry[],
  field: string,
  report: (entry: CollectionEntry, first: CollectionEntry, value: unknown) => void,
  changed: IsChanged = () => false,
): void {
  const first = new Map<unknown, CollectionEntry>();
  for (const entry of entries) {
    const value = asObject(entry.data)?.[field];
    if (value === undefined) continue;
    const earlier = first.get(typeof value === 'string' ? value.toLowerCase() : value);
    if (earlier && changed(earlier) && !changed(entry)) report(earlier, entry, value);
    else if (earlier) report(entry, earlier, value);
    else first.set(typeof value === 'string' ? value.toLowerCase() : value, entry);
  }
}

/** The ids of removed influencers (config/removed.json), each with who had it. */
export function removedInfluencers(removed: JsonSource | undefined): Map<number, string> {
  const ids = new Map<number, string>();
  for (const entry of asList(asObject(removed?.data)?.influencers))
    if (typeof entry.id === 'number') ids.set(entry.id, typeof entry.name === 'string' ? entry.name : 'an influencer');
  return ids;
}

/**
 * Each influencer's id is theirs alone, and never one a removed influencer had: their old address, shared and
 * bookmarked, must show Influencer Not Found, never someone else.
 */
export function checkUniqueIds(
  entries: readonly CollectionEntry[],
  removed: ReadonlyMap<number, string>,
  report: Report,
  changed?: IsChanged,
): void {
  let largest = Math.max(0, ...removed.keys());
  for (const entry of entries) {
    const id = asObject(entry.data)?.id;
    if (typeof id === 'number' && id > largest) largest = id;
  }
  for (const entry of entries) {
    const id = asObject(entry.data)?.id;
    const had = typeof id === 'number' ? removed.get(id) : undefined;
    if (had === undefined) continue;
    report(
      entry.source,
      [...entry.at, 'id'],
      `${String(id)} was the id of ${visible(shortened(had, 40))}, who was removed (config/removed.json): links to their old profile must never show someone else. Use ${largest + 1}, which is free.`,
    );
  }
  duplicatesOf(
    entries,
    'id',
    (entry, first, id) => {
      report(
        entry.source,
        [...entry.at, 'id'],
        `${String(id)} is already the id of ${nameOfEntry(first, entry)}. Each influencer needs a different id, because it is the address of their profile; ${largest + 1} is free.`,
      );
    },
    changed,
  );
}

export function checkUniqueHandles(entries: readonly CollectionEntry[], report: Report, changed?: IsChanged): void {
  duplicatesOf(
    entries,
    'handle',
    (entry, first, handle) => {
      report(
        entry.source,
        [...entry.at, 'handle'],
        `${quote(handle)} is already the handle of ${nameOfEntry(first, entry)}. Two entries for one creator would show twice in the directory: remove one, or correct the handle.`,
      );
    },
    changed,
  );
}

export function checkUnique(
  source: JsonSource,
  listKey: string,
  field: string,
  noun: string,
  report: Report,
  fix = 'Remove one of them.',
): void {
  const seen = new Map<unknown, number>();
  asList(asObject(source.data)?.[listKey]).forEach((item, index) => {
    const value = item[field];
    if (value === undefined) return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else
      report(
        source,
        [listKey, index, field],
        `${quote(value)} is listed twice: ${readablePath(source.data, [listKey, first])} is the same ${noun}. ${fix}`,
      );
  });
}

export function checkLabelsCoverInfluencers(
  influencers: readonly CollectionEntry[],
  labels: JsonSource,
  report: Report,
): void {
  const named = (key: string) => new Set(asList(asObject(labels.data)?.[key]).map((item) => item.value));
  const platforms = named('platforms');
  const niches = named('niches');
  for (const entry of influencers) {
    const influencer = asObject(entry.data) ?? {};
    if (typeof influencer.platform === 'string' && !platforms.has(influencer.platform)) {
      report(
        entry.source,
        [...entry.at, 'platform'],
        `${quote(influencer.platform)} has no label in config/collections/platforms-and-niches.json. Add it to "platforms" there.`,
      );
    }
    if (typeof influencer.niche === 'string' && !niches.has(influencer.niche)) {
      report(
        entry.source,
        [...entry.at, 'niche'],
        `${quote(influencer.niche)} has no label in config/collections/platforms-and-niches.json. Add it to "niches" there.`,
      );
    }
  }
}
