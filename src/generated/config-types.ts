/* eslint-disable */
/**
 * GENERATED from the JSON Schemas in schemas/. Do not edit by hand:
 * change the schema, then run `npm run generate`. `npm test` fails when this file is out of date.
 */

/**
 * One block of the page. Its kind decides which fields it has.
 */
export type Section =
  | CallToActionSection
  | ContactPanelSection
  | FaqListSection
  | FormSection
  | InfluencerDirectorySection
  | InfluencerProfileSection
  | NotFoundSection
  | PageHeroSection
  | PointGridSection
  | ProcessStepsSection
  | ProjectGallerySection
  | ProjectHighlightsSection
  | ServiceDetailsSection
  | ServiceHighlightsSection
  | StorySection
  | TextSection
  | VideoHeroSection;
/**
 * The story, one item per paragraph.
 *
 * @minItems 1
 *
 * Items: Text shown on the site, a few sentences long. It cannot be empty.
 */
export type Paragraphs = [string, ...string[]];
/**
 * A social platform, written in lower case: instagram, tiktok, youtube, facebook, twitter, linkedin, twitch, snapchat or pinterest.
 */
export type Platform =
  'instagram' | 'tiktok' | 'youtube' | 'facebook' | 'twitter' | 'linkedin' | 'twitch' | 'snapchat' | 'pinterest';
/**
 * A content niche, written in lower case: fashion, beauty, fitness, tech, lifestyle or food.
 */
export type Niche = 'fashion' | 'beauty' | 'fitness' | 'tech' | 'lifestyle' | 'food';
/**
 * The kind of project: production, influencer or strategy.
 */
export type ProjectCategory = 'production' | 'influencer' | 'strategy';
/**
 * Which of the agency's four kinds of service this is: production, strategy, influencer or media. It picks the artwork, and is what the contact form sends; the service's name is written in its own field.
 */
export type Service = 'production' | 'strategy' | 'influencer' | 'media';
/**
 * Where a visitor's answers go when the form is sent. Optional; without it nobody receives them (they are only written to the browser's console, for trying the site out).
 */
export type Delivery = LogDelivery | PostDelivery | NetlifyDelivery;

export interface ConfigFiles {
  site?: Site;
  navigation?: Navigation;
  page?: Page;
  'collections/influencers'?: Influencers;
  'collections/influencer'?: Influencer;
  'collections/projects'?: Projects;
  'collections/project'?: Project;
  'collections/services'?: Services;
  'collections/process'?: ProcessSteps;
  'collections/faqs'?: Faqs;
  'collections/platforms-and-niches'?: PlatformsAndNiches;
  form?: FormConfig;
  publishing?: Publishing;
  'collections/points'?: PointCollection;
}
/**
 * Everything about the agency that appears across the whole site: its name, contact details, social links, footer, the promises and figures it states, and the timings of notifications.
 */
export interface Site {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The agency's name, shown as the logo and in page titles. Other texts can show it by writing {name}.
   */
  name: string;
  /**
   * The address where the site is published, such as https://loommedia.com.gh. Search engines and link previews use it. A site published in a folder of its address, such as a GitHub project site at https://our-team.github.io/loom-site, writes the folder too: every link, picture and page of the site is then built to live in it.
   */
  url: string;
  /**
   * The picture shown when a page is shared on social media or in a chat, from public/, such as /media/hero-poster.jpg.
   */
  shareImage: string;
  /**
   * The language of the site's text as a code such as en, so screen readers pronounce it correctly.
   */
  language: string;
  contact: ContactDetails;
  /**
   * The agency's social media profiles, shown on the Contact page.
   *
   * @minItems 1
   */
  socials: [SocialLink, ...SocialLink[]];
  footer: Footer;
  claims: Claims;
  promises: Promises;
  timing: Timing;
  toasts: Toasts;
  labels: Labels;
  errorScreen: ErrorScreen;
}
/**
 * How to reach the agency, shown on the Contact page.
 */
