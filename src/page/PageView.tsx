import { Box } from '@chakra-ui/react/box';
import { createContext, memo, use, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { Params } from 'react-router-dom';
import pageDataLoaders from 'virtual:page-data';
import type { PageData } from '../contract/site-config.ts';
import type { Page, Section } from '../generated/config-types.ts';
import {
  preloadSections,
  sectionDefinition,
  unknownSectionType,
  type DocumentMeta,
  type SectionDefinition,
  type SectionOf,
  type SectionType,
} from '../sections/registry.ts';
import { behaviourOf, type SectionBehaviour } from '../sections/behaviours.ts';
import { PageDataContext, usePageData } from '../ui/page-data-context.ts';
import { useAddress } from '../ui/navigation.tsx';
import { settled, tracked, type Resource } from '../ui/resource.ts';

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

/** The collections a page shows. */
export const loadPageData = (page: Page): Promise<PageData> => pageDataResource(page);

/**
 * Loads everything a page renders at an address: its sections, the collections they show, and what they declare
 * (such as a form, or the influencer of a profile), so it renders without waiting.
 */
export function preloadPage(page: Page, params: Readonly<Params> = {}): Promise<unknown> {
  return Promise.all([preloadSections(page.sections, params), pageDataResource(page)]);
}

/** The title and description of a page, as its sections decide them for the current address. */
export function documentMetaOf(page: Page, params: Readonly<Record<string, string | undefined>>): DocumentMeta {
  let meta: DocumentMeta = { title: page.title, description: page.description };
  for (const section of page.sections) {
    const decide = sectionDefinition(section.type)?.documentMeta as
      SectionDefinition<SectionType>['documentMeta'] | undefined;
    if (decide) meta = decide(section as never, params, meta);
  }
  return meta;
}

/** A page from config: its title and description in the document head, then its sections in order, with its data. */
export function PageView({ page }: { page: Page }) {
  const { params } = useAddress();
  const data = use(pageDataResource(page));
  const meta = documentMetaOf(page, params);
  return (
    <PageDataContext value={data}>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.image ? <meta property="og:image" content={meta.image.path} /> : null}
      {meta.image ? <meta property="og:image:alt" content={meta.image.alt} /> : null}
      {page.sections.map((section, index) => (
        <SectionView key={`${page.route}-${index}-${section.type}`} section={section} index={index} />
      ))}
    </PageDataContext>
  );
}

/**
 * Set by pre-rendering: an island is left as an empty slot in the page, marked with its place among the page's
 * sections, and rendered on its own (src/islands/), exactly as the browser attaches it.
 */
export const IslandsAsSlots = createContext(false);

/** The mark of an island's place in a page rendered with IslandsAsSlots. */
export const islandSlot = (index: number) => `<div data-island-slot="${index}"></div>`;

/**
 * One section through the registry. A type the registry lacks is never silently skipped. Memoised: a section whose
 * config is unchanged renders again only when what it reads changes (the address, for the directory).
 */
export const SectionView = memo(function SectionView({ section, index }: { section: Section; index: number }) {
  const definition = sectionDefinition(section.type);
  const islandsAsSlots = useContext(IslandsAsSlots);
  if (!definition) {
    const message = unknownSectionType(String(section.type));
    if (!import.meta.env.DEV) throw new Error(message);
    return (
      <Box
        role="alert"
        m="6"
        p="6"
        borderWidth="3px"
        borderStyle="dashed"
        borderColor="red.600"
        bg="red.50"
        color="red.900"
        fontFamily="mono"
        rounded="lg"
      >
        {message}
      </Box>
    );
  }
  if (islandsAsSlots && definition.island) return <div data-island-slot={index} />;
  const { Component } = definition.component as SectionDefinition<SectionType>['component'];
  const content = <Component {...(section as SectionOf<SectionType>)} />;
  const behaviour = behaviourOf(section.type);
  return behaviour ? (
    <WithBehaviour section={section} load={behaviour}>
      {content}
    </WithBehaviour>
  ) : (
    content
  );
});

/**
 * A section with a behaviour (src/sections/<type>/behaviour.ts): marked as an island of the page, so the built page's
 * script runs the behaviour on its HTML, and here, in the app, run on what React drew. Attached again whenever what
 * the section shows changes (the editor's preview after an edit), so the two never disagree.
 */
function WithBehaviour({
  section,
  load,
  children,
}: {
  section: Section;
  load: () => Promise<SectionBehaviour>;
  children: ReactNode;
}) {
  const host = useRef<HTMLDivElement>(null);
  const data = usePageData();
  const { pathname, go } = useAddress();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void load().then((behaviour) => {
      if (!left && host.current) stop = behaviour(host.current, { pathname, go });
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [load, section, data, pathname, go]);
  return (
    <div ref={host} data-island={section.type} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
