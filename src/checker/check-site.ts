/**
 * The checker: every rule a site's config must meet, on its contents however they were read (site-contents.ts).
 */
import {
  collectionEntries,
  collectsPerFile,
  CONFIG_FILE_KINDS,
  expectedSchemaPointer,
  kindOfConfigFile,
  POINT_COLLECTIONS,
  type AcceptedConfigFile,
  type ListCollection,
  type ParsedConfigFile,
} from './config-files.ts';
import { problemAt, sortProblems, wholeFileProblem, type ConfigProblem } from './config-problem.ts';
import { crossFileProblems } from './cross-file-checks.ts';
import { siteFileProblems } from './site-files.ts';
import { siteLinks } from './site-links.ts';
import { describeSchemaErrors } from './describe-schema-error.ts';
import { describeSyntaxError, describeTooDeep } from './describe-syntax-error.ts';
import { didYouMean } from './did-you-mean.ts';
import { OPTION_SOURCES, optionsFromCollection } from './form-checks.ts';
import { asObject, parseJsonSource, pointerToPath, type JsonSource } from './json-source.ts';
import { fillPlaceholdersDeep, sitePlaceholderValues } from '../content/placeholders.ts';
import type { ConfigFolderContents, SiteContents } from './site-contents.ts';
import { displayPath } from './describe-value.ts';
import { mainHeadingSectionTypes, schemaValidatorFor, sectionTypesOf } from './schema-registry.ts';
import type { FormName, SiteConfig } from '../contract/site-config.ts';

/** How many problems are listed for one file; the rest are counted in one line. */
export const MAX_PROBLEMS_PER_FILE = 100;

export interface CheckOptions {
  /**
   * Texts of config files as an author is editing them, by path relative to config/ (forward slashes), judged in
   * place of what was read; a path not read is a new file, and null a file to be removed. The visual editor checks
   * unsaved changes, and what a removal would leave, this way.
   */
  readonly unsaved?: ReadonlyMap<string, string | null>;
}

/** The folder's contents with the unsaved texts in place of (or beside) the files on disk. */
function withUnsavedFiles(
  folder: ConfigFolderContents,
  unsaved: ReadonlyMap<string, string | null> | undefined,
): ConfigFolderContents {
  if (!unsaved || unsaved.size === 0) return folder;
  const files = folder.files.filter((file) => !unsaved.has(file.path));
  for (const [path, text] of unsaved)
    if (text !== null) files.push({ path, displayPath: displayPath(`config/${path}`), text });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const paths = [...new Set([...folder.paths, ...unsaved.keys()])].filter((path) => unsaved.get(path) !== null).sort();
  return { files, paths, problems: folder.problems.filter((problem) => !unsaved.has(problem.path)) };
}

/** What validating the config found: every problem at once, and the site's config when none of them is an error. */
export interface ConfigValidation {
  /** Errors and warnings, in reading order. */
  readonly problems: readonly ConfigProblem[];
  /** How many config files were found. */
  readonly fileCount: number;
  /** The validated config with site placeholders filled in; only when there are no errors (warnings are allowed). */
  readonly config?: SiteConfig;
}

/**
 * Checks a site's config, from its contents however they were read (site-contents.ts): parse every file under
 * config/, check it against its schema, then across files (links, ids, routes, files in public/, placeholders,
 * forms), and assemble the config the renderer receives. validateConfig (the CLI, the build, the dev server, the
 * editor's server and the tests) reads a site from disk and calls this; a browser calls it on files it holds. It never
 * throws on any content of config/ or public/, and it uses no Node API.
 */