export interface ContactDetails {
  /**
   * The address visitors write to, such as hello@example.com. It becomes a mailto: link.
   */
  email: string;
  /**
   * The phone number as visitors should read it, such as +233 30 290 4417. It becomes a tel: link.
   */
  phone: string;
  /**
   * The office address, one line per entry, such as 14 Independence Avenue, then Accra, Ghana.
   *
   * @minItems 1
   *
   * Items: Text shown on the site. It cannot be empty.
   */
  address: [string, ...string[]];
}
/**
 * One social media profile.
 */
export interface SocialLink {
  /**
   * Which network: instagram, x or linkedin.
   */
  network: 'instagram' | 'x' | 'linkedin';
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * The full address of the profile, starting with https://.
   */
  url: string;
}
/**
 * The strip at the bottom of every page.
 */
export interface Footer {
  /**
   * Text shown on the site. It cannot be empty.
   */
  tagline: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  copyright: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  linksLabel?: string;
  /**
   * The links in the footer.
   *
   * @minItems 1
   */
  links: [FooterLink, ...FooterLink[]];
}
/**
 * One link in the footer.
 */
export interface FooterLink {
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * The page the link opens, such as /about.
   */
  href: string;
}
/**
 * Figures the site states about the network. Texts show them by writing {claims.creatorNetwork} or {claims.genZReach}, so a figure is changed in one place.
 */
export interface Claims {
  /**
   * Text shown on the site. It cannot be empty.
   */
  creatorNetwork: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  genZReach: string;
}
/**
 * How quickly the agency promises to answer. Texts show them by writing {promises.applicationReviewDays} or {promises.contactResponseHours}.
 */
export interface Promises {
  /**
   * Business days within which a creator's application gets an answer, such as 5.
   */
  applicationReviewDays: number;
  /**
   * Hours within which a project inquiry gets an answer, such as 24.
   */
  contactResponseHours: number;
}
/**
 * How long things take, in milliseconds (1000 ms is one second).
 */
export interface Timing {
  /**
   * How long sending the creator application takes, in milliseconds, such as 1500.
   */
  simulatedSubmitMs: number;
  /**
   * How long the "Application Received" view stays before the visitor is taken to the directory, in milliseconds, such as 3000.
   */
  applicationRedirectMs: number;
  /**
   * How long a notification stays on screen, in milliseconds, such as 4000.
   */
  toastDurationMs: number;
  /**
   * How long the pointer rests on an element before its tooltip opens, in milliseconds, such as 700.
   */
  tooltipOpenDelayMs: number;
}
/**
 * Notifications that pop up after a form is sent.
 */
export interface Toasts {
  /**
   * How many notifications can show at once, such as 3. Older ones close first.
   */
  maxVisible: number;
  /**
   * Text shown on the site. It cannot be empty.
   */
  regionLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  closeLabel: string;
}
/**
 * Small texts used by the layout, mostly read out by screen readers.
 */
export interface Labels {
  /**
   * Text shown on the site. It cannot be empty.
   */
  skipToContent: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  homeLink: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  mainNavigation: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  openMenu: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  closeMenu: string;
}
/**
 * The screen shown if a page fails to load because of an unexpected problem.
 */
export interface ErrorScreen {
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text: string;
  action: Action;
}
/**
 * A button that takes the visitor somewhere.
 */
export interface Action {
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * Where the button goes: a page of this site such as /contact, a web address starting with https://, or a mailto: or tel: link.
   */
  href: string;
  /**
   * How prominent the button is: filled for the main action, outlined for a second choice. Filled when left out.
   */
  variant?: 'primary' | 'secondary';
}
/**
 * The bar fixed at the top of every page: its links and its call-to-action button.
 */
export interface Navigation {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The links in the top bar, in the order they appear. On phones they sit behind the menu button.
   *
   * @minItems 1
   * @maxItems 8
   */
  links:
    | [NavigationLink]
    | [NavigationLink, NavigationLink]
    | [NavigationLink, NavigationLink, NavigationLink]
    | [NavigationLink, NavigationLink, NavigationLink, NavigationLink]
    | [NavigationLink, NavigationLink, NavigationLink, NavigationLink, NavigationLink]
    | [NavigationLink, NavigationLink, NavigationLink, NavigationLink, NavigationLink, NavigationLink]
    | [NavigationLink, NavigationLink, NavigationLink, NavigationLink, NavigationLink, NavigationLink, NavigationLink]
    | [
        NavigationLink,
        NavigationLink,
        NavigationLink,
        NavigationLink,
        NavigationLink,
        NavigationLink,
        NavigationLink,
        NavigationLink
      ];
  cta: Action;
}
/**
 * One link in the top bar.
 */
