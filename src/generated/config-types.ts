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
 * Items: One paragraph.
 */
export type Paragraphs = [string, ...string[]];
export type Platform =
  'instagram' | 'tiktok' | 'youtube' | 'facebook' | 'twitter' | 'linkedin' | 'twitch' | 'snapchat' | 'pinterest';
export type Niche = 'fashion' | 'beauty' | 'fitness' | 'tech' | 'lifestyle' | 'food';
export type ProjectCategory = 'production' | 'influencer' | 'strategy';
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
  hosting?: Hosting;
  removed?: RemovedEntries;
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
   * More numbers, shown under the first, each with what it is for, such as a WhatsApp line or one for the press. Optional.
   *
   * @maxItems 4
   */
  otherPhones?:
    | []
    | [OtherPhoneNumber]
    | [OtherPhoneNumber, OtherPhoneNumber]
    | [OtherPhoneNumber, OtherPhoneNumber, OtherPhoneNumber]
    | [OtherPhoneNumber, OtherPhoneNumber, OtherPhoneNumber, OtherPhoneNumber];
  /**
   * The office address, one line per entry, such as 14 Independence Avenue, then Accra, Ghana.
   *
   * @minItems 1
   *
   * Items: One line of the address, as it is written on an envelope.
   */
  address: [string, ...string[]];
}
/**
 * One more number and what it is for.
 */
export interface OtherPhoneNumber {
  /**
   * What the number is for, shown before it, such as "WhatsApp" or "Press".
   */
  label: string;
  /**
   * The number as visitors should read it, such as +233 24 000 0000. It becomes a tel: link.
   */
  number: string;
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
   * The name read out for the link, such as "Instagram".
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
   * A short line under the agency's name in the footer.
   */
  tagline: string;
  /**
   * The copyright line, such as "© 2025 Agency. All rights reserved."
   */
  copyright: string;
  /**
   * The name screen readers announce for the footer links, such as "Footer".
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
   * The words of the link.
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
   * How many creators are in the network, such as "1000+".
   */
  creatorNetwork: string;
  /**
   * How many Gen Z users the network reaches, such as "5M+".
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
   * The name screen readers announce for the notification area, such as "Notifications".
   */
  regionLabel: string;
  /**
   * What screen readers announce for the button that closes a notification, such as "Close notification".
   */
  closeLabel: string;
}
/**
 * Small texts used by the layout, mostly read out by screen readers.
 */
export interface Labels {
  /**
   * The link keyboard users see first, which jumps past the navigation, such as "Skip to main content".
   */
  skipToContent: string;
  /**
   * What screen readers announce for the logo, which links to the home page, such as "Loom Media home".
   */
  homeLink: string;
  /**
   * The name screen readers announce for the top navigation, such as "Main".
   */
  mainNavigation: string;
  /**
   * What screen readers announce for the menu button on phones while the menu is closed, such as "Open menu".
   */
  openMenu: string;
  /**
   * What screen readers announce for the menu button on phones while the menu is open, such as "Close menu".
   */
  closeMenu: string;
}
/**
 * The screen shown if a page fails to load because of an unexpected problem.
 */
