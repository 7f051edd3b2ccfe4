/**
 * The contract between the build and the renderer: the shape of the checked config and of the data each page and the
 * browser receive. Types, and the one list of fields they are made from; both sides import it, it imports only the
 * generated types.
 */
import type {
  CreatorPhoto,
  FormConfig,
  Influencer,
  Navigation,
  Page,
  Site,
  SiteCollections,
} from '../generated/config-types.ts';

/**
 * What the build adds to a picture so that the renderer can name its sizes: the key every file the image pipeline
 * wrote for it starts with; or, where the host's image service makes them (config/hosting.json), which service, the
 * original, its upright size and the focus every frame is cut around.
 */
export type PictureFiles =
  | { readonly key: string }
  | {
      readonly service: 'netlify' | 'cloudflare';
      readonly src: string;
      readonly width: number;
      readonly height: number;
      readonly focus?: CreatorPhoto['focus'];
    };

/** A picture (a creator's photo, a project's image) as a build hands it over: with its files, when the pipeline made them. */
export type BuiltPicture = CreatorPhoto & { readonly files?: PictureFiles };

/**
 * A picture as a card needs it: once the pipeline made its files, their name and the alt text are all (the focus is
 * in the files already), which keeps the directory's search data small; otherwise the author's picture.
 */
export type ShownPicture = BuiltPicture | { readonly alt: string; readonly files: PictureFiles };

/**
 * The fields of an influencer that the directory and its cards show (the rest comes with their profile), in the
 * order each row of the directory's search data lists them. Declared once: the summary's type is made from it.
 */
export const INFLUENCER_SUMMARY_FIELDS = [
  'id',
  'name',
  'handle',
  'platform',
  'niche',
  'followers',
  'engagement',
  'verified',
  'photo',
] as const satisfies readonly (keyof Influencer)[];

/** What the directory and its cards show of an influencer: their photo only as much as a card needs. */
export type InfluencerSummary = Omit<Pick<Influencer, (typeof INFLUENCER_SUMMARY_FIELDS)[number]>, 'photo'> & {
  readonly photo?: ShownPicture;
};

/** The name of a form: its file name in config/forms/ without .json, as pages refer to it. */
export type FormName = string;

/**
 * The whole site as the renderer receives it: validated, with site placeholders such as {name} filled in. Its
 * collections (influencers, projects, faqs…) are named once, in src/checker/config-files.ts.
 */
export interface SiteConfig extends SiteCollections {
  readonly site: Site;
  readonly navigation: Navigation;
  /** Every page, in the order of their files' names. */
  readonly pages: readonly Page[];
  readonly forms: Readonly<Record<FormName, FormConfig>>;
}

/** What every page receives with the app: the site's settings, its navigation and its pages. */
export type SiteShell = Pick<SiteConfig, 'site' | 'navigation' | 'pages'>;

/** The directory's first view, pre-rendered, and where the rest of its data is. */
export interface DirectoryData {
  /** How many influencers there are in all. */
  readonly total: number;
  /** The first page of results, as the pre-rendered directory shows it. */
  readonly firstPage: readonly InfluencerSummary[];
  /** The address of the search data: every influencer's summary, one row each, loaded after the first paint. */
  readonly indexUrl: string;
}

/**
 * The collections one page shows, and only those: the build selects them from the page's sections (each section's
 * data.ts), and the page loads them with its sections.
 */
export type PageData = Partial<SiteCollections> & {
  /** The influencer directory's first view. */
  readonly directory?: DirectoryData;
};

/** A file of data the site serves besides its pages: where it is served, and what it holds. */
export interface DataFile {
  /** The path the browser asks for, such as /assets/influencers-3f2a9c1e.json. */
  readonly url: string;
  readonly content: string;
}

/**
 * The files of data the browser fetches: the directory's search data, and one file per influencer for their profile.
 */
export interface DataFiles {
  readonly influencerIndex: DataFile;
  /** The path of an influencer's profile data, such as /data/influencers/7.json. */
  readonly profileUrl: (id: number) => string;
}