export interface NavigationLink {
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * The page the link opens, such as /work.
   */
  href: string;
}
/**
 * One page of the site: its address, its title in the browser tab and search results, and the sections it shows from top to bottom.
 */
export interface Page {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The address of the page, such as /work. /influencers/:id means any number after /influencers/. * is the page shown when no other page matches.
   */
  route: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * One or two sentences that search engines show under the title.
   */
  description: string;
  /**
   * The blocks of the page, from top to bottom, each of a kind: a page opening, a grid of points, a form…
   *
   * @minItems 1
   */
  sections: [Section, ...Section[]];
}
/**
 * A closing band with a heading, a sentence and one or more buttons.
 */
export interface CallToActionSection {
  /**
   * Marks this block as a call to action.
   */
  type: 'call-to-action';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
  /**
   * The buttons, such as Book a Call and See Our Work.
   *
   * @minItems 1
   * @maxItems 3
   */
  actions: [Action] | [Action, Action] | [Action, Action, Action];
}
/**
 * A form beside the agency's contact details and social links. The details come from config/site.json.
 */
export interface ContactPanelSection {
  /**
   * Marks this block as the form with contact details.
   */
  type: 'contact-panel';
  /**
   * Which form to show beside the details: the name of its file in config/forms/ without .json, such as contact-inquiry.
   */
  form: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  formHeading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  detailsHeading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  emailLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  phoneLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  officeLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  socialHeading: string;
}
/**
 * The questions and answers from config/collections/faqs.json.
 */
export interface FaqListSection {
  /**
   * Marks this block as the list of frequently asked questions.
   */
  type: 'faq-list';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
}
/**
 * One of the forms in config/forms/, on its own.
 */
export interface FormSection {
  /**
   * Marks this block as a form.
   */
  type: 'form';
  /**
   * Which form to show: the name of its file in config/forms/ without .json, such as creator-application.
   */
  form: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
}
/**
 * The searchable directory of influencers from config/collections/influencers: a search box, platform and niche filter buttons, a count of matches and a card per influencer.
 */
export interface InfluencerDirectorySection {
  /**
   * Marks this block as the influencer directory.
   */
  type: 'influencer-directory';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  searchLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  searchPlaceholder: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  platformFilterLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  nicheFilterLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  allLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  countOne: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  countOther: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  emptyText: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  clearFiltersLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  viewProfileLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  verifiedLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  followersLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  engagementLabel: string;
  /**
   * How many influencers one page of results shows, such as 24. With more matches, numbered page links follow; the page never shows them all at once.
   */
  pageSize: number;
  pagination: Pagination;
}
/**
 * The links to the other pages of results, when there are more matches than one page shows.
 */
export interface Pagination {
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  previous: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  next: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  page: string;
}
/**
 * The profile of the influencer whose number is in the address (/influencers/3 shows the influencer with id 3), or a not-found message when there is none.
 */
export interface InfluencerProfileSection {
  /**
   * Marks this block as an influencer's profile.
   */
  type: 'influencer-profile';
  backAction: Action;
  /**
   * Text shown on the site. It cannot be empty.
   */
  verifiedLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  aboutHeading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  metricsHeading: string;
  metricLabels: MetricLabels;
  /**
   * Text shown on the site. It cannot be empty.
   */
  ratesHeading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  ratesNote: string;
  contactAction: Action;
  notFound: InfluencerNotFound;
}
/**
 * The captions of the four figures.
 */
export interface MetricLabels {
  /**
   * Text shown on the site. It cannot be empty.
   */
  followers: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  engagement: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  reach: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  audience: string;
}
/**
 * What shows when no influencer has the number in the address.
 */
export interface InfluencerNotFound {
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text: string;
}
/**
 * What a visitor sees at an address the site does not have.
 */
