import { Box } from '@chakra-ui/react/box';
import { useParams } from 'react-router-dom';
import type { Page, Section } from '../generated/config-types';
import { preloadSections, sectionDefinition, type DocumentMeta, type SectionDefinition, type SectionOf, type SectionType } from '../sections/registry';

/** Loads everything a page renders (its sections and what they declare, such as a form), so it renders without waiting. */
export function preloadPage(page: Page): Promise<unknown> {
  return preloadSections(page.sections);
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

/** A page from config: its title and description in the document head, then its sections in order. */
export function PageView({ page }: { page: Page }) {
  const params = useParams();
  const meta = documentMetaOf(page, params);
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {page.sections.map((section, index) => (
        <SectionView key={`${page.route}-${index}-${section.type}`} section={section} />
      ))}
    </>
  );
}

/** One section through the registry. A type the registry lacks is never silently skipped. */
export function SectionView({ section }: { section: Section }) {
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
}
