import { expectedSchemaPointer, kindOfConfigFile, LIST_COLLECTIONS } from '../../checker/config-files.ts';
import { asList, asObject } from '../../checker/json-source.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { textHolding } from './json-edit.ts';

/** The record of influencers removed from the network, whose ids are never given out again. */
export const REMOVED_RECORD = 'config/removed.json';

/**
 * config/removed.json once a save records the influencers it removes (their id is in a file the save changes, as it
 * was, and in no influencer of the site after it), so their ids are never given out again; undefined when the save
 * removes none. `changed` is each changed file's path and text before the save; `record` is removed.json before the
 * save, and as the save itself changes it, if it does. Wherever the files are kept (the disk, a git host).
 */
export function removedRecordAfter(
  changed: readonly { path: string; before: string | undefined }[],
  config: SiteConfig,
  record: { before: string | undefined; changed?: string | null },
): { data: Record<string, unknown>; text: string } | undefined {
  const { file: listFile, folder } = LIST_COLLECTIONS.influencers;
  const stillThere = new Set(config.influencers.map((influencer) => influencer.id));
  const gone = new Map<number, string>();
  for (const { path: sitePath, before } of changed) {
    const path = sitePath.slice('config/'.length);
    if (before === undefined || (path !== listFile && !path.startsWith(folder))) continue;
    let data: unknown;
    try {
      data = JSON.parse(before);
    } catch {
      continue;
    }
    const entries = path === listFile ? asList(asObject(data)?.influencers) : [asObject(data) ?? {}];
    for (const entry of entries)
      if (typeof entry.id === 'number' && !stillThere.has(entry.id))
        gone.set(entry.id, typeof entry.name === 'string' && entry.name.trim() ? entry.name : `Influencer ${entry.id}`);
  }
  if (gone.size === 0) return undefined;
  let data: Record<string, unknown>;
  try {
    data = asObject(JSON.parse(record.changed ?? record.before ?? 'null')) ?? {};
  } catch {
    data = {};
  }
  const listed = asList(data.influencers);
  const added = [...gone]
    .filter(([id]) => !listed.some((entry) => entry.id === id))
    .map(([id, name]) => ({ id, name }));
  const next = {
    $schema: expectedSchemaPointer('removed.json', kindOfConfigFile('removed.json')!),
    ...data,
    influencers: [...listed, ...added],
  };
  return { data: next, text: textHolding(record.before, next) };
}