export interface NotFoundSection {
  /**
   * Marks this block as the page-not-found message.
   */
  type: 'not-found';
  /**
   * Text shown on the site. It cannot be empty.
   */
  code: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text: string;
  homeAction: Action;
  /**
   * Text shown on the site. It cannot be empty.
   */
  backLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  consoleMessage: string;
}
/**
 * The opening block of a page: its main heading, a sentence or two, and optionally a few figures.
 */
export interface PageHeroSection {
  /**
   * Marks this block as the opening of a page.
   */
  type: 'page-hero';
  /**
   * Text shown on the site. It cannot be empty.
   */
  eyebrow?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text: string;
  /**
   * Figures shown under the text, such as 1000+ Creators. Optional.
   *
   * @minItems 1
   * @maxItems 4
   */
  stats?: [Stat] | [Stat, Stat] | [Stat, Stat, Stat] | [Stat, Stat, Stat, Stat];
}
/**
 * A figure shown large with a short caption, such as 1000+ Creators.
 */
export interface Stat {
  /**
   * Text shown on the site. It cannot be empty.
   */
  value: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
}
/**
 * A grid of short points, each a heading with a sentence, taken from one of the lists in config/collections/.
 */
export interface PointGridSection {
  /**
   * Marks this block as a grid of points.
   */
  type: 'point-grid';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
  /**
   * Which points to show: the name of a collection of points in config/collections/, without .json, such as values for config/collections/values.json. A new collection is a new file there that starts with "$schema": "../../schemas/collections/points.schema.json".
   */
  source: string;
}
/**
 * The numbered steps of how the agency works, from config/collections/process.json.
 */
export interface ProcessStepsSection {
  /**
   * Marks this block as the numbered process.
   */
  type: 'process-steps';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
}
/**
 * Every project from the projects list as a card, with a bar of filter buttons that stays at the top while scrolling.
 */
export interface ProjectGallerySection {
  /**
   * Marks this block as the filterable portfolio.
   */
  type: 'project-gallery';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  filtersLabel: string;
  /**
   * The filter buttons in order. The first one is selected when the page opens.
   *
   * @minItems 2
   */
  filters: [ProjectFilter, ProjectFilter, ...ProjectFilter[]];
  /**
   * Text shown on the site. It cannot be empty.
   */
  emptyText: string;
}
/**
 * One filter button.
 */
export interface ProjectFilter {
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * Which projects the button shows: all, a category (production, influencer, strategy), or a year such as 2024. A project shows when its category or its year matches.
   */
  value: string;
}
/**
 * A few projects from the projects list (config/collections/projects.json) shown as cards, each linking to the full portfolio.
 */
export interface ProjectHighlightsSection {
  /**
   * Marks this block as a row of project cards.
   */
  type: 'project-highlights';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
  /**
   * How many projects to show, taken from the top of the projects list, such as 3.
   */
  limit: number;
  /**
   * The page each card opens, such as /work.
   */
  cardHref: string;
  action: Action;
}
/**
 * Every service from the services list in full: name, description and its list of features.
 */
export interface ServiceDetailsSection {
  /**
   * Marks this block as the full list of services.
   */
  type: 'service-details';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  featuresLabel: string;
}
/**
 * One card per service from the services list (config/collections/services.json), each with its name and summary.
 */
export interface ServiceHighlightsSection {
  /**
   * Marks this block as a row of service cards.
   */
  type: 'service-highlights';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text?: string;
  /**
   * The page each card opens, such as /services.
   */
  cardHref: string;
  action: Action;
}
/**
 * The agency's story in a few paragraphs, with key facts and its mission.
 */
export interface StorySection {
  /**
   * Marks this block as the agency's story.
   */
  type: 'story';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  paragraphs: Paragraphs;
  /**
   * Figures beside the story, such as 2024 Founded.
   *
   * @minItems 1
   * @maxItems 4
   */
  facts: [Stat] | [Stat, Stat] | [Stat, Stat, Stat] | [Stat, Stat, Stat, Stat];
  mission: Point;
}
/**
 * A short heading with a sentence or two under it.
 */
export interface Point {
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text: string;
}
/**
 * Text as you write it: paragraphs, subheadings, lists, links, bold and italic, such as a policy, a longer story or terms.
 */
