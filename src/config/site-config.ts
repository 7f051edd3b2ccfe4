import type { Faq, FormConfig, Influencer, Navigation, NicheLabel, Page, PlatformLabel, Point, Project, ServiceOffering, Site } from '../generated/config-types.ts';

/** The name of a form: its file name in config/forms/ without .json, as pages refer to it. */
export type FormName = string;

/** The whole site as the renderer receives it: validated, with site placeholders such as {name} filled in. */
export interface SiteConfig {
  readonly site: Site;
  readonly navigation: Navigation;
  /** Every page, in the order of their files' names. */
  readonly pages: readonly Page[];
  readonly influencers: readonly Influencer[];
  readonly projects: readonly Project[];
  readonly services: readonly ServiceOffering[];
  readonly processSteps: readonly Point[];
  /** Every collection of points in config/collections/, by its file name, for the point-grid sections that name one. */
  readonly pointCollections: Readonly<Record<string, readonly Point[]>>;
  readonly faqs: readonly Faq[];
  readonly platforms: readonly PlatformLabel[];
  readonly niches: readonly NicheLabel[];
  readonly forms: Readonly<Record<FormName, FormConfig>>;
}
