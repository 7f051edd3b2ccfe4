import { Component, type ReactNode } from 'react';
import { AppProviders } from '../app/App.tsx';
import type { PageData } from '../contract/site-config.ts';
import type { Section } from '../generated/config-types.ts';
import {
  sectionDefinition,
  unknownSectionType,
  type SectionDefinition,
  type SectionOf,
  type SectionType,
} from '../sections/registry.ts';
import { AddressContext, type SiteAddress } from '../ui/navigation.tsx';
import { PageDataContext } from '../ui/page-data-context.ts';

/**
 * What an island is rendered from, on the build machine and again in the browser: the page writes it beside the HTML.
 */
export interface IslandProps {
  /** The section's config. */
  readonly section: Section;
  /** What the page's sections show from the collections (src/sections/<type>/data.ts). */
  readonly data: PageData;
  /** The parameters of the page's address: the id of /influencers/:id. */
  readonly params: Readonly<Record<string, string | undefined>>;
}

/** Ends the island's life when it fails: the browser shows the error screen instead of a page half working. */
class IslandErrorBoundary extends Component<
  { children: ReactNode; onError: (error: unknown) => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One island: its section's component with what it reads (the styling system, the address, the page's data). Built
 * pages render it on its own, as its own React root, and the browser attaches the same tree to that HTML, so the two
 * agree to the last generated id.
 */
export function IslandRoot({
  section,
  data,
  address,
  onError,
}: Omit<IslandProps, 'params'> & { address: SiteAddress; onError: (error: unknown) => void }) {
  const definition = sectionDefinition(section.type) as SectionDefinition<SectionType> | undefined;
  if (!definition) throw new Error(unknownSectionType(String(section.type)));
  const { Component: SectionComponent } = definition.component;
  return (
    <AppProviders>
      <AddressContext value={address}>
        <PageDataContext value={data}>
          <IslandErrorBoundary onError={onError}>
            <SectionComponent {...(section as SectionOf<SectionType>)} />
          </IslandErrorBoundary>
        </PageDataContext>
      </AddressContext>
    </AppProviders>
  );
}

/** The prefix of the ids React makes inside an island, so two islands of a page never share one. */
export const islandIdPrefix = (islandId: string) => `${islandId}-`;

/** Loads what an island renders (its component, its form, ...), so it renders without waiting. */
export async function preloadIsland({ section, params }: IslandProps): Promise<void> {
  const definition = sectionDefinition(section.type) as SectionDefinition<SectionType> | undefined;
  await Promise.all([
    definition?.component.preload(),
    definition?.preload?.(section as SectionOf<SectionType>, params),
  ]);
}

/** Starts fetching what an island fetches once attached (src/sections/section-definition.ts, prepare). */
export function prepareIsland({ section, data }: IslandProps): void {
  const definition = sectionDefinition(section.type) as SectionDefinition<SectionType> | undefined;
  definition?.prepare?.(section as SectionOf<SectionType>, data);
}