export interface TextSection {
  /**
   * Marks this block as text.
   */
  type: 'text';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading?: string;
  /**
   * The text, written as in an email: a blank line between paragraphs, ## for a subheading, - for a list, **bold**, *italic*, [words that link](/contact).
   */
  text: string;
  /**
   * The background of the block: plain (the page's own) or tinted (a light band). Optional; plain when left out.
   */
  tone?: 'plain' | 'tinted';
}
/**
 * A full-screen opening block: a looping, silent background video behind the page's main heading and buttons. Use it once, at the top of a page.
 */
export interface VideoHeroSection {
  /**
   * Marks this block as a full-screen video opening.
   */
  type: 'video-hero';
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  text: string;
  /**
   * The buttons under the heading, such as Start Your Project and View Our Work.
   *
   * @minItems 1
   * @maxItems 3
   */
  actions: [Action] | [Action, Action] | [Action, Action, Action];
  video: BackgroundVideo;
}
/**
 * The background video. It plays silently on a loop; visitors who ask their device for less motion see the still picture instead.
 */
export interface BackgroundVideo {
  /**
   * Optional: the same video in WebM format, which is often smaller, such as /media/hero.webm. Browsers that play WebM take it instead of the MP4, so it must be the same video: give it the same name as the MP4. Leave it out if you only have the MP4.
   */
  webm?: string;
  /**
   * The video as an MP4 file (H.264), such as /media/hero.mp4. Every current browser plays it, so it is all the site needs.
   */
  mp4: string;
  /**
   * A still picture shown before the video plays and instead of it for visitors who prefer less motion, such as /media/hero-poster.jpg.
   */
  poster: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  pauseLabel: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  playLabel: string;
}
/**
 * The creators shown in the directory, each with a profile page at /influencers/<id>.
 */
export interface Influencers {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The influencers in the order the directory shows them.
   *
   * @minItems 1
   */
  influencers: [Influencer, ...Influencer[]];
}
/**
 * One creator in the network. In config/collections/influencers/, each creator is a file of their own, such as amara-okafor.json; the directory lists them in the order of their file names.
 */
export interface Influencer {
  /**
   * Where your editor finds the rules for this file, when the entry is a file of its own. Leave it as it is.
   */
  $schema?: string;
  /**
   * The influencer's number, used in the address of their profile (/influencers/3). Each influencer needs a different number.
   */
  id: number;
  /**
   * Text shown on the site. It cannot be empty.
   */
  name: string;
  /**
   * The creator's handle on their main platform, with the @, such as "@amara.styles".
   */
  handle: string;
  platform: Platform;
  niche: Niche;
  /**
   * Text shown on the site. It cannot be empty.
   */
  followers: string;
  /**
   * The engagement rate as a percentage, such as "4.8%".
   */
  engagement: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  reach: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  audience: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  rates: string;
  /**
   * Text shown on the site, a few sentences long. It cannot be empty.
   */
  bio: string;
  /**
   * On if the agency has verified the creator: a check mark shows beside their name.
   */
  verified: boolean;
}
/**
 * The agency's projects, shown on the Work page and (the first few) on the home page. The Work page's filter buttons (by kind or by year) are set on that page, in its Filterable portfolio block.
 */
export interface Projects {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The projects in the order they are shown. The home page shows the first ones.
   *
   * @minItems 1
   */
  projects: [Project, ...Project[]];
}
/**
 * One project. In config/collections/projects/, each project is a file of its own; the Work page lists them in the order of their file names, so start the names with numbers (01-rhythm-of-accra.json) to set the order.
 */
export interface Project {
  /**
   * Where your editor finds the rules for this file, when the entry is a file of its own. Leave it as it is.
   */
  $schema?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  client: string;
  category: ProjectCategory;
  /**
   * The year of the project, such as 2024. The Work page can filter by it: its filter buttons are set on the Work page, in its Filterable portfolio block.
   */
  year: number;
  /**
   * Text shown on the site, a few sentences long. It cannot be empty.
   */
  description: string;
  /**
   * Short labels shown on the card, such as Video or Music.
   *
   * @minItems 1
   * @maxItems 6
   *
   * Items: Text shown on the site. It cannot be empty.
   */
  tags:
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string];
}
/**
 * What the agency offers, shown on the Services page in full and on the home page as cards.
 */
