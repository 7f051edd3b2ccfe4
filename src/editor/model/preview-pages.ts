/**
 * The pages of the preview that show a config file, for the buttons beside the preview: worked out the same for both
 * editors, where each draws the preview (npm run edit's checking thread, the worker at /admin/). Plain functions of the
 * site's config.
 */
import { collectsPerFile, kindOfConfigFile, shownAs } from '../../checker/config-files.ts';
import type { PageData, SiteConfig } from '../../contract/site-config.ts';
import type { Page } from '../../generated/config-types.ts';
import type { Change, PreviewAddress } from '../protocol/files.ts';
import { pageNameOf, pageNamingOf } from './page-names.ts';

/** The data of the file shown beside the preview: the author's unsaved change to it, else as saved (`saved`). */
export const shownDataOf = (
  changes: readonly Pick<Change, 'path' | 'data'>[],
  showing: string,
  saved: (path: string) => unknown,
): unknown => changes.find((change) => change.path === showing)?.data ?? saved(showing);

/** A page's address with its :id filled in, or one no page has for the page shown at any other address. */
function addressOf(page: Page, config: SiteConfig, id?: number): string {
  if (page.route === '*') return '/this-address-has-no-page';
  return page.route.replace(':id', String(id ?? config.influencers[0]?.id ?? 1));
}

const profilePages = (config: SiteConfig) =>
  config.pages.filter((page) => page.sections.some((section) => section.type === 'influencer-profile'));

/**
 * The pages of the preview that show a file (a path such as config/pages/work.json, with its unsaved data): the page
 * itself, an influencer's profile and the directory, the pages that list a collection or show a form, the home page
 * for the site's settings and navigation, which every page shows. `focus` is the field the author is in, such as
 * ["influencers", 3, "name"]: in a list of influencers, that one's profile comes first.
 */
export function previewAddressesOf(
  path: string,
  data: unknown,
  config: SiteConfig,
  pageData: Readonly<Record<string, PageData>>,
  focus: readonly (string | number)[] = [],
): PreviewAddress[] {
  const inConfig = path.replace(/^config\//, '');
  const kind = kindOfConfigFile(inConfig);
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const name = inConfig
    .split('/')
    .at(-1)!
    .replace(/\.json$/, '');
  const shows = kind && shownAs(kind);
  let pages: { page: Page; id?: number; name?: string }[];
  if (kind?.pattern === 'pages/*.json') {
    pages = config.pages.filter((page) => page.route === record.route).map((page) => ({ page }));
  } else if (kind?.pattern === 'forms/*.json') {
    pages = config.pages
      .filter((page) => page.sections.some((section) => 'form' in section && section.form === name))
      .map((page) => ({ page }));
  } else if (kind && shows && collectsPerFile(kind)) {
    pages = config.pages
      .filter((page) => (pageData[page.route]?.[shows] as Record<string, unknown> | undefined)?.[name] !== undefined)
      .map((page) => ({ page }));
  } else if (kind && shows) {
    const [list, index] = focus;
    const focused =
      kind.list === 'influencers' &&
      list === 'influencers' &&
      typeof index === 'number' &&
      Array.isArray(record.influencers)
        ? (record.influencers[index] as Record<string, unknown> | undefined)
        : undefined;
    const entry = shows === 'directory' && !kind.list ? record : focused;
    const ownProfile = typeof entry?.id === 'number' ? entry.id : undefined;
    // Named by the entry itself: the config drawn may hold only some of the creators (a large directory's first page).
    const ownName = typeof entry?.name === 'string' && entry.name.trim() ? entry.name.trim() : undefined;
    pages = [
      ...(ownProfile === undefined
        ? []
        : profilePages(config).map((page) => ({ page, id: ownProfile, ...(ownName ? { name: ownName } : {}) }))),
      ...config.pages
        .filter((page) => pageData[page.route]?.[shows] !== undefined && page.route !== '*')
        .map((page) => ({ page })),
    ];
  } else {
    pages = [];
  }
  const home = config.pages.find((page) => page.route === '/') ?? config.pages[0];
  if (pages.length === 0 && home) pages = [{ page: home }];
  const naming = pageNamingOf(config.navigation, config.site);
  return pages.map(({ page, id, name: entryName }) => {
    const address = addressOf(page, config, id);
    // A profile by the influencer's name; any other page by its name in the menu or its title.
    const influencer = id === undefined ? undefined : config.influencers.find((candidate) => candidate.id === id);
    return { path: address, label: `${entryName ?? influencer?.name ?? pageNameOf(page, naming)} (${address})` };
  });
}
