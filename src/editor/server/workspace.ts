import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { kindOfConfigFile } from '../../checker/config-files.ts';
import { siteFolders } from '../../checker/project-folders.ts';
import { readConfigFolder } from '../../checker/read-config-files.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { heldMedia, mediaNamedByConfig, placeHeldMedia } from './held-media.ts';
import { textHolding } from '../model/json-edit.ts';
import { removedRecordAfter, REMOVED_RECORD } from '../model/retired-ids.ts';
import { locateProblems } from '../model/located-problems.ts';
import { configFileEntriesOf, isRemovable } from '../model/config-file-entries.ts';
import type { Change, FileEntry, OpenedFile, Problem, SaveResult } from '../protocol/files.ts';
import { readPlainFile, RefusedPath, removePlainFile, replaceFileContents, resolveWritable } from './safe-path.ts';

/** Every config file the site reads, grouped by what it is for, in a stable order. */
export function listConfigFiles(siteDir: string): FileEntry[] {
  return configFileEntriesOf(readConfigFolder(siteFolders(siteDir).config).files);
}

/** A hash of a file's text: what the editor opened, to tell whether the file changed on disk since. */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export function readConfigFile(siteDir: string, path: string): OpenedFile {
  const text = readPlainFile(resolveWritable(siteDir, path, 'config'), path).toString('utf8');
  return { path, text, version: versionOf(text) };
}

/** A change made ready: where the file is, what is on disk now, and its new text (null: the file is removed). */
interface PreparedChange {
  readonly change: Change;
  readonly file: string;
  readonly disk: string | undefined;
  readonly text: string | null;
}

/** Each changed file read once, with its new text edited in place so only what changed differs. */
function prepare(siteDir: string, changes: readonly Change[]): PreparedChange[] {
  return changes.map((change) => {
    const file = resolveWritable(siteDir, change.path, 'config');
    if (!change.path.endsWith('.json') || !kindOfConfigFile(change.path.slice('config/'.length)))
      throw new RefusedPath(`${change.path} is not a config file the site reads.`);
    const disk = existsSync(file) ? readPlainFile(file, change.path).toString('utf8') : undefined;
    if (change.removed) {
      if (!isRemovable(kindOfConfigFile(change.path.slice('config/'.length))!))
        throw new RefusedPath(`${change.path} is a file the site needs; it cannot be removed.`);
      return { change, file, disk, text: null };
    }
    return { change, file, disk, text: textHolding(disk, change.data) };
  });
}

/**
 * Checks the changes with the rest of the site as the one validator does, and writes them only when the whole
 * config is then valid and no file changed on disk since it was opened. Nothing is written otherwise.
 */
export function saveConfigFiles(siteDir: string, changes: readonly Change[]): SaveResult {
  const prepared = prepare(siteDir, changes);
  const conflicts = prepared.flatMap(({ change, disk, text }) => {
    const diskVersion = disk === undefined ? null : versionOf(disk);
    return diskVersion === change.baseVersion
      ? []
      : [{ path: change.path, text: disk ?? '', version: diskVersion ?? '', yours: text ?? '' }];
  });
  if (conflicts.length > 0) return { status: 'conflict', files: conflicts };

  const checked = checkPrepared(siteDir, prepared);
  const errors = checked.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0 || !checked.config) return { status: 'invalid', problems: errors };
  // An influencer the save removes gives up their id for good: it is recorded in the same save.
  const retiring = retiredBy(siteDir, prepared, checked.config);
  if (retiring) prepared.unshift(retiring);

  // The uploads the files use join public/media/ first, so a saved file never names a file that is not there.
  placeHeldMedia(
    siteDir,
    prepared.flatMap(({ text }) => (text === null ? [] : [text])),
  );
  const saved: OpenedFile[] = [];
  const removed: string[] = [];
  // Written in an order that a stop halfway never makes worse: the record of retired ids first, files removed last,
  // so an influencer is never gone while their id is still free to give out.
  for (const { change, file, text } of [
    ...prepared.filter(({ text }) => text !== null),
    ...prepared.filter(({ text }) => text === null),
  ]) {
    if (text === null) {
      removePlainFile(siteDir, file, 'config');
      removed.push(change.path);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    // Written beside, then renamed over: a file is never left half-written, and never written through a link.
    replaceFileContents(siteDir, file, text, 'config');
    saved.push({ path: change.path, text, version: versionOf(text) });
  }
  // A picture or video the change replaced, which no file names any more: the author is told, and Publish offers
  // to remove it.
  const stillNamed = mediaNamedByConfig(siteDir);
  const namedBefore = mediaNamedByConfig(
    siteDir,
    prepared.flatMap(({ disk }) => (disk === undefined ? [] : [disk])),
  );
  const noLongerUsed = [...namedBefore].filter(
    (src) => !stillNamed.has(src) && existsSync(join(siteDir, 'public', src)),
  );
  return { status: 'saved', files: saved, removed, noLongerUsed };
}

/**
 * The change to config/removed.json that records the influencers a save removes (their id is in a file the save
 * changes, and in no influencer after it), so their ids are never given out again; undefined when none is removed.
 */
function retiredBy(siteDir: string, prepared: PreparedChange[], config: SiteConfig): PreparedChange | undefined {
  const already = prepared.findIndex(({ change }) => change.path === REMOVED_RECORD);
  const record = already === -1 ? undefined : prepared[already];
  const file = resolveWritable(siteDir, REMOVED_RECORD, 'config');
  const disk = record?.disk ?? (existsSync(file) ? readPlainFile(file, REMOVED_RECORD).toString('utf8') : undefined);
  const next = removedRecordAfter(
    prepared.map(({ change, disk: before }) => ({ path: change.path, before })),
    config,
    { before: disk, changed: record?.text },
  );
  if (!next) return undefined;
  if (record) prepared.splice(already, 1);
  return {
    change: { path: REMOVED_RECORD, data: next.data, baseVersion: disk === undefined ? null : versionOf(disk) },
    file,
    disk,
    text: next.text,
  };
}

/** What the validator says of the site as it would be with the changes saved. */
export interface CheckedChanges {
  /** Every problem, at the line it would have then, with the path of its field, so the editor can show it there. */
  readonly problems: readonly Problem[];
  /** The site's config as the renderer would receive it, when none of the problems is an error. */
  readonly config?: SiteConfig;
}

/** Checks unsaved changes with the rest of the site, as the one validator does. */
export function checkChanges(siteDir: string, changes: readonly Change[]): CheckedChanges {
  return checkPrepared(siteDir, prepare(siteDir, changes));
}

function checkPrepared(siteDir: string, prepared: readonly PreparedChange[]): CheckedChanges {
  const texts = new Map(prepared.flatMap(({ change, text }) => (text === null ? [] : [[change.path, text]])));
  const unsaved = new Map(prepared.map(({ change, text }) => [change.path.slice('config/'.length), text]));
  const { problems, config } = validateConfig(siteFolders(siteDir), { unsaved, heldMedia: heldMedia(siteDir) });
  const located = locateProblems(problems, (file) => {
    try {
      return texts.get(file) ?? readPlainFile(resolveWritable(siteDir, file, 'config'), file).toString('utf8');
    } catch {
      return undefined;
    }
  });
  return { problems: located, config };
}
