import { collectionEntries, type AcceptedConfigFile, type CollectionEntry } from './config-files.ts';
import { problemAt, type ConfigProblem, type Report } from './config-problem.ts';
import { quote, shortened, visible } from './describe-value.ts';
import { closestMatch } from './did-you-mean.ts';
import { formProblems } from './form-checks.ts';
import { asList, asObject, nodeAt, positionAt, readablePath, type JsonPath, type JsonSource } from './json-source.ts';
import { placeholdersIn, sitePlaceholderValues } from '../content/placeholders.ts';
import { projectMatchesFilter } from '../content/project-filter.ts';
import type { Project } from '../generated/config-types.ts';
import { pagesOf } from './site-links.ts';
import {
  checkLabelsCoverInfluencers,
  checkUnique,
  checkUniqueHandles,
  checkUniqueIds,
  removedInfluencers,
} from './unique-entries.ts';

type Json = Record<string, unknown>;

/** What the site-wide checks need besides the files: the section types that show a page's main heading. */
export interface CrossFileContext {
  readonly mainHeadingTypes: readonly string[];
  /**
   * The names of the files in config/forms/, whether or not their schema accepted them; undefined when the folder
   * cannot be read.
   */
  readonly formNames: readonly string[] | undefined;
  /** The names of the collections of points in config/collections/, likewise. */
  readonly pointCollectionNames: readonly string[] | undefined;
  /**
   * The files an author is changing (the editor's unsaved ones, by path under config/): a value two entries share is
   * reported on the changed one, naming the other, since that is where the author just typed it.
   */
  readonly changed?: ReadonlySet<string>;
}

/**
 * Checks no single schema can make: unique ids and routes, one main heading per page, filters that match, video
 * sources that agree, placeholders, and forms whose layout and messages match their fields. They run on files the
 * schema accepted, so each value has the shape its schema describes.
 */
