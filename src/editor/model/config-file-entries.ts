/**
 * The config files as the editor lists them: the group each is under, its name from what it holds, and whether Delete
 * may remove it. Plain functions of a file's path and data, the same in the editor's page and its server.
 */
import { EDITOR_GROUPS, kindOfConfigFile, type ConfigFileKind } from '../../checker/config-files.ts';
import { humanize } from './labels.ts';
import { pageNameOf, pageNamingOf, type PageNaming } from './page-names.ts';
import type { FileEntry } from '../protocol/files.ts';

/** The groups in the order the editor lists them (CONFIG_FILE_KINDS). */
export const GROUP_ORDER = EDITOR_GROUPS;

/**
 * A readable name for a file from what it holds: a page by its name in the menu or its title (page-names.ts), an entry
 * by its kind's name field.
 */
function labelOf(path: string, kind: ConfigFileKind, data: unknown, naming?: PageNaming): string {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const name = path
    .split('/')
    .at(-1)!
    .replace(/\.json$/, '');
  if (kind.pattern === 'pages/*.json' && typeof record.route === 'string') return pageNameOf(record, naming);
  const named = kind.entryName === undefined || kind.list ? undefined : record[kind.entryName];
  if (typeof named === 'string') return named;
  return humanize(name);
}

/**
 * How the editor lists a config file (a path such as config/pages/home.json) holding `data`; undefined for no config
 * file. `naming` names pages as the menu and footer do, without the site's name (pageNamingOf).
 */
export function configFileEntry(path: string, data: unknown, naming?: PageNaming): FileEntry | undefined {
  const inConfig = path.replace(/^config\//, '');
  const kind = kindOfConfigFile(inConfig);
  if (!kind) return undefined;
  const route =
    kind.pattern === 'pages/*.json' && typeof data === 'object' && data !== null
      ? (data as { route?: unknown }).route
      : undefined;
  return {
    path: `config/${inConfig}`,
    group: kind.group,
    label: labelOf(inConfig, kind, data, naming),
    schema: kind.schema,
    ...(typeof route === 'string' ? { address: route } : {}),
    removable: isRemovable(kind),
  };
}

/**
 * Whether the editor's Delete may remove a file of this kind: not one the site needs, nor the record of what was
 * removed.
 */
export const isRemovable = (kind: ConfigFileKind) => !kind.required && kind.pattern !== 'removed.json';

/**
 * Every config file of a site as the editor lists it, grouped by what it is for, in a stable order: from each file's
 * path (under config/ or from the site's folder) and text, wherever they were read (the disk, a git host).
 */
export function configFileEntriesOf(files: readonly { path: string; text: string }[]): FileEntry[] {
  const parsed = files.map((file) => {
    try {
      return { path: file.path.replace(/^config\//, ''), data: JSON.parse(file.text) as unknown };
    } catch {
      return { path: file.path.replace(/^config\//, ''), data: undefined };
    }
  });
  const dataOf = (path: string) => parsed.find((file) => file.path === path)?.data;
  const naming = pageNamingOf(dataOf('navigation.json'), dataOf('site.json'));
  const entries: FileEntry[] = [];
  for (const { path, data } of parsed) {
    const entry = configFileEntry(path, data, naming);
    if (entry) entries.push(entry);
  }
  const rank = (entry: FileEntry) => GROUP_ORDER.indexOf(entry.group);
  return entries.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}
