import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONFIG_FILE_KINDS, expectedSchemaPointer, kindOfConfigFile, type ConfigFileKind, type SiteFolders } from './config-files.ts';
import { sortProblems, type ConfigProblem } from './config-problem.ts';
import { crossFileProblems } from './cross-file-checks.ts';
import { describeSchemaErrors } from './describe-schema-error.ts';
import { describeSyntaxError } from './describe-syntax-error.ts';
import { didYouMean } from './did-you-mean.ts';
import { nodeAt, parseJsonSource, positionAt, type JsonSource } from './json-source.ts';
import { fillPlaceholdersDeep, sitePlaceholderValues } from './placeholders.ts';
import { createSchemaValidator, readSchemas, sectionTypesOf } from './schema-registry.ts';
import type { FormName, SiteConfig } from './site-config.ts';

/** What validating the config found: every problem at once, and the site's config when there are none. */
export interface ConfigValidation {
  readonly problems: readonly ConfigProblem[];
  /** How many config files were read. */
  readonly fileCount: number;
  /** The validated config with site placeholders filled in; only when there are no problems. */
  readonly config?: SiteConfig;
}

/** A config file that parsed, with the kind that says which schema checks it. */
export interface ParsedConfigFile {
  readonly source: JsonSource;
  readonly kind: ConfigFileKind;
}

/**
 * Validates the config files against the schemas and across files (links, ids, assets in public/, placeholders).
 * The CLI, the build, the dev server and the tests all call this.
 */
export function validateConfig(folders: SiteFolders): ConfigValidation {
  const configDir = folders.config;
  const schemas = readSchemas(folders.schemas);
  const problems: ConfigProblem[] = [];
  const files = new Map<string, ParsedConfigFile>();

  if (!existsSync(configDir)) {
    return { problems: [wholeFileProblem('config/', `there is no config folder at ${configDir}. A site keeps its content in config/.`)], fileCount: 0 };
  }
  const paths = listFiles(configDir);
  for (const path of paths) {
    const displayPath = `config/${path}`;
    const kind = kindOfConfigFile(path);
    if (!kind) {
      problems.push(wholeFileProblem(displayPath, unusedFileMessage(path)));
      continue;
    }
    const text = readFileSync(join(configDir, path), 'utf8').replace(/^\uFEFF/, '');
    const parsed = parseJsonSource(displayPath, text);
    if ('syntaxError' in parsed) problems.push(describeSyntaxError(displayPath, text, parsed.syntaxError));
    else files.set(path, { source: parsed.source, kind });
  }
  for (const kind of CONFIG_FILE_KINDS) {
    if (kind.required && !paths.includes(kind.pattern)) {
      problems.push(wholeFileProblem(`config/${kind.pattern}`, `this file is missing. The site needs it; its rules are in schemas/${kind.schema}.`));
    }
  }

  const links = siteLinks(files, listFiles(folders.public));
  const validator = createSchemaValidator(schemas, links);
  const sectionTypes = sectionTypesOf(schemas);
  for (const [path, { source, kind }] of files) {
    const validate = validator.validatorFor(kind.schema);
    if (!validate(source.data)) problems.push(...describeSchemaErrors(source, validate.errors ?? [], sectionTypes));
    const pointerProblem = schemaPointerProblem(source, expectedSchemaPointer(path, kind));
    if (pointerProblem) problems.push(pointerProblem);
  }
  problems.push(...crossFileProblems(files));

  if (problems.length > 0) return { problems: onePerValue(sortProblems(problems)), fileCount: paths.length };
  return { problems: [], fileCount: paths.length, config: assembleSiteConfig(files) };
}

