import { Box } from '@chakra-ui/react/box';
import { memo, use } from 'react';
import { useParams, type Params } from 'react-router-dom';
import pageDataLoaders from 'virtual:page-data';
import type { PageData } from '../config/site-config';
import type { Page, Section } from '../generated/config-types';
import {
  embeddedDataOf,
  preloadSections,
  sectionDefinition,
  type DocumentMeta,
  type SectionDefinition,
  type SectionOf,
  type SectionType,
} from '../sections/registry';
import { PageDataContext } from '../ui/page-data-context';
import { settled, tracked, type Resource } from '../ui/resource';

type PageDataLoader = (typeof pageDataLoaders)[string];
// By loader, not by route: a loader is loaded once, and a page given a new loader (the editor's preview, after an
// edit) loads its new data.
const pageData = new WeakMap<PageDataLoader, Resource<PageData>>();
const NO_DATA: Resource<PageData> = settled({});

/** The collections a page shows (its own module of virtual:page-data), loaded once. */
function pageDataResource(page: Page): Resource<PageData> {
  const load = pageDataLoaders[page.route];
  if (!load) return NO_DATA;
  let resource = pageData.get(load);
  if (!resource) {
    resource = tracked(load().then((module) => module.default));
    pageData.set(load, resource);
  }
  return resource;
}

/**
 * Loads everything a page renders at an address: its sections, the collections they show, and what they declare
 * (such as a form, or the influencer of a profile), so it renders without waiting.
 */
export function preloadPage(page: Page, params: Readonly<Params> = {}): Promise<unknown> {
  return Promise.all([preloadSections(page.sections, params), pageDataResource(page)]);
}

/** What a page carries inside its pre-rendered HTML at an address, such as the influencer of a profile. */
export function embeddedDataOfPage(page: Page, params: Readonly<Params>): Record<string, unknown> {
  return embeddedDataOf(page.sections, params);
}

/** The title and description of a page, as its sections decide them for the current address. */
export function documentMetaOf(page: Page, params: Readonly<Record<string, string | undefined>>): DocumentMeta {
  let meta: DocumentMeta = { title: page.title, description: page.description };
  for (const section of page.sections) {
    const decide = sectionDefinition(section.type)?.documentMeta as SectionDefinition<SectionType>['documentMeta'] | undefined;
    if (decide) meta = decide(section as never, params, meta);
  }
  return meta;
}

/** A page from config: its title and description in the document head, then its sections in order, with its data. */
export function PageView({ page }: { page: Page }) {
  const params = useParams();
  const data = use(pageDataResource(page));
  const meta = documentMetaOf(page, params);
  return (
    <PageDataContext value={data}>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {page.sections.map((section, index) => (
        <SectionView key={`${page.route}-${index}-${section.type}`} section={section} />
      ))}
    </PageDataContext>
  );
}

/**
 * One section through the registry. A type the registry lacks is never silently skipped. Memoised: a section whose
 * config is unchanged renders again only when what it reads changes (the address, for the directory).
 */
export const SectionView = memo(function SectionView({ section }: { section: Section }) {
  const definition = sectionDefinition(section.type);
  if (!definition) {
    const message = `Unknown section type "${String(section.type)}". Run npm run validate to see how to fix config/.`;
    if (!import.meta.env.DEV) throw new Error(message);
    return (
      <Box role="alert" m="6" p="6" borderWidth="3px" borderStyle="dashed" borderColor="red.600" bg="red.50" color="red.900" fontFamily="mono" rounded="lg">
        {message}
      </Box>
    );
  }
  const { Component } = definition.component as SectionDefinition<SectionType>['component'];
  return <Component {...(section as SectionOf<SectionType>)} />;
});