export function crossFileProblems(
  files: ReadonlyMap<string, AcceptedConfigFile>,
  context: CrossFileContext,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report = (source: JsonSource, path: JsonPath, message: string, options?: Parameters<typeof problemAt>[3]) =>
    problems.push(problemAt(source, path, message, options));
  const file = (path: string) => files.get(path)?.source;

  const influencers = collectionEntries(files, 'influencers');
  if (influencers) {
    const changed = (entry: CollectionEntry) =>
      context.changed?.has(entry.source.displayPath.replace(/^config\//, '')) === true;
    checkUniqueIds(influencers, removedInfluencers(file('removed.json')), report, changed);
    checkUniqueHandles(influencers, report, changed);
  }
  const services = file('collections/services.json');
  if (services) checkUnique(services, 'services', 'id', 'service', report);
  const labels = file('collections/platforms-and-niches.json');
  if (labels) {
    checkUnique(labels, 'platforms', 'value', 'platform', report);
    checkUnique(labels, 'niches', 'value', 'niche', report);
    // Each is a button of the directory: two that read the same cannot be told apart.
    const ownLabel = 'Give each its own label, so visitors can tell the buttons apart.';
    checkUnique(labels, 'platforms', 'label', 'button label', report, ownLabel);
    checkUnique(labels, 'niches', 'label', 'button label', report, ownLabel);
    if (influencers) checkLabelsCoverInfluencers(influencers, labels, report);
  }
  const pages = pagesOf(files);
  checkRoutes(pages, report);
  const projectEntries = collectionEntries(files, 'projects');
  const projects = projectEntries?.map((entry) => asObject(entry.data) ?? {});
  for (const page of pages) {
    checkMainHeading(page, context.mainHeadingTypes, report);
    if (context.formNames) checkReferences(page, 'form', 'forms', context.formNames, 'Forms', report);
    if (context.pointCollectionNames)
      checkReferences(page, 'source', 'collections', context.pointCollectionNames, 'Collections of points', report);
    checkProjectFilters(page, projects, report);
    checkVideoSources(page, report);
  }
  for (const [path, parsed] of files) {
    if (path.startsWith('forms/')) for (const problem of formProblems(parsed.source, files)) problems.push(problem);
  }
  const site = file('site.json');
  if (site) {
    const values = sitePlaceholderValues(site.data);
    for (const accepted of files.values()) checkPlaceholders(accepted, values, problems);
  }
  return problems;
}

/** Two pages with one route: each of them is told about the other, so whichever file the author opens says so. */
function checkRoutes(pages: readonly JsonSource[], report: Report): void {
  const owners = new Map<string, JsonSource[]>();
  for (const page of pages) {
    const route = asObject(page.data)?.route;
    if (typeof route === 'string') owners.set(route, [...(owners.get(route) ?? []), page]);
  }
  for (const [route, sharing] of owners) {
    if (sharing.length < 2) continue;
    for (const page of sharing) {
      const others = sharing.filter((other) => other !== page).map((other) => other.displayPath);
      report(
        page,
        ['route'],
        `${quote(route)} is also the route of ${others.join(' and ')}. Each page needs its own route: change this one or ${others.length === 1 ? 'the other' : 'the others'}.`,
      );
    }
  }
}

/** Every page shows exactly one main heading (an h1), from the first section of a type that has one. */
function checkMainHeading(page: JsonSource, mainHeadingTypes: readonly string[], report: Report): void {
  const sections = asList(asObject(page.data)?.sections);
  const withHeading = sections
    .map((section, index) => ({ section, index }))
    .filter(({ section }) => mainHeadingTypes.includes(String(section.type)));
  if (withHeading.length === 0) {
    report(
      page,
      ['sections'],
      `this page has no main heading (its h1). Start it with a section that shows one: ${mainHeadingTypes.join(', ')}. Most pages start with a page-hero.`,
    );
  }
  for (const { index } of withHeading.slice(1)) {
    report(
      page,
      ['sections', index, 'type'],
      `this page already has its main heading in ${readablePath(page.data, ['sections', withHeading[0]!.index])}, and a page has one. Use a section without a main heading here, such as call-to-action or story.`,
    );
  }
}

/** A section's field that names a file of a folder, such as "form": "feedback" for config/forms/feedback.json. */
function checkReferences(
  page: JsonSource,
  field: string,
  folder: string,
  names: readonly string[],
  listName: string,
  report: Report,
): void {
  asList(asObject(page.data)?.sections).forEach((section, index) => {
    const name = section[field];
    if (typeof name === 'string' && !names.includes(name)) {
      const meant = closestMatch(name, names);
      report(
        page,
        ['sections', index, field],
        `there is no config/${folder}/${visible(shortened(name, 60))}.json.${meant ? ` Did you mean ${meant}?` : ''} ${listName}: ${names.join(', ') || 'none yet'}.`,
      );
    }
  });
}

/**
 * A project gallery's filters: two buttons with one value are a copy-paste slip (an error); a button that shows no
 * project is allowed (the gallery says so to visitors) but is usually a value left unchanged, so it is a warning.
 */
function checkProjectFilters(page: JsonSource, projects: readonly Json[] | undefined, report: Report): void {
  asList(asObject(page.data)?.sections).forEach((section, sectionIndex) => {
    if (section.type !== 'project-gallery') return;
    const filters = asList(section.filters);
    const firstWith = new Map<unknown, number>();
    filters.forEach((filter, index) => {
      const path = ['sections', sectionIndex, 'filters', index, 'value'];
      const first = firstWith.get(filter.value);
      if (first !== undefined) {
        report(
          page,
          path,
          `${quote(filter.value)} is already the value of ${readablePath(page.data, ['sections', sectionIndex, 'filters', first])}, so both buttons would show the same projects. Give this one its own value.`,
        );
        return;
      }
      firstWith.set(filter.value, index);
      const sameLabel = filters.findIndex((other) => other.label === filter.label);
      if (sameLabel < index)
        report(
          page,
          ['sections', sectionIndex, 'filters', index, 'label'],
          `${quote(filter.label)} is already the label of ${readablePath(page.data, ['sections', sectionIndex, 'filters', sameLabel])}, so visitors could not tell the two buttons apart. Give this one its own label.`,
        );
      if (!projects || typeof filter.value !== 'string' || filter.value === 'all') return;
      const value = filter.value;
      if (
        !projects.some((project) =>
          projectMatchesFilter(project as unknown as Pick<Project, 'category' | 'year'>, value),
        )
      ) {
        report(
          page,
          path,
          `no project has the category or year ${quote(value)}, so this button would show none. Check the value, or add a project for it.`,
          {
            severity: 'warning',
          },
        );
      }
    });
  });
}

/**
 * A video's two sources should be the same video. Browsers play the first source they support, so when only one is
 * changed, most visitors see the new video and Safari the old one: warn, naming both fields.
 */
function checkVideoSources(page: JsonSource, report: Report): void {
  const stem = (path: string) =>
    path
      .replace(/^.*\//, '')
      .replace(/\.[^.]*$/, '')
      .toLowerCase();
  asList(asObject(page.data)?.sections).forEach((section, index) => {
    const video = asObject(section.video);
    if (typeof video?.webm !== 'string' || typeof video.mp4 !== 'string' || stem(video.webm) === stem(video.mp4))
      return;
    const name = (path: string) => path.replace(/^.*\//, '');
    report(
      page,
      ['sections', index, 'video', 'mp4'],
      `the two sources of this video are different files: video.webm is ${quote(video.webm)} and video.mp4 is ${quote(video.mp4)}. Browsers play the first source they support, so most visitors would see ${name(video.webm)} and Safari users ${name(video.mp4)}. If they are the same video, give both files the same name; if not, update the one that is out of date, or remove video.webm: the MP4 alone is enough.`,
      { severity: 'warning' },
    );
  });
}

/**
 * Every {placeholder} must name a value in site.json, or one the page fills in where the schema says it may be
 * written (such as {count} in the directory's count).
 */
function checkPlaceholders(
  { source, pagePlaceholders }: AcceptedConfigFile,
  siteValues: ReadonlyMap<string, string>,
  problems: ConfigProblem[],
): void {
  const everywhere = [...siteValues.keys()];
  const path: (string | number)[] = [];
  const pointer = () => path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const walk = (value: unknown): void => {
    // A text without a brace names no placeholder, well or badly: most texts, which need no more look.
    if (typeof value === 'string' && !value.includes('{')) return;
    if (typeof value === 'string') {
      const misshapen = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}|\{\s+([A-Za-z][\w.]*)\s*\}|\{([A-Za-z][\w.]*)\s+\}/.exec(value);
      if (misshapen) {
        // {{name}} or { name } would show on the site as written: only {name} is filled in.
        const name = misshapen[1] ?? misshapen[2] ?? misshapen[3]!;
        problems.push(
          problemAt(
            source,
            path,
            `${quote(shortened(misshapen[0], 60))} is not filled in: a placeholder is written in single braces, without spaces: {${visible(shortened(name, 60))}}.`,
          ),
        );
      }
      const here = pagePlaceholders.get(pointer()) ?? [];
      const known = here.length > 0 ? [...everywhere, ...here] : everywhere;
      for (const { name } of placeholdersIn(value)) {
        if (known.includes(name)) continue;
        const node = nodeAt(source, path);
        const raw = source.text.slice(node.offset, node.offset + node.length);
        const offset = node.offset + Math.max(0, raw.indexOf(`{${name}}`));
        const match = closestMatch(name, known);
        problems.push({
          file: source.displayPath,
          position: positionAt(source.lineStarts, offset),
          path: readablePath(source.data, path),
          message: `{${visible(shortened(name, 60))}} is not a value this text can show.${match ? ` Did you mean {${match}}?` : ''} ${here.length > 0 ? `Here you can use ${here.map((item) => `{${item}}`).join(', ')}, or a` : 'Placeholders name a'} value in config/site.json, such as {name} or {claims.creatorNetwork}.`,
          severity: 'error',
        });
      }
      return;
    }
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : value && typeof value === 'object'
        ? Object.entries(value)
        : [];
    for (const [key, child] of children) {
      if (key === '$schema' || key === 'pattern') continue;
      path.push(key);
      walk(child);
      path.pop();
    }
  };
  walk(source.data);
}