export interface Services {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The services in the order they are shown.
   *
   * @minItems 1
   */
  services: [ServiceOffering, ...ServiceOffering[]];
}
/**
 * One service.
 */
export interface ServiceOffering {
  id: Service;
  /**
   * Text shown on the site. It cannot be empty.
   */
  name: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  optionLabel?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  summary: string;
  /**
   * Text shown on the site, a few sentences long. It cannot be empty.
   */
  description: string;
  /**
   * What the service includes, one bullet point per item.
   *
   * @minItems 1
   * @maxItems 8
   *
   * Items: Text shown on the site. It cannot be empty.
   */
  features:
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string];
}
/**
 * How the agency works, step by step, shown numbered on the Services page.
 */
export interface ProcessSteps {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The steps in order, each a short title and a sentence.
   *
   * @minItems 1
   * @maxItems 8
   */
  steps:
    | [Point]
    | [Point, Point]
    | [Point, Point, Point]
    | [Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point, Point, Point, Point];
}
/**
 * Frequently asked questions, shown on the Contact page.
 */
export interface Faqs {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The questions in the order they are shown.
   *
   * @minItems 1
   */
  faqs: [Faq, ...Faq[]];
}
/**
 * One question and its answer.
 */
export interface Faq {
  /**
   * Text shown on the site. It cannot be empty.
   */
  question: string;
  /**
   * Text shown on the site, a few sentences long. It cannot be empty.
   */
  answer: string;
}
/**
 * How platforms and niches are named on the site: on the directory's filter buttons and on influencer cards and profiles.
 */
export interface PlatformsAndNiches {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The platforms in the order the directory's filter buttons show them.
   *
   * @minItems 1
   */
  platforms: [PlatformLabel, ...PlatformLabel[]];
  /**
   * The niches in the order the directory's filter buttons show them.
   *
   * @minItems 1
   */
  niches: [NicheLabel, ...NicheLabel[]];
}
/**
 * One platform and how it is named.
 */
export interface PlatformLabel {
  value: Platform;
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
}
/**
 * One niche and how it is named.
 */
export interface NicheLabel {
  value: Niche;
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
}
/**
 * A form: its fields and their rules, how each field looks, the messages a visitor sees, and what happens when it is sent.
 */
export interface FormConfig {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  schema: FormFields;
  uiSchema: FormLayout;
  messages: DefaultMessages;
  submit: SubmitButton;
  behaviour: FormBehaviour;
  delivery?: Delivery;
  toasts: FormNotifications;
}
/**
 * The fields of the form and the rules their answers must follow. The name of each field is also the name it has in the data sent.
 */
export interface FormFields {
  /**
   * Always "object": the form's answers are sent together.
   */
  type: 'object';
  /**
   * The names of the fields a visitor must fill in, such as ["fullName", "email"].
   */
  required?: string[];
  /**
   * The fields, by name. The order in which they show is set by "ui:order" in uiSchema.
   */
  properties: {
    [k: string]: FormField;
  };
}
/**
 * One field of the form and its rules.
 */
export interface FormField {
  /**
   * Always "string": answers are text.
   */
  type: 'string';
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * The fewest characters the answer may have.
   */
  minLength?: number;
  /**
   * The most characters the answer may have.
   */
  maxLength?: number;
  /**
   * The kind of answer expected: email or uri (a web address).
   */
  format?: 'email' | 'uri';
  /**
   * A regular expression the answer must match. Ask a developer before changing it.
   */
  pattern?: string;
  /**
   * The choices of a drop-down list, each with the value sent and the label shown. With "optionsFrom", these come after the choices of the collection.
   *
   * @minItems 1
   */
  oneOf?: [Option, ...Option[]];
  /**
   * Where the choices of a drop-down list come from, so they are written once: "services" gives one choice per service in config/collections/services.json, in that order. Choices in "oneOf" are added after them, such as { "const": "other", "title": "Not Sure / Multiple" }. Optional.
   */
  optionsFrom?: 'services';
  errorMessage?: FieldMessages;
}
/**
 * One choice.
 */