export function checkSite(contents: SiteContents, options: CheckOptions = {}): ConfigValidation {
  if (!contents.config) {
    return {
      problems: [
        wholeFileProblem(
          'config/',
          `there is no config folder at ${contents.configFolder}. A site keeps its content in config/.`,
        ),
      ],
      fileCount: 0,
    };
  }
  const problems: ConfigProblem[] = [];

  // Read: every file under config/, as UTF-8 text.
  const folder = withUnsavedFiles(contents.config, options.unsaved);
  for (const problem of folder.problems)
    problems.push({
      file: problem.file,
      position: { line: problem.line, column: problem.column },
      path: '(whole file)',
      message: problem.message,
      severity: 'error',
    });
  const alreadyReported = new Set(folder.problems.map((problem) => problem.path));
  for (const path of folder.paths) {
    // A .json file the site does not read is content that would silently go missing; any other file is just unused.
    if (!kindOfConfigFile(path) && !alreadyReported.has(path))
      problems.push(
        wholeFileProblem(`config/${path}`, unusedFileMessage(path), path.endsWith('.json') ? 'error' : 'warning'),
      );
  }
  // A file in a folder that cannot be opened is not missing: the folder's problem says what to do.
  const unreadableFolders = folder.problems
    .map((problem) => problem.path)
    .filter((path) => path === '' || path.endsWith('/'));
  for (const kind of CONFIG_FILE_KINDS) {
    const inFolder = kind.orFolder ? folder.paths.filter((path) => path.startsWith(kind.orFolder!)) : [];
    if (
      kind.required &&
      !folder.paths.includes(kind.pattern) &&
      inFolder.length === 0 &&
      !unreadableFolders.some((dir) => kind.pattern.startsWith(dir))
    ) {
      const or = kind.orFolder ? ` (or a folder config/${kind.orFolder} with one file per entry)` : '';
      problems.push(
        wholeFileProblem(
          `config/${kind.pattern}`,
          `this file is missing${or}. The site needs it; its rules are in schemas/${kind.schema}.`,
        ),
      );
    }
    if (folder.paths.includes(kind.pattern) && inFolder.length > 0) {
      problems.push(
        wholeFileProblem(
          `config/${kind.pattern}`,
          `these entries are also in the folder config/${kind.orFolder} (${inFolder.length} ${inFolder.length === 1 ? 'file' : 'files'}). Keep one of the two: this file, or the folder.`,
        ),
      );
    }
  }

  // Parse: strict JSON, with what the text says that the data cannot (keys written twice, huge numbers and texts).
  const files = new Map<string, ParsedConfigFile>();
  const withSourceProblems = new Set<string>();
  for (const { path, displayPath, text } of folder.files) {
    const kind = kindOfConfigFile(path);
    if (!kind) continue;
    const parsed = parseJsonSource(displayPath, text);
    if ('syntaxError' in parsed) problems.push(describeSyntaxError(displayPath, text, parsed.syntaxError));
    else if ('tooDeep' in parsed) problems.push(describeTooDeep(displayPath, text, parsed.tooDeep.offset));
    else if (
      kind === POINT_COLLECTIONS &&
      asObject(parsed.source.data)?.$schema !== expectedSchemaPointer(path, kind)
    ) {
      // Only a file that says it is a collection of points is one; any other name is a misnamed file.
      problems.push(
        wholeFileProblem(
          displayPath,
          `${unusedFileMessage(path)} A collection of points for a point-grid section starts with "$schema": ${JSON.stringify(expectedSchemaPointer(path, kind))}.`,
        ),
      );
    } else {
      files.set(path, { source: parsed.source, kind });
      if (parsed.problems.length > 0) withSourceProblems.add(path);
      for (const problem of parsed.problems)
        problems.push(problemAt(parsed.source, problem.path, problem.message, { offset: problem.offset }));
    }
  }

  // Schema: each file against the schema of its kind; links and files are checked against the rest of the site.
  const { schemas } = contents;
  const validator = schemaValidatorFor(schemas);
  const checks = siteLinks(
    files,
    folder.paths,
    contents.publicFiles,
    contents.publicFileStart,
    contents.publicPictureSize,
  );
  const sectionTypes = sectionTypesOf(schemas);
  const accepted = new Map<string, AcceptedConfigFile>();
  const unlistedByFile = new Map<string, number>();
  for (const [path, file] of files) {
    const { errors, pagePlaceholders, cautions } = validator.validate(file.kind.schema, file.source.data, checks);
    for (const caution of cautions)
      problems.push(
        problemAt(file.source, pointerToPath(caution.pointer, file.source.data), caution.message, {
          severity: 'warning',
        }),
      );
    const described = describeSchemaErrors(file.source, errors, sectionTypes, MAX_PROBLEMS_PER_FILE);
    for (const problem of described.problems) problems.push(problem);
    if (described.unlisted > 0) unlistedByFile.set(file.source.displayPath, described.unlisted);
    const pointerProblem = schemaPointerProblem(file.source, expectedSchemaPointer(path, file.kind));
    if (pointerProblem) problems.push(pointerProblem);
    if (errors.length === 0 && !withSourceProblems.has(path)) accepted.set(path, { ...file, pagePlaceholders });
  }

  // Across files: only on files their schema accepted (and with no key written twice, no huge text or number), so
  // every value has the shape its schema describes.
  // When a folder cannot be opened, which forms or collections exist is unknown, and references to them are not judged.
  const namesIn = (folderName: string, isKind: (path: string) => boolean) =>
    unreadableFolders.some((dir) => folderName.startsWith(dir))
      ? undefined
      : folder.paths.filter(isKind).map((path) => path.slice(folderName.length, -'.json'.length));
  const formNames = namesIn('forms/', (path) => kindOfConfigFile(path)?.pattern === 'forms/*.json');
  const pointCollectionNames = namesIn('collections/', (path) => kindOfConfigFile(path) === POINT_COLLECTIONS);
  const changed = new Set(options.unsaved?.keys() ?? []);
  for (const problem of crossFileProblems(accepted, {
    mainHeadingTypes: mainHeadingSectionTypes(schemas),
    formNames,
    pointCollectionNames,
    changed,
  }))
    problems.push(problem);

  // Every file, named in config or not: a name every computer can hold, and nothing in public/ that runs as the site.
  for (const problem of siteFileProblems(
    folder.paths,
    contents.publicFiles,
    contents.publicFileStart,
    contents.publicFileBytes,
  ))
    problems.push(problem);

  const sorted = atMostPerFile(onePerValue(sortProblems(problems)), unlistedByFile);
  if (sorted.some((problem) => problem.severity === 'error'))
    return { problems: sorted, fileCount: folder.paths.length };
  return { problems: sorted, fileCount: folder.paths.length, config: assembleSiteConfig(files) };
}