export interface ErrorScreen {
  /**
   * The heading of the error screen, such as "Unexpected Application Error!".
   */
  heading: string;
  /**
   * A sentence telling the visitor what they can do.
   */
  text: string;
  action: Action;
}
export interface Action {
  /**
   * The words on the button, such as "Start Your Project".
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
   * The words of the link, such as "Work".
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
   * The title in the browser tab and in search results, such as "Our Work | {name}".
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
   * The heading, such as "Ready to Start Your Project?".
   */
  heading: string;
  /**
   * A sentence under the heading. Optional.
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
   * The heading above the form, such as "Send Us a Message".
   */
  formHeading: string;
  /**
   * The heading above the contact details, such as "Contact Information".
   */
  detailsHeading: string;
  /**
   * The caption of the email address, such as "Email".
   */
  emailLabel: string;
  /**
   * The caption of the phone number, such as "Phone".
   */
  phoneLabel: string;
  /**
   * The caption of the address, such as "Office".
   */
  officeLabel: string;
  /**
   * The heading above the social links, such as "Follow Us".
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
   * The heading of the block, such as "Frequently Asked Questions".
   */
  heading: string;
  /**
   * A sentence under the heading. Optional.
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
   * A heading above the form. Optional.
   */
  heading?: string;
  /**
   * A sentence above the form. Optional.
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
   * The heading of the block, such as "Find Influencers". Screen readers announce it; it is not shown.
   */
  heading: string;
  /**
   * The label of the search box, such as "Search influencers".
   */
  searchLabel: string;
  /**
   * The hint inside the empty search box, such as "Search by name, handle or niche...".
   */
  searchPlaceholder: string;
  /**
   * The label of the platform buttons, such as "Platform".
   */
  platformFilterLabel: string;
  /**
   * The label of the niche buttons, such as "Niche".
   */
  nicheFilterLabel: string;
  /**
   * The button that turns a filter off, such as "All".
   */
  allLabel: string;
  /**
   * The count when one influencer matches. {count} shows the number, such as "{count} influencer found".
   */
  countOne: string;
  /**
   * The count when any other number match. {count} shows the number, such as "{count} influencers found".
   */
  countOther: string;
  /**
   * What shows when no influencer matches the search and filters.
   */
  emptyText: string;
  /**
   * The button that clears the search and filters when nothing matches, such as "Clear filters".
   */
  clearFiltersLabel: string;
  /**
   * The words on each card's link to the profile, such as "View Profile".
   */
  viewProfileLabel: string;
  /**
   * What screen readers announce for the verified mark, such as "Verified creator".
   */
  verifiedLabel: string;
  /**
   * The caption for followers on each card, such as "Followers".
   */
  followersLabel: string;
  /**
   * The caption for engagement on each card, such as "Engagement".
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
   * The name screen readers announce for the page links, such as "Pages of results".
   */
  label: string;
  /**
   * The link to the page before, such as "Previous".
   */
  previous: string;
  /**
   * The link to the page after, such as "Next".
   */
  next: string;
  /**
   * What screen readers announce for a numbered page link; {page} shows its number, such as "Page {page}".
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
   * The words next to the verified mark, such as "Verified".
   */
  verifiedLabel: string;
  /**
   * The heading above the bio, such as "About".
   */
  aboutHeading: string;
  /**
   * The heading above the figures, such as "Key Metrics".
   */
  metricsHeading: string;
  metricLabels: MetricLabels;
  /**
   * The heading above the rates, such as "Collaboration Rates".
   */
  ratesHeading: string;
  /**
   * A sentence under the rates, such as how rates are agreed.
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
   * Caption for the follower count, such as "Followers".
   */
  followers: string;
  /**
   * Caption for the engagement rate, such as "Engagement".
   */
  engagement: string;
  /**
   * Caption for the reach, such as "Avg. Reach".
   */
  reach: string;
  /**
   * Caption for the audience, such as "Audience".
   */
  audience: string;
}
/**
 * What shows when no influencer has the number in the address.
 */
export interface InfluencerNotFound {
  /**
   * The title in the browser tab, such as "Influencer Not Found | {name}".
   */
  title: string;
  /**
   * The heading, such as "Influencer Not Found".
   */
  heading: string;
  /**
   * A sentence saying what happened.
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
   * The large figure at the top, such as "404".
   */
  code: string;
  /**
   * The heading, such as "Page Not Found".
   */
  heading: string;
  /**
   * A sentence saying what happened.
   */
  text: string;
  homeAction: Action;
  /**
   * The words on the button that returns to the previous page, such as "Go Back".
   */
  backLabel: string;
  /**
   * The note written to the browser's developer console, followed by the missing address. Visitors do not see it.
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
   * A short word or two above the heading, such as "Our Work". Optional.
   */
  eyebrow?: string;
  /**
   * The page's main heading. Each page has exactly one.
   */
  heading: string;
  /**
   * A sentence or two under the heading.
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
   * The figure, such as "1000+" or "2024".
   */
  value: string;
  /**
   * The caption under the figure, such as "Creators".
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
   * The heading of the block, such as "Why Choose Us".
   */
  heading: string;
  /**
   * A sentence under the heading. Optional.
   */
  text?: string;
  /**
   * Which points to show: one of the lists of points in Collections, such as Values.
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
   * The heading of the block, such as "Our Process".
   */
  heading: string;
  /**
   * A sentence under the heading. Optional.
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
   * The heading of the block, such as "Projects". Screen readers announce it; it is not shown.
   */
  heading: string;
  /**
   * The name screen readers announce for the filter buttons, such as "Filter projects".
   */
  filtersLabel: string;
  /**
   * The filter buttons in order. The first one is selected when the page opens.
   *
   * @minItems 2
   */
  filters: [ProjectFilter, ProjectFilter, ...ProjectFilter[]];
  /**
   * What shows when no project matches the selected filter.
   */
  emptyText: string;
}
/**
 * One filter button.
 */