export interface Option {
  /**
   * The value sent, such as "fitness".
   */
  const: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
}
/**
 * The messages shown under this field, one per rule, such as { "minLength": "Name must be at least 2 characters" }.
 */
export interface FieldMessages {
  /**
   * Text shown on the site. It cannot be empty.
   */
  required?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  minLength?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  maxLength?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  format?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  pattern?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  oneOf?: string;
}
/**
 * How the form looks: the order of the fields, how they are grouped, and each field's placeholder, help text and kind of input.
 */
export interface FormLayout {
  /**
   * The field names in the order they show.
   *
   * @minItems 1
   */
  'ui:order': [string, ...string[]];
  /**
   * Groups of fields shown under a heading each, such as Personal Information. Optional; without it the fields show in one list.
   *
   * @minItems 1
   */
  'ui:groups'?: [FieldGroup, ...FieldGroup[]];
  [k: string]: FieldLayout | [string, ...string[]] | [FieldGroup, ...FieldGroup[]] | undefined;
}
/**
 * One group of fields under a heading.
 */
export interface FieldGroup {
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  description?: string;
  /**
   * The names of the fields in this group, in order.
   *
   * @minItems 1
   */
  fields: [string, ...string[]];
  /**
   * How many fields sit side by side on wide screens: 1 or 2. Phones always show one per row. Optional; 1 when left out.
   */
  columns?: 1 | 2;
}
/**
 * How one field looks.
 */
export interface FieldLayout {
  /**
   * The kind of input: text, email, tel, url, textarea (several lines) or select (a drop-down list of the field's choices).
   */
  'ui:widget'?: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select';
  /**
   * Text shown on the site. It cannot be empty.
   */
  'ui:placeholder'?: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  'ui:help'?: string;
  /**
   * What the browser may fill in for the visitor: name, email, tel, organization, url, or off.
   */
  'ui:autocomplete'?: 'off' | 'name' | 'email' | 'tel' | 'organization' | 'url';
  'ui:options'?: FieldOptions;
}
/**
 * More settings for the field.
 */
export interface FieldOptions {
  /**
   * How many lines a textarea shows, such as 6.
   */
  rows?: number;
}
/**
 * Messages for fields that have no message of their own.
 */
export interface DefaultMessages {
  /**
   * Text shown on the site. It cannot be empty.
   */
  required: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  invalid: string;
}
/**
 * The button that sends the form.
 */
export interface SubmitButton {
  /**
   * Text shown on the site. It cannot be empty.
   */
  label: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  busyLabel: string;
}
/**
 * What happens when a visitor sends the form.
 */
export interface FormBehaviour {
  /**
   * How a visitor learns that required fields are empty: a message under each field, or also a notification (the form's "incomplete" notification).
   */
  whenIncomplete: 'show-messages' | 'show-toast';
  /**
   * On: the button waits a moment as if sending (the time set in the site's settings), so trying the form feels real. Off: it finishes at once. Only while answers are not delivered anywhere; a real delivery waits for the answer instead.
   */
  simulateSending: boolean;
  /**
   * On: what the visitor typed is kept if the page reloads or sending fails, until the form is sent.
   */
  saveDraft: boolean;
  /**
   * On: every field is emptied once the form is sent.
   */
  clearOnSuccess: boolean;
  successView?: SuccessView;
  /**
   * The page the visitor is taken to a few seconds after the form is sent (the time set in the site's settings). Optional.
   */
  redirectTo?: string;
}
/**
 * Shown in place of the form once it is sent. Optional; without it the form stays.
 */
export interface SuccessView {
  /**
   * Text shown on the site. It cannot be empty.
   */
  heading: string;
  /**
   * Text shown on the site, a few sentences long. It cannot be empty.
   */
  text: string;
  action: Action;
}
/**
 * Only write the answers to the browser's console. Nobody receives them: for trying the site out.
 */
export interface LogDelivery {
  /**
   * Marks this delivery as "log".
   */
  method: 'log';
}
/**
 * Send the answers to a form service or the agency's own address (url), such as Formspree, Basin or Getform.
 */