/**
 * The first MAX_PROBLEMS_PER_FILE problems of each file, then one line that says how many more it has (counted, not
 * described: `unlisted` are values whose schema errors were not described at all). A file with thousands of mistakes
 * is fixed from the top; listing them all would only bury the first.
 */
function atMostPerFile(problems: readonly ConfigProblem[], unlisted: ReadonlyMap<string, number>): ConfigProblem[] {
  const kept: ConfigProblem[] = [];
  const counts = new Map<string, { listed: number; more: number; moreErrors: boolean }>();
  for (const problem of problems) {
    const count = counts.get(problem.file) ?? {
      listed: 0,
      more: unlisted.get(problem.file) ?? 0,
      moreErrors: unlisted.has(problem.file),
    };
    counts.set(problem.file, count);
    if (count.listed < MAX_PROBLEMS_PER_FILE) {
      count.listed++;
      kept.push(problem);
    } else {
      count.more++;
      count.moreErrors ||= problem.severity === 'error';
    }
  }
  for (const [file, { more, moreErrors }] of counts) {
    if (more === 0) continue;
    const last = kept.findLast((problem) => problem.file === file)!;
    kept.splice(kept.indexOf(last) + 1, 0, {
      ...last,
      path: '(whole file)',
      message: `and ${more.toLocaleString('en-US')} more ${more === 1 ? 'problem' : 'problems'} in this file, not listed. Fix the ones above, then check again.`,
      severity: moreErrors ? 'error' : 'warning',
    });
  }
  return kept;
}

/**
 * The first problem found for each value: a misspelt platform is reported once, not again as a platform without a
 * label.
 */