export interface ProjectFilter {
  /**
   * The words on the button, such as "Influencer Marketing".
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
   * The heading of the block, such as "Recent Work".
   */
  heading: string;
  /**
   * A sentence under the heading. Optional.
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
   * The heading of the block, such as "Our Services". Screen readers announce it; it is not shown.
   */
  heading: string;
  /**
   * The name screen readers announce for each service's feature list, such as "What's included".
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
   * The heading of the block, such as "What We Do".
   */
  heading: string;
  /**
   * A sentence under the heading. Optional.
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
   * The heading of the block, such as "Our Story".
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
export interface Point {
  /**
   * The short heading, such as "Cultural Insight".
   */
  title: string;
  /**
   * One or two sentences explaining the heading.
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
   * The heading above the text, such as "Our Approach". Optional.
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
   * The page's main heading, large over the video, such as "Weaving Stories Into Impact".
   */
  heading: string;
  /**
   * A sentence under the heading.
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
   * The words on the button that pauses the video, such as "Pause background video".
   */
  pauseLabel: string;
  /**
   * The words on the button that plays the video again, such as "Play background video".
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
   * The creator's full name, such as "Amara Okafor".
   */
  name: string;
  /**
   * The creator's handle on their main platform, with the @, such as "@amara.styles".
   */
  handle: string;
  platform: Platform;
  niche: Niche;
  /**
   * The follower count as it should read, such as "180K" or "1.2M".
   */
  followers: string;
  /**
   * The engagement rate as a percentage, such as "4.8%".
   */
  engagement: string;
  /**
   * The usual reach of a post, as a range, such as "50K-80K".
   */
  reach: string;
  /**
   * Who follows the creator: age range and gender share, such as "18-24, 70% Female".
   */
  audience: string;
  /**
   * What a collaboration costs, as a dollar range, such as "$500 - $1,500".
   */
  rates: string;
  /**
   * A few sentences about the creator, shown on their profile.
   */
  bio: string;
  /**
   * On if the agency has verified the creator: a check mark shows beside their name.
   */
  verified: boolean;
  photo?: CreatorPhoto;
}
export interface CreatorPhoto {
  /**
   * The photo, from public/, such as /media/influencers/amara-okafor.jpg: a JPEG, PNG, WebP or AVIF at least 480 × 480 pixels. The site makes every size and format it needs from it.
   */
  src: string;
  /**
   * What the photo shows, for visitors who cannot see it, such as "Amara Okafor smiling in a yellow dress".
   */
  alt: string;
  focus?: Focus;
}
export interface Focus {
  /**
   * From the left edge, in percent: 0 is the left edge, 50 the middle, 100 the right edge.
   */
  x: number;
  /**
   * From the top edge, in percent: 0 is the top, 50 the middle, 100 the bottom.
   */
  y: number;
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
   * The name of the project, such as "Rhythm of the City".
   */
  title: string;
  /**
   * Who the project was for.
   */
  client: string;
  category: ProjectCategory;
  /**
   * The year of the project, such as 2024. The Work page can filter by it: its filter buttons are set on the Work page, in its Filterable portfolio block.
   */
  year: number;
  /**
   * One or two sentences about the project.
   */
  description: string;
  /**
   * Short labels shown on the card, such as Video or Music.
   *
   * @minItems 1
   * @maxItems 6
   *
   * Items: One tag, shown on the project's card, such as Video.
   */
  tags:
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string];
  image?: ProjectImage;
}
export interface ProjectImage {
  /**
   * The picture, from public/, such as /media/work/rhythm-of-the-city.jpg: a JPEG, PNG, WebP or AVIF at least 960 × 540 pixels. The site makes every size and format it needs from it.
   */
  src: string;
  /**
   * What the picture shows, for visitors who cannot see it, such as "Three musicians on a rooftop at dusk".
   */
  alt: string;
  focus?: Focus;
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
  /**
   * The service's short name, which the contact form sends when a visitor picks it: its name in lower case with dashes, such as "event-coverage" for Event Coverage. The visual editor makes it from the name when the service is added; it stays the same when the service is renamed.
   */
  id: string;
  /**
   * The name of the service, such as "Production".
   */
  name: string;
  /**
   * The service's name in the contact form's list of services, only when it should differ from its name, such as "Video Production" for Production. Optional: without it the form shows the name, so renaming the service is one change.
   */
  optionLabel?: string;
  /**
   * One short sentence for the home page card.
   */
  summary: string;
  /**
   * A few sentences for the Services page.
   */
  description: string;
  /**
   * What the service includes, one bullet point per item.
   *
   * @minItems 1
   * @maxItems 8
   *
   * Items: One feature of the service, shown as a line of its own.
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
  /**
   * The line drawing on the service's card. Optional: without it, production shows the video camera, strategy the target, influencer the two people, media the bar chart, and any other service the spark.
   */
  artwork?: 'camera' | 'target' | 'people' | 'chart' | 'megaphone' | 'calendar' | 'pen' | 'globe' | 'spark';
  /**
   * A picture of your own for the card, shown small and square in place of the drawing, from public/, such as /media/events.png. Optional.
   */
  picture?: string;
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
   * The question, such as "What is your typical turnaround time?".
   */
  question: string;
  /**
   * The answer.
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
   * How the platform is named on the site, such as "TikTok".
   */
  label: string;
}
/**
 * One niche and how it is named.
 */