export interface PostDelivery {
  /**
   * Marks this delivery as "post".
   */
  method: 'post';
  /**
   * The address your form service gives you, starting with https://, such as https://formspree.io/f/abcd1234. Pages may send to this address and no other.
   */
  url: string;
  /**
   * How the answers are written. Use what your form service asks for; JSON if unsure.
   */
  encoding: 'json' | 'form';
  /**
   * How long to wait for an answer before telling the visitor that sending failed, in milliseconds (10000 is 10 seconds).
   */
  timeoutMs: number;
}
/**
 * Let Netlify Forms collect the answers, when the site is hosted on Netlify. They show in the Netlify dashboard under Forms.
 */
export interface NetlifyDelivery {
  /**
   * Marks this delivery as "netlify".
   */
  method: 'netlify';
  /**
   * How long to wait for an answer before telling the visitor that sending failed, in milliseconds (10000 is 10 seconds).
   */
  timeoutMs: number;
}
/**
 * The notifications the form shows.
 */
export interface FormNotifications {
  success: Toast;
  failure?: Toast;
  incomplete?: Toast;
}
/**
 * A notification.
 */
export interface Toast {
  /**
   * Text shown on the site. It cannot be empty.
   */
  title: string;
  /**
   * Text shown on the site. It cannot be empty.
   */
  description: string;
}
/**
 * How the Publish button of npm run edit puts saved changes online. Without this file, Publish sends them straight to the main branch, which the host then puts live.
 */
export interface Publishing {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * live: Publish sends the changes to the main branch and the site updates by itself. review: Publish sends them to a branch of their own and gives the link where a colleague reviews and accepts them.
   */
  mode?: 'live' | 'review';
  /**
   * The branch the site is published from, usually main.
   */
  branch?: string;
  /**
   * About how many minutes the host takes to put a change live, as the editor tells the author after publishing.
   */
  updateMinutes?: number;
  /**
   * How many seconds the editor waits for the place where the site is kept (GitHub, GitLab...) to answer when it publishes or gets the latest changes. Past that it stops waiting and says so; nothing is lost, and the author can try again.
   */
  waitSeconds?: number;
}
/**
 * A collection of points, each a short title and a sentence or two, such as the agency's values or the reasons to choose it. Any file in config/collections/ that starts with this $schema is one; a point-grid section shows it by naming the file, such as "source": "values" for config/collections/values.json.
 */
export interface PointCollection {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The points, each a short title and a sentence, in the order they show.
   *
   * @minItems 1
   * @maxItems 8
   */
  points:
    | [Point]
    | [Point, Point]
    | [Point, Point, Point]
    | [Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point, Point, Point]
    | [Point, Point, Point, Point, Point, Point, Point, Point];
}

/** The collections the renderer receives, as src/config/config-files.ts names them (CONFIG_FILE_KINDS). */
export interface SiteCollections {
  /** From config/collections/influencers.json or config/collections/influencers/. */
  readonly influencers: readonly NonNullable<ConfigFiles['collections/influencers']>['influencers'][number][];
  /** From config/collections/projects.json or config/collections/projects/. */
  readonly projects: readonly NonNullable<ConfigFiles['collections/projects']>['projects'][number][];
  /** From config/collections/services.json: its "services". */
  readonly services: readonly NonNullable<ConfigFiles['collections/services']>['services'][number][];
  /** From config/collections/process.json: its "steps". */
  readonly processSteps: readonly NonNullable<ConfigFiles['collections/process']>['steps'][number][];
  /** From config/collections/faqs.json: its "faqs". */
  readonly faqs: readonly NonNullable<ConfigFiles['collections/faqs']>['faqs'][number][];
  /** From config/collections/platforms-and-niches.json: its "platforms". */
  readonly platforms: readonly NonNullable<ConfigFiles['collections/platforms-and-niches']>['platforms'][number][];
  /** From config/collections/platforms-and-niches.json: its "niches". */
  readonly niches: readonly NonNullable<ConfigFiles['collections/platforms-and-niches']>['niches'][number][];
  /** From config/collections/*.json: "points" of each file, by the file's name. */
  readonly points: Readonly<Record<string, readonly NonNullable<ConfigFiles['collections/points']>['points'][number][]>>;
}
/** The collections that are a list of entries, in one file or a folder of one file per entry. */
export type ListCollection = 'influencers' | 'projects';
