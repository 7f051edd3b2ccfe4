/**
 * The repository's own site as the browser tests of e2e/live/ see it: config/ read through the one validator, and
 * helpers that turn it into what a visitor should find. Nothing here names today's copy, counts or routes.
 */
import { siteFolders } from '../../src/checker/project-folders.ts';
import type { SiteConfig } from '../../src/contract/site-config.ts';
import { validateConfig } from '../../src/checker/validate-config.ts';
import type { FormConfig, Influencer, Page, Section } from '../../src/generated/config-types.ts';
import { LIVE_SITE_DIR } from '../../src/testing/sites.ts';

function readLiveSite(): SiteConfig {
  const { config, problems } = validateConfig(siteFolders(LIVE_SITE_DIR));
  if (!config) throw new Error(`config/ has ${problems.length} problems; npm run validate lists them.`);
  return config;
}

export const site = readLiveSite();

/** Pages with one fixed address, such as /work: neither the not-found page nor a page per influencer. */
export const fixedPages = site.pages.filter((page) => page.route !== '*' && !page.route.includes(':'));
/** The page every influencer's profile is shown on, if the site has one. */
export const profilePage = site.pages.find(
  (page) => page.route.includes(':id') && page.sections.some((section) => section.type === 'influencer-profile'),
);
export const notFoundPage = site.pages.find((page) => page.route === '*');

export type SectionOf<T extends Section['type']> = Extract<Section, { type: T }>;

/** The first section of a type on a page, with the page, if any page has one. */
export function firstSection<T extends Section['type']>(type: T): { page: Page; section: SectionOf<T> } | undefined {
  for (const page of site.pages) {
    const section = page.sections.find((candidate): candidate is SectionOf<T> => candidate.type === type);
    if (section) return { page, section };
  }
  return undefined;
}

/** The address of an influencer's profile. */
export const profilePath = (influencer: Influencer) => profilePage!.route.replace(':id', String(influencer.id));

/** A profile address no influencer has. */
export const missingProfilePath = () =>
  profilePage!.route.replace(':id', String(Math.max(0, ...site.influencers.map((influencer) => influencer.id)) + 1));

/** An address no page has. */
export const MISSING_PAGE_PATH = '/__no-page-has-this-address__';

/** Fills a profile page's {influencer.field} placeholders. */
export const fillInfluencer = (text: string, influencer: Influencer) =>
  text.replace(/\{influencer\.(\w+)\}/g, (whole, field: string) =>
    String((influencer as unknown as Record<string, unknown>)[field] ?? whole),
  );

/** What a visitor should find at an address: its status, title, description and the text of its one h1. */
export interface Expected {
  readonly path: string;
  readonly status: number;
  readonly title: string;
  readonly description: string;
  readonly h1: string;
}

const MAIN_HEADING_SECTIONS = new Set<Section['type']>(['video-hero', 'page-hero', 'not-found']);
const mainHeadingOf = (page: Page) =>
  page.sections.find((section) => MAIN_HEADING_SECTIONS.has(section.type)) as { heading: string } | undefined;

/**
 * Every address worth opening in a browser: each fixed page, the first and last profile, an unknown profile and an
 * unknown page.
 */
export function addressesToVisit(): Expected[] {
  const addresses: Expected[] = fixedPages.map((page) => ({
    path: page.route,
    status: 200,
    title: page.title,
    description: page.description,
    h1: mainHeadingOf(page)?.heading ?? '',
  }));
  if (profilePage) {
    const profile = profilePage.sections.find(
      (section): section is SectionOf<'influencer-profile'> => section.type === 'influencer-profile',
    )!;
    const shown = [...new Set([site.influencers[0], site.influencers.at(-1)])].filter(
      (influencer): influencer is Influencer => !!influencer,
    );
    for (const influencer of shown) {
      addresses.push({
        path: profilePath(influencer),
        status: 200,
        title: fillInfluencer(profilePage.title, influencer),
        description: fillInfluencer(profilePage.description, influencer),
        h1: influencer.name,
      });
    }
    addresses.push({
      path: missingProfilePath(),
      status: 404,
      title: profile.notFound.title,
      description: profile.notFound.text,
      h1: profile.notFound.heading,
    });
  }
  if (notFoundPage)
    addresses.push({
      path: MISSING_PAGE_PATH,
      status: 404,
      title: notFoundPage.title,
      description: notFoundPage.description,
      h1: mainHeadingOf(notFoundPage)?.heading ?? '',
    });
  return addresses;
}

/** Every form shown on a page, with the address of the first page that shows it. */
export function formsOnPages(): { path: string; name: string; form: FormConfig }[] {
  const found = new Map<string, string>();
  for (const page of fixedPages) {
    for (const section of page.sections) {
      if ((section.type === 'form' || section.type === 'contact-panel') && !found.has(section.form))
        found.set(section.form, page.route);
    }
  }
  return [...found].map(([name, path]) => ({ path, name, form: site.forms[name]! }));
}

type Field = FormConfig['schema']['properties'][string];

// Answers tried for a field with a pattern, after its own placeholder: a phone number, a handle, a web address, a word.
const PATTERN_CANDIDATES = [
  '+233 24 123 4567',
  '0241234567',
  '@example',
  'https://example.com/',
  'example',
  'Example answer',
  '12345',
];

/** An answer that keeps every rule of a field, or undefined when none can be made up for its pattern. */
export function validAnswer(name: string, field: Field, placeholder?: string): string | undefined {
  if (field.oneOf) return field.oneOf[0]!.const;
  if (field.pattern) {
    const pattern = new RegExp(field.pattern, 'u');
    const fits = (answer: string) =>
      pattern.test(answer) && answer.length >= (field.minLength ?? 0) && answer.length <= (field.maxLength ?? Infinity);
    return [placeholder, ...PATTERN_CANDIDATES].find(
      (answer): answer is string => answer !== undefined && fits(answer),
    );
  }
  if (field.format === 'email') return `${name.toLowerCase()}@example.com`.slice(-(field.maxLength ?? 254));
  if (field.format === 'uri') return 'https://example.com/';
  const length = Math.min(Math.max(field.minLength ?? 1, 12), field.maxLength ?? 12);
  return 'Test answer for the form, long enough for any rule. '
    .repeat(Math.ceil(length / 50) + 1)
    .slice(0, length)
    .replace(/\s+$/, 'x');
}

/**
 * The message an empty required field shows, as EDITING.md describes: its own "required" message, else its first
 * rule's, else the form's.
 */
export function emptyFieldMessage(form: FormConfig, name: string): string {
  const messages = form.schema.properties[name]?.errorMessage ?? {};
  return (
    messages.required ??
    messages.minLength ??
    messages.format ??
    messages.pattern ??
    messages.oneOf ??
    form.messages.required
  );
}

/**
 * The influencers a directory search for some text shows: the text, ignoring case and surrounding spaces, in a name,
 * handle or niche.
 */
export function influencersMatching(text: string): Influencer[] {
  const needle = text.trim().toLowerCase();
  return site.influencers.filter((influencer) =>
    [influencer.name, influencer.handle, influencer.niche].some((value) => value.toLowerCase().includes(needle)),
  );
}

/** A directory count as the section words it, such as "6 influencers found". */
export function countText(section: SectionOf<'influencer-directory'>, count: number): string {
  return (count === 1 ? section.countOne : section.countOther).replace('{count}', String(count));
}