export interface NicheLabel {
  value: Niche;
  /**
   * How the niche is named on the site, such as "Fitness & Wellness".
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
   * The fields, by name. The order in which they show is set in uiSchema: by "ui:groups" when the form shows its fields in groups, else by "ui:order".
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
   * The field's label, such as "Full Name".
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
   * The label shown, such as "Fitness & Wellness".
   */
  title: string;
}
/**
 * The messages shown under this field, one per rule, such as { "minLength": "Name must be at least 2 characters" }.
 */
export interface FieldMessages {
  /**
   * Shown when the field is required and left empty. Without it, the minLength message shows, else the form's default.
   */
  required?: string;
  /**
   * Shown when the answer is shorter than minLength.
   */
  minLength?: string;
  /**
   * Shown when the answer is longer than maxLength.
   */
  maxLength?: string;
  /**
   * Shown when the answer is not of the format, such as not an email address.
   */
  format?: string;
  /**
   * Shown when the answer does not match the pattern.
   */
  pattern?: string;
  /**
   * Shown when the answer is not one of the choices.
   */
  oneOf?: string;
}
/**
 * How the form looks: the order of the fields, how they are grouped, and each field's placeholder, help text and kind of input.
 */
export interface FormLayout {
  /**
   * The field names in the order they show. Leave it out when the fields are in groups ("ui:groups"): the groups give the order, so each field is listed once.
   *
   * @minItems 1
   */
  'ui:order'?: [string, ...string[]];
  /**
   * Groups of fields shown under a heading each, such as Personal Information, in the order they show. Optional; without it the fields show in one list, in the order of "ui:order".
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
   * The group's heading, such as "Personal Information".
   */
  title: string;
  /**
   * A sentence under the heading. Optional.
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
   * The hint shown inside the empty field.
   */
  'ui:placeholder'?: string;
  /**
   * A sentence under the field that helps the visitor answer.
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
   * Shown under a required field left empty, such as "Required".
   */
  required: string;
  /**
   * Shown under a field whose answer breaks a rule, such as "Invalid input".
   */
  invalid: string;
}
/**
 * The button that sends the form.
 */