/** The first problem found for each value: a misspelt platform is reported once, not again as a platform without a label. */
function onePerValue(problems: readonly ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}|${problem.position.line}|${problem.position.column}|${JSON.stringify(problem.path)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every file under a folder, as paths relative to it with forward slashes, sorted; hidden files are skipped. */
function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

function wholeFileProblem(file: string, message: string): ConfigProblem {
  return { file, position: { line: 1, column: 1 }, path: '(whole file)', message };
}

function unusedFileMessage(path: string): string {
  const known = CONFIG_FILE_KINDS.map((kind) => kind.pattern);
  if (!path.endsWith('.json')) return 'this is not a JSON file, so the site does not use it. Config files end in .json.';
  const suggestion = didYouMean(path, known.filter((pattern) => !pattern.includes('*')));
  return `this file is not used by the site.${suggestion} Config files are: ${known.join(', ')}.`;
}

function schemaPointerProblem(source: JsonSource, expected: string): ConfigProblem | undefined {
  const data = source.data as { $schema?: unknown } | null;
  if (!data || typeof data !== 'object' || Array.isArray(data) || data.$schema === expected) return undefined;
  const node = nodeAt(source, data.$schema === undefined ? [] : ['$schema']);
  const message = data.$schema === undefined
    ? `"$schema" is missing. Add "$schema": ${JSON.stringify(expected)} as the first field, so your editor checks this file as you type.`
    : `should be ${JSON.stringify(expected)}, the rules for this kind of file, so your editor checks it as you type.`;
  return { file: source.displayPath, position: positionAt(source.lineStarts, node.offset), path: ['$schema'], message };
}

/** Which internal links and asset paths exist, from the pages' routes, the influencers' ids and the files in public/. */
function siteLinks(files: ReadonlyMap<string, ParsedConfigFile>, publicFiles: readonly string[]) {
  const pages = [...files.entries()].filter(([path]) => path.startsWith('pages/')).map(([, file]) => file.source.data as { route?: unknown; sections?: unknown });
  const routes = pages.map((page) => page.route).filter((route): route is string => typeof route === 'string');
  const staticRoutes = [...new Set(routes.filter((route) => route !== '*' && !route.includes(':')))].sort();
  const influencerIds = new Set(
    ((files.get('collections/influencers.json')?.source.data as { influencers?: { id?: unknown }[] } | undefined)?.influencers ?? [])
      .map((influencer) => influencer?.id)
      .filter((id): id is number => typeof id === 'number'),
  );
  const dynamicRoutes = pages
    .filter((page) => typeof page.route === 'string' && page.route.includes(':id'))
    .map((page) => ({
      pattern: new RegExp(`^${(page.route as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':id', '([0-9]+)')}$`),
      showsInfluencer: Array.isArray(page.sections) && page.sections.some((section: { type?: unknown }) => section?.type === 'influencer-profile'),
    }));
  const assets = publicFiles.map((file) => `/${file}`);

  return {
    checkInternalLink(link: string): string | undefined {
      const path = link.split(/[?#]/)[0]!;
      if (staticRoutes.includes(path)) return undefined;
      for (const route of dynamicRoutes) {
        const id = route.pattern.exec(path)?.[1];
        if (id === undefined) continue;
        if (!route.showsInfluencer || influencerIds.has(Number(id))) return undefined;
        return `links to a profile that does not exist: no influencer has the id ${id}. Ids in use: ${[...influencerIds].sort((a, b) => a - b).join(', ')}.`;
      }
      return `is not a page of this site.${didYouMean(path, staticRoutes)} Pages: ${staticRoutes.join(', ')}.`;
    },
    checkAsset(path: string): string | undefined {
      if (assets.includes(path)) return undefined;
      return `is not a file in public/.${didYouMean(path, assets)} Put the file at public${path}, or correct the path.`;
    },
  };
}

/** The renderer's view of the config: files merged into one object, site placeholders filled in. */
function assembleSiteConfig(files: ReadonlyMap<string, ParsedConfigFile>): SiteConfig {
  const data = (path: string) => files.get(path)!.source.data as Record<string, unknown>;
  const site = data('site.json');
  const values = sitePlaceholderValues(site);
  const withoutPointer = ({ $schema: _pointer, ...rest }: Record<string, unknown>) => rest;
  const inFolder = (folder: string) =>
    [...files.keys()].filter((path) => path.startsWith(folder)).sort().map((path) => [path.slice(folder.length, -'.json'.length), withoutPointer(data(path))] as const);
  const platformsAndNiches = data('collections/platforms-and-niches.json');

  const config = {
    site: withoutPointer(site),
    navigation: withoutPointer(data('navigation.json')),
    pages: inFolder('pages/').map(([, page]) => page),
    influencers: data('collections/influencers.json').influencers,
    projects: data('collections/projects.json').projects,
    services: data('collections/services.json').services,
    processSteps: data('collections/process.json').steps,
    whyChoose: data('collections/why-choose.json').points,
    values: data('collections/values.json').values,
    faqs: data('collections/faqs.json').faqs,
    platforms: platformsAndNiches.platforms,
    niches: platformsAndNiches.niches,
    forms: Object.fromEntries(inFolder('forms/')) as Record<FormName, unknown>,
  };
  return fillPlaceholdersDeep(config, values) as unknown as SiteConfig;
}
