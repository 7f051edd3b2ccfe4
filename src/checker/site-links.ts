/**
 * Which internal links and files the site has, for the schema's link and file checks: the pages' routes, the
 * influencers' ids and the files in public/.
 */
import { collectionEntries, LIST_COLLECTIONS, type ParsedConfigFile } from './config-files.ts';
import { quote } from './describe-value.ts';
import { didYouMean } from './did-you-mean.ts';
import { asList, asObject, type JsonSource } from './json-source.ts';
import { fileKindProblem } from './media-files.ts';
import { isPictureKind } from '../content/file-formats.ts';
import { hugeProblem, tooSmallProblem } from '../content/pictures.ts';
import type { PictureSize } from './site-contents.ts';
import type { FileKind, SiteAwareChecks } from './schema-registry.ts';
import pageSchema from '../../schemas/page.schema.json' with { type: 'json' };

/** What the page schema accepts as a route. */
const ROUTE = new RegExp(pageSchema.properties.route.pattern);

type Json = Record<string, unknown>;

/** The page files among the parsed files. */
export const pagesOf = (files: ReadonlyMap<string, ParsedConfigFile>): JsonSource[] =>
  [...files].filter(([path]) => path.startsWith('pages/')).map(([, file]) => file.source);

/**
 * Which internal links and files exist, from the pages' routes, the influencers' ids and the files in public/. The
 * schema checks links with it, so it reads data the schema has not accepted yet, and guards every value it reads.
 */
export function siteLinks(
  files: ReadonlyMap<string, ParsedConfigFile>,
  foundPaths: readonly string[],
  publicFiles: { readonly plain: readonly string[]; readonly refused: ReadonlyMap<string, string> },
  fileStart: (path: string) => Uint8Array | undefined,
  pictureSize: (path: string) => PictureSize | undefined = () => undefined,
): SiteAwareChecks {
  const pages = pagesOf(files).map((source) => asObject(source.data) ?? {});
  // A page file that cannot be read, or has no route, may be the page a link points to: links are then not judged
  // until it is fixed, so one broken page does not also report every link to it. The same goes for influencers.
  const pageFiles = foundPaths.filter((path) => path.startsWith('pages/'));
  // A route the page schema refuses ("about" without its /) is reported on its page; it is not a page links can name.
  const routeOf = (page: Json) => (typeof page.route === 'string' && ROUTE.test(page.route) ? page.route : undefined);
  const everyRouteKnown = pages.filter((page) => routeOf(page) !== undefined).length === pageFiles.length;
  const influencers = collectionEntries(files, 'influencers');
  const { file: listFile, folder } = LIST_COLLECTIONS.influencers;
  const holdsInfluencers = (path: string) => path === listFile || path.startsWith(folder);
  const listIsAList = !files.has(listFile) || Array.isArray(asObject(files.get(listFile)!.source.data)?.influencers);
  const everyIdKnown =
    influencers !== undefined &&
    listIsAList &&
    [...files.keys()].filter(holdsInfluencers).length === foundPaths.filter(holdsInfluencers).length;
  const routes = pages.map(routeOf).filter((route) => route !== undefined);
  const staticRoutes = [...new Set(routes.filter((route) => route !== '*' && !route.includes(':')))].sort();
  const influencerIds = new Set(
    (influencers ?? []).map((entry) => asObject(entry.data)?.id).filter((id): id is number => typeof id === 'number'),
  );
  const dynamicRoutes = pages
    .filter((page): page is Json & { route: string } => routeOf(page)?.includes(':id') === true)
    .map((page) => ({
      pattern: new RegExp(`^${page.route.replace(':id', '([0-9]+)')}$`),
      showsInfluencer: asList(page.sections).some((section) => section.type === 'influencer-profile'),
    }));
  const assets = new Set(publicFiles.plain.map((file) => `/${file}`));
  // The pages that show every service, each at an address of its own (/services#event-coverage), and the services.
  const servicePages = new Set(
    pages
      .filter((page) => asList(page.sections).some((section) => section.type === 'service-details'))
      .flatMap((page) => routeOf(page) ?? []),
  );
  const servicesFile = files.get('collections/services.json');
  const serviceIds = asList(asObject(servicesFile?.source.data)?.services).flatMap((service) =>
    typeof service.id === 'string' ? [service.id] : [],
  );

  return {
    checkInternalLink(link) {
      // A link that is no path and no web address: say what it probably meant; otherwise the link pattern's sentence
      // stands.
      if (!link.startsWith('/')) {
        if (staticRoutes.includes(`/${link}`))
          return `is missing the / at its start. Did you mean ${quote(`/${link}`)}?`;
        if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(link))
          return `is a web address without its start. Write ${quote(`https://${link}`)}.`;
        return undefined;
      }
      // "/about/" is the address visitors see and copy: the page at /about.
      const path = link.split(/[?#]/)[0]!.replace(/(.)\/$/, '$1');
      const fragment = /#(.+)$/.exec(link)?.[1];
      if (fragment && servicePages.has(path) && servicesFile && !serviceIds.includes(fragment))
        return `links to the service ${quote(fragment)} on ${path}, and no service has that id (config/collections/services.json). Services: ${listShort(serviceIds)}.`;
      if (staticRoutes.includes(path)) return undefined;
      for (const route of dynamicRoutes) {
        const id = route.pattern.exec(path)?.[1];
        if (id === undefined) continue;
        if (!route.showsInfluencer || influencerIds.has(Number(id)) || !everyIdKnown) return undefined;
        return `links to a profile that does not exist: no influencer has the id ${id}. Ids in use: ${listShort([...influencerIds].sort((a, b) => a - b))}.`;
      }
      if (!everyRouteKnown) return undefined;
      return `is not a page of this site.${didYouMean(path, staticRoutes)} Pages: ${listShort(staticRoutes)}.`;
    },
    checkAsset(path) {
      if (assets.has(path)) return undefined;
      const refused = publicFiles.refused.get(path.slice(1));
      if (refused) return `names public${path}, which ${refused}.`;
      if (!path.startsWith('/'))
        return assets.has(`/${path}`) ? `is missing the / at its start. Did you mean ${quote(`/${path}`)}?` : undefined;
      if (path.startsWith('/public/'))
        return `starts with /public/, which paths leave out: the file public${path.slice('/public'.length)} is ${quote(path.slice('/public'.length))}.`;
      return `is not a file in public/.${didYouMean(path, [...assets])} Put the file at public${path}, or correct the path.`;
    },
    checkFileKind(path: string, kind: FileKind) {
      const start = fileStart(path);
      const problem = start === undefined ? undefined : fileKindProblem(path, start, kind);
      if (problem || !isPictureKind(kind)) return problem;
      const size = pictureSize(path);
      return size && tooSmallProblem(kind, size);
    },
    cautionForFile(path: string, kind: FileKind) {
      const size = isPictureKind(kind) ? pictureSize(path) : undefined;
      return size && isPictureKind(kind) ? hugeProblem(kind, size) : undefined;
    },
  };
}

/** A list for a message, cut after the first 20 entries: a site with 1,000 influencers has 1,000 ids. */
function listShort(items: readonly (string | number)[]): string {
  return items.length <= 20 ? items.join(', ') : `${items.slice(0, 20).join(', ')} and ${items.length - 20} more`;
}