export interface SubmitButton {
  /**
   * The words on the button, such as "Submit Application".
   */
  label: string;
  /**
   * The words on the button while the form is being sent, such as "Submitting...".
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
   * The heading, such as "Application Received!".
   */
  heading: string;
  /**
   * The thank-you message.
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
export interface Toast {
  /**
   * The notification's first line, in bold, such as "Message Sent".
   */
  title: string;
  /**
   * The sentence under it.
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
 * Where the site is put online, so that every build checks the site fits that host, and who makes the sizes of its photos and images. Without this file, the build knows the host from where it runs (Netlify, Cloudflare Pages and the GitHub Pages workflow say so) and makes every size itself.
 */
export interface Hosting {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * The host that puts the site online. Every build checks the site against its limits (how many files, how large, how long a build may take) and says what to change before a deploy would fail. Left out, the build checks the host it runs on, or, on your computer, tells which hosts the site fits.
   */
  host?: 'github-pages' | 'netlify' | 'cloudflare-pages';
  /**
   * The host's plan, where its limits differ: Cloudflare Pages takes 20,000 files on its free plan and 100,000 on a paid one.
   */
  plan?: 'free' | 'paid';
  /**
   * Who makes each size of the creators' photos and the projects' images. build: the site's build makes them once and keeps them between builds; every host serves them. netlify or cloudflare: the host makes each size the first time a visitor asks for it, so a build with thousands of new photos takes minutes and writes no files for them (README, "Pictures on a host's image service").
   */
  pictures?: 'build' | 'netlify' | 'cloudflare';
}
/**
 * What was removed from the site and must never come back under its old address. The editor's Delete button adds to it; you rarely need to edit it by hand.
 */
export interface RemovedEntries {
  /**
   * Where your editor finds the rules for this file, so it can suggest fields and flag mistakes as you type. Leave it as it is.
   */
  $schema?: string;
  /**
   * Influencers removed from the network. Their ids are never given to another creator, so an old link to a removed profile (such as /influencers/6, shared or bookmarked) shows Influencer Not Found (or the page given in showInstead), never someone else.
   */
  influencers?: RemovedInfluencer[];
}
/**
 * One removed influencer: the id their profile had, and who they were.
 */
export interface RemovedInfluencer {
  /**
   * The id the influencer had, the number in their old profile's address. No influencer may have it again.
   */
  id: number;
  /**
   * Who the influencer was, so the list reads as people, such as "Yaw Darko".
   */
  name: string;
  /**
   * A page of this site that their old profile address leads to instead, such as /influencers. Leave it out and the old address shows Influencer Not Found.
   */
  showInstead?: string;
}
/**
 * A collection of points, each a short title and a sentence or two, such as the agency's values or the reasons to choose it. A Grid of short points block on a page shows it.
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

/** The collections the renderer receives, as src/checker/config-files.ts names them (CONFIG_FILE_KINDS). */
export interface SiteCollections {
  /** From config/collections/influencers.json or config/collections/influencers/. */
  readonly influencers: readonly NonNullable<ConfigFiles['collections/influencers']>['influencers'][number][];
  /** From config/collections/projects.json or config/collections/projects/. */
  readonly projects: readonly NonNullable<ConfigFiles['collections/projects']>['projects'][number][];
  /** From config/collections/services.json: its "services". */
  readonly services: readonly NonNullable<NonNullable<ConfigFiles['collections/services']>['services']>[number][];
  /** From config/collections/process.json: its "steps". */
  readonly processSteps: readonly NonNullable<NonNullable<ConfigFiles['collections/process']>['steps']>[number][];
  /** From config/collections/faqs.json: its "faqs". */
  readonly faqs: readonly NonNullable<NonNullable<ConfigFiles['collections/faqs']>['faqs']>[number][];
  /** From config/collections/platforms-and-niches.json: its "platforms". */
  readonly platforms: readonly NonNullable<NonNullable<ConfigFiles['collections/platforms-and-niches']>['platforms']>[number][];
  /** From config/collections/platforms-and-niches.json: its "niches". */
  readonly niches: readonly NonNullable<NonNullable<ConfigFiles['collections/platforms-and-niches']>['niches']>[number][];
  /** From config/removed.json: its "influencers". */
  readonly removedInfluencers: readonly NonNullable<NonNullable<ConfigFiles['removed']>['influencers']>[number][];
  /** From config/collections/*.json: "points" of each file, by the file's name. */
  readonly points: Readonly<Record<string, readonly NonNullable<NonNullable<ConfigFiles['collections/points']>['points']>[number][]>>;
}
/** The collections that are a list of entries, in one file or a folder of one file per entry. */
export type ListCollection = 'influencers' | 'projects';