function onePerValue(problems: readonly ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}|${problem.position.line}|${problem.position.column}|${problem.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function unusedFileMessage(path: string): string {
  const known = CONFIG_FILE_KINDS.map((kind) => kind.pattern);
  if (!path.endsWith('.json'))
    return 'this is not a JSON file, so the site does not use it. Config files end in .json; keep other files outside config/.';
  const suggestion = didYouMean(
    path,
    known.filter((pattern) => !pattern.includes('*')),
  );
  return `this file is not used by the site.${suggestion} Config files are: ${known.join(', ')}.`;
}

function schemaPointerProblem(source: JsonSource, expected: string): ConfigProblem | undefined {
  const data = source.data as { $schema?: unknown } | null;
  if (!data || typeof data !== 'object' || Array.isArray(data) || data.$schema === expected) return undefined;
  const message =
    data.$schema === undefined
      ? `"$schema" is missing. Add "$schema": ${JSON.stringify(expected)} as the first field, so your editor checks this file as you type.`
      : `should be ${JSON.stringify(expected)}, the rules for this kind of file, so your editor checks it as you type.`;
  return problemAt(source, data.$schema === undefined ? [] : ['$schema'], message);
}

/** A form's fields with "optionsFrom" get the choices of their collection, ahead of their own. */
function withCollectionOptions(
  form: Record<string, unknown>,
  data: (path: string) => Record<string, unknown>,
): Record<string, unknown> {
  const schema = form.schema as { properties: Record<string, Record<string, unknown>> };
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => {
      const { optionsFrom, ...rest } = field;
      if (typeof optionsFrom !== 'string') return [name, field];
      const source = optionsFrom as keyof typeof OPTION_SOURCES;
      return [
        name,
        {
          ...rest,
          oneOf: [
            ...optionsFromCollection(source, data(OPTION_SOURCES[source].file)),
            ...((rest.oneOf as unknown[]) ?? []),
          ],
        },
      ];
    }),
  );
  return { ...form, schema: { ...schema, properties } };
}

/** A list collection's entries, from either layout, without the "$schema" of entries that are files of their own. */
function listOf(files: ReadonlyMap<string, ParsedConfigFile>, name: ListCollection): unknown[] {
  return (collectionEntries(files, name) ?? []).map((entry) => {
    if (entry.at.length > 0) return entry.data;
    const { $schema: _pointer, ...rest } = entry.data as Record<string, unknown>;
    return rest;
  });
}

/** The renderer's view of the config: files merged into one object, site placeholders filled in. */
function assembleSiteConfig(files: ReadonlyMap<string, ParsedConfigFile>): SiteConfig {
  const data = (path: string) => files.get(path)?.source.data as Record<string, unknown> | undefined;
  const site = data('site.json')!;
  const values = sitePlaceholderValues(site);
  const withoutPointer = ({ $schema: _pointer, ...rest }: Record<string, unknown>) => rest;
  const inFolder = (folder: string) =>
    [...files.keys()]
      .filter((path) => path.startsWith(folder) && !path.slice(folder.length).includes('/'))
      .sort()
      .map((path) => [path.slice(folder.length, -'.json'.length), withoutPointer(data(path)!)] as const);

  // Each collection by the name its kind gives it (CONFIG_FILE_KINDS), so a new kind needs nothing here.
  const collections = CONFIG_FILE_KINDS.flatMap((kind) => {
    if (kind.list) return [[kind.list, listOf(files, kind.list)]];
    return Object.entries(kind.collects ?? {}).map(([name, field]) => {
      if (!collectsPerFile(kind)) return [name, data(kind.pattern)?.[field] ?? []];
      const folder = kind.pattern.slice(0, kind.pattern.indexOf('*'));
      const ofKind = inFolder(folder).filter(([fileName]) => files.get(`${folder}${fileName}.json`)?.kind === kind);
      return [name, Object.fromEntries(ofKind.map(([fileName, file]) => [fileName, file[field]]))];
    });
  });
  const config = {
    site: withoutPointer(site),
    navigation: withoutPointer(data('navigation.json')!),
    pages: inFolder('pages/').map(([, page]) => page),
    ...Object.fromEntries(collections),
    forms: Object.fromEntries(
      inFolder('forms/').map(([name, form]) => [name, withCollectionOptions(form, (path) => data(path)!)]),
    ) as Record<FormName, unknown>,
  };
  return fillPlaceholdersDeep(config, values) as unknown as SiteConfig;
}
