import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePicture } from '../testing/fixture-pictures.ts';
import { validateEditedSite, type ConfigEdit } from '../testing/edited-site.ts';

/** A page file with a route and sections, as an author would write it. */
const page = (route: string, sections: string) =>
  `{\n  "$schema": "../../schemas/page.schema.json",\n  "route": "${route}",\n  "title": "Careers | {name}",\n  "description": "Work with {name}.",\n  "sections": [\n    ${sections}\n  ]\n}\n`;

const CASES: { name: string; edits: ConfigEdit[]; expected: string[]; valid?: boolean }[] = [
  {
    name: 'an MP4 file in the WebM field',
    edits: [{ file: 'pages/home.json', replace: ['"webm": "/media/hero.webm"', '"webm": "/media/hero.mp4"'] }],
    expected: [
      'config/pages/home.json:16:17  sections 1 (video-hero).video.webm: "/media/hero.mp4" is not the WebM version of the video, which this field needs. It is an MP4 video. Export the video as WebM and put that file here.',
    ],
  },
  {
    name: 'a poster that is really a video',
    edits: [
      { file: 'pages/home.json', replace: ['"poster": "/media/hero-poster.jpg"', '"poster": "/media/hero.webm"'] },
    ],
    expected: [
      'config/pages/home.json:18:19  sections 1 (video-hero).video.poster: "/media/hero.webm" is not a picture, which this field needs. It is a WebM video. Use a JPEG, PNG, GIF, WebP, AVIF or SVG picture.',
    ],
  },
  {
    name: 'an MP4 video renamed to .webm',
    edits: [{ file: 'public/media/hero.webm', copyOf: 'public/media/hero.mp4' }],
    expected: [
      'config/pages/home.json:16:17  sections 1 (video-hero).video.webm: "/media/hero.webm" is not the WebM version of the video, which this field needs. Its name ends in .webm, but the file is an MP4 video. Export the video as WebM and put that file here.',
      'public/media/hero.webm:1:1  (whole file): This file is not a WebM video, though its name ends in .webm: it is an MP4 video. Export it again as a WebM video, or, if it is meant to be an MP4 video, rename it so its ending says so.',
    ],
  },
  {
    name: 'an empty poster file',
    edits: [{ file: 'public/media/hero-poster.jpg', write: '' }],
    expected: [
      'config/pages/home.json:18:19  sections 1 (video-hero).video.poster: "/media/hero-poster.jpg" is not a picture, which this field needs. Its name ends in .jpg, but the file is empty (0 bytes). Use a JPEG, PNG, GIF, WebP, AVIF or SVG picture.',
      'config/site.json:57:17  shareImage: "/media/hero-poster.jpg" is not a picture that social networks can show, which this field needs. Its name ends in .jpg, but the file is empty (0 bytes). Use a JPEG or PNG picture, ideally 1200 × 630 pixels.',
      'public/media/hero-poster.jpg:1:1  (whole file): This file is not a JPEG picture, though its name ends in .jpg: it is empty (0 bytes). Save or export it again as a JPEG picture, or take it out of public/.',
    ],
  },
  {
    name: 'a new WebM video while the MP4 source still holds the old one',
    edits: [
      { file: 'public/media/launch.webm', copyOf: 'public/media/hero.webm' },
      { file: 'pages/home.json', replace: ['"webm": "/media/hero.webm"', '"webm": "/media/launch.webm"'] },
    ],
    expected: [
      'config/pages/home.json:17:16  warning  sections 1 (video-hero).video.mp4: the two sources of this video are different files: video.webm is "/media/launch.webm" and video.mp4 is "/media/hero.mp4". Browsers play the first source they support, so most visitors would see launch.webm and Safari users hero.mp4. If they are the same video, give both files the same name; if not, update the one that is out of date, or remove video.webm: the MP4 alone is enough.',
    ],
    valid: true,
  },
  {
    name: 'a video given only as MP4, which every current browser plays',
    edits: [{ file: 'pages/home.json', replace: ['"webm": "/media/hero.webm",', ''] }],
    expected: [],
    valid: true,
  },
  {
    name: 'a filter copied with its old value',
    edits: [
      {
        file: 'pages/work.json',
        replace: [
          '{ "label": "2024", "value": "2024" }',
          '{ "label": "2024", "value": "2024" },\n        { "label": "2025", "value": "2024" }',
        ],
      },
    ],
    expected: [
      'config/pages/work.json:23:37  sections 2 (project-gallery).filters 6 (2025).value: "2024" is already the value of sections 2 (project-gallery).filters 5 (2024), so both buttons would show the same projects. Give this one its own value.',
    ],
  },
  {
    name: 'a filter that matches no project',
    edits: [
      {
        file: 'pages/work.json',
        replace: ['{ "label": "2024", "value": "2024" }', '{ "label": "2023", "value": "2023" }'],
      },
    ],
    expected: [
      'config/pages/work.json:22:37  warning  sections 2 (project-gallery).filters 5 (2023).value: no project has the category or year "2023", so this button would show none. Check the value, or add a project for it.',
    ],
    valid: true,
  },
  {
    name: 'a message that states another number than its rule',
    edits: [
      {
        file: 'forms/creator-application.json',
        replace: [
          '"minLength": "Bio must be at least 50 characters"',
          '"minLength": "Bio must be at least 80 characters"',
        ],
      },
    ],
    expected: [
      'config/forms/creator-application.json:87:24  schema.properties.bio.errorMessage.minLength: this message says 80, but the rule is at least 50 characters ("minLength": 50). Change the message or the rule so they agree.',
    ],
  },
  {
    name: 'help text that states another number than the rules',
    edits: [
      {
        file: 'forms/creator-application.json',
        replace: ['"minLength": 50,\n        "maxLength": 500,', '"minLength": 80,\n        "maxLength": 500,'],
      },
      {
        file: 'forms/creator-application.json',
        replace: [
          '"minLength": "Bio must be at least 50 characters"',
          '"minLength": "Bio must be at least 80 characters"',
        ],
      },
    ],
    expected: [
      `config/forms/creator-application.json:144:18  warning  uiSchema.bio.ui:help: this text says 50 characters, but the field's rules are at least 80 characters ("minLength": 80) and at most 500 characters ("maxLength": 500). Change the text or the rules so they agree.`,
    ],
    valid: true,
  },
  {
    name: 'a required field whose placeholder says "(optional)"',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: ['"required": ["name", "email", "message"]', '"required": ["name", "email", "company", "message"]'],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:29:36  uiSchema.company.ui:placeholder: the field "company" is required, but this text tells visitors it is optional. Remove "optional" from it, or take the field out of "required".',
    ],
  },
  {
    name: 'a choice that services.json already gives',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: [
          '"oneOf": [{ "const": "other", "title": "Not Sure / Multiple" }]',
          '"oneOf": [{ "const": "media", "title": "Media Buying" }, { "const": "other", "title": "Not Sure / Multiple" }]',
        ],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:19:30  schema.properties.service.oneOf 1 (Media Buying).const: "media" is already a choice, from config/collections/services.json ("optionsFrom": "services"). Remove it here; change its label there.',
    ],
  },
  {
    name: 'a link to a service that was renamed away',
    edits: [
      { file: 'pages/home.json', replace: ['"cardHref": "/services"', '"cardHref": "/services#media"'] },
      { file: 'collections/services.json', replace: ['"id": "media"', '"id": "paid-media"'] },
    ],
    expected: [
      'config/pages/home.json:35:19  sections 3 (service-highlights).cardHref: "/services#media" links to the service "media" on /services, and no service has that id (config/collections/services.json). Services: production, strategy, influencer, paid-media.',
    ],
  },
  {
    name: 'a new service of any name, with a drawing of the site or none',
    edits: [
      { file: 'pages/home.json', replace: ['"cardHref": "/services"', '"cardHref": "/services#event-coverage"'] },
      {
        file: 'collections/services.json',
        replace: [
          '"id": "media",',
          '"id": "event-coverage", "name": "Event Coverage", "artwork": "calendar", "summary": "Your launch, filmed.", "description": "We film it.", "features": ["Launches"] },\n    { "id": "media",',
        ],
      },
    ],
    expected: [],
    valid: true,
  },
  {
    name: 'a service id written as a name',
    edits: [{ file: 'collections/services.json', replace: ['"id": "media"', '"id": "Media Buying"'] }],
    expected: [
      'config/collections/services.json:29:13  services 4 (Media Buying).id: "Media Buying" is not a service id. Write the service\'s name in lower case, with dashes between words, such as event-coverage.',
    ],
  },
  {
    name: 'a second phone number, and a third written with letters',
    edits: [
      {
        file: 'site.json',
        replace: [
          '"phone": "+233 30 290 4417",',
          '"phone": "+233 30 290 4417",\n    "otherPhones": [{ "label": "WhatsApp", "number": "+233 24 000 0001" }, { "label": "Press", "number": "call Kofi" }],',
        ],
      },
    ],
    expected: [
      'config/site.json:8:106  contact.otherPhones 2 (Press).number: "call Kofi" is not a phone number. Write digits with an optional leading + and spaces, such as +233 30 290 4417.',
    ],
  },
  {
    name: 'two platform buttons with one label',
    edits: [{ file: 'collections/platforms-and-niches.json', replace: ['"label": "TikTok"', '"label": "Instagram"'] }],
    expected: [
      'config/collections/platforms-and-niches.json:5:35  platforms 2 (Instagram).label: "Instagram" is listed twice: platforms 1 (Instagram) is the same button label. Give each its own label, so visitors can tell the buttons apart.',
    ],
  },
  {
    name: 'two filter buttons with one label',
    edits: [
      {
        file: 'pages/work.json',
        replace: ['{ "label": "2024", "value": "2024" }', '{ "label": "Strategy", "value": "2024" }'],
      },
    ],
    expected: [
      'config/pages/work.json:22:20  sections 2 (project-gallery).filters 5 (Strategy).label: "Strategy" is already the label of sections 2 (project-gallery).filters 4 (Strategy), so visitors could not tell the two buttons apart. Give this one its own label.',
    ],
  },
  {
    name: 'two form fields with one label',
    edits: [{ file: 'forms/contact-inquiry.json', replace: ['"title": "Company"', '"title": "Name"'] }],
    expected: [
      'config/forms/contact-inquiry.json:14:47  schema.properties.company.title: "Name" is already the label of the field "name", so visitors could not tell the two apart. Give this field its own label.',
    ],
  },
  {
    name: "{count} outside the directory's count",
    edits: [{ file: 'pages/work.json', replace: ['"heading": "Projects"', '"heading": "{count} Projects"'] }],
    expected: [
      'config/pages/work.json:15:19  sections 2 (project-gallery).heading: {count} is not a value this text can show. Placeholders name a value in config/site.json, such as {name} or {claims.creatorNetwork}.',
    ],
  },
  {
    name: 'an influencer placeholder on a page without a profile',
    edits: [
      {
        file: 'pages/work.json',
        replace: ['"title": "Our Work | {name}"', '"title": "Our Work with {influencer.name} | {name}"'],
      },
    ],
    expected: [
      'config/pages/work.json:4:27  title: {influencer.name} is not a value this text can show. Placeholders name a value in config/site.json, such as {name} or {claims.creatorNetwork}.',
    ],
  },
  {
    name: "a misspelt influencer placeholder in a profile's title",
    edits: [{ file: 'pages/influencer-profile.json', replace: ['({influencer.handle})', '({influencer.handel})'] }],
    expected: [
      'config/pages/influencer-profile.json:4:32  title: {influencer.handel} is not a value this text can show. Did you mean {influencer.handle}? Here you can use {influencer.id}, {influencer.name}, {influencer.handle}, {influencer.platform}, {influencer.niche}, {influencer.followers}, {influencer.engagement}, {influencer.reach}, {influencer.audience}, {influencer.rates}, {influencer.bio}, or a value in config/site.json, such as {name} or {claims.creatorNetwork}.',
    ],
  },
  {
    name: 'a collection of points misspelt in a point-grid',
    edits: [{ file: 'pages/about.json', replace: ['"source": "values"', '"source": "valeus"'] }],
    expected: [
      'config/pages/about.json:30:64  sections 3 (point-grid).source: there is no config/collections/valeus.json. Did you mean values? Collections of points: values, why-choose.',
    ],
  },
  {
    name: 'a misnamed collection file',
    edits: [{ file: 'collections/faq.json', copyOf: 'collections/faqs.json' }],
    expected: [
      'config/collections/faq.json:1:1  (whole file): this file is not used by the site. Did you mean "collections/faqs.json"? Config files are: site.json, navigation.json, pages/*.json, collections/influencers.json, collections/influencers/*.json, collections/projects.json, collections/projects/*.json, collections/services.json, collections/process.json, collections/faqs.json, collections/platforms-and-niches.json, forms/*.json, publishing.json, hosting.json, removed.json, collections/*.json. A collection of points for a point-grid section starts with "$schema": "../../schemas/collections/points.schema.json".',
    ],
  },
  {
    name: 'a page without a main heading',
    edits: [
      {
        file: 'pages/careers.json',
        write: page(
          '/careers',
          '{ "type": "call-to-action", "heading": "Careers", "actions": [{ "label": "Write to us", "href": "/contact" }] }',
        ),
      },
    ],
    expected: [
      'config/pages/careers.json:6:15  sections: this page has no main heading (its h1). Start it with a section that shows one: influencer-profile, not-found, page-hero, video-hero. Most pages start with a page-hero.',
    ],
  },
  {
    name: 'a page with two main headings',
    edits: [
      {
        file: 'pages/careers.json',
        write: page(
          '/careers',
          '{ "type": "page-hero", "heading": "Careers", "text": "Join us." },\n    { "type": "page-hero", "heading": "Open roles", "text": "Producers." }',
        ),
      },
    ],
    expected: [
      'config/pages/careers.json:8:15  sections 2 (page-hero).type: this page already has its main heading in sections 1 (page-hero), and a page has one. Use a section without a main heading here, such as call-to-action or story.',
    ],
  },
  {
    name: 'two pages with one route',
    edits: [
      {
        file: 'pages/careers.json',
        write: page('/work', '{ "type": "page-hero", "heading": "Careers", "text": "Join us." }'),
      },
    ],
    expected: [
      'config/pages/careers.json:3:12  route: "/work" is also the route of config/pages/work.json. Each page needs its own route: change this one or the other.',
      'config/pages/work.json:3:12  route: "/work" is also the route of config/pages/careers.json. Each page needs its own route: change this one or the other.',
    ],
  },
];

describe('checks that keep a valid-looking config from silently breaking the site', () => {
  it.each(CASES)('$name', ({ edits, expected, valid = false }) => {
    const result = validateEditedSite(edits);
    expect(result.lines).toEqual(expected);
    expect(result.config !== undefined).toBe(valid);
  });
});

describe('pictures the image pipeline makes sizes of', () => {
  // Drawn once: a photo too small for the profile, one large enough, and one far larger than the site needs.
  let small: Buffer, fine: Buffer, huge: Buffer;
  beforeAll(async () => {
    [small, fine, huge] = await Promise.all([
      fixturePicture({ width: 400, height: 300 }),
      fixturePicture({ width: 800, height: 800, format: 'png' }),
      fixturePicture({ width: 6400, height: 600 }),
    ]);
  });
  const withPhoto = (src: string, file: Buffer) => [
    { file: `public${src}`, write: file },
    {
      file: 'collections/influencers.json',
      replace: ['"verified": true\n', `"verified": true,\n      "photo": { "src": "${src}", "alt": "Amara" }\n`],
    } as const,
  ];

  it('takes a photo large enough for every place it shows', () => {
    const result = validateEditedSite(withPhoto('/media/amara.png', fine));
    expect(result.lines).toEqual([]);
    expect(result.config?.influencers[0]!.photo).toEqual({ src: '/media/amara.png', alt: 'Amara' });
  });

  it('refuses a photo too small to look sharp, saying the size to aim for', () => {
    const { lines, config } = validateEditedSite(withPhoto('/media/amara.jpg', small));
    expect(config).toBeUndefined();
    expect(lines).toEqual([
      `config/collections/influencers.json:17:25  influencers 1 (Amara Okafor).photo.src: "/media/amara.jpg" is 400 × 300 pixels, too small for a creator's photo to look sharp: it is shown up to 480 × 480 pixels on sharp screens. Use a picture of at least 480 × 480 pixels; aim for 1000 × 1000 or larger.`,
    ]);
  });

  it('warns of a huge original and still builds', () => {
    const { lines, config } = validateEditedSite(withPhoto('/media/amara.jpg', huge));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^config\/collections\/influencers\.json:17:25  warning  influencers 1 \(Amara Okafor\)\.photo\.src: "\/media\/amara\.jpg" is 6400 × 600 pixels, far larger than needed\. The site never shows it larger than 480 × 480 pixels: save it at about 1000 × 1000/,
    );
    expect(config).toBeDefined();
  });

  it('refuses a photo without alt text, and a video given as a photo', () => {
    const { lines } = validateEditedSite([
      {
        file: 'collections/influencers.json',
        replace: ['"verified": true\n', '"verified": true,\n      "photo": { "src": "/media/hero.mp4", "alt": " " }\n'],
      },
    ]);
    expect(lines).toEqual([
      'config/collections/influencers.json:17:25  influencers 1 (Amara Okafor).photo.src: "/media/hero.mp4" is not a photo the site can make every size of (JPEG, PNG, WebP or AVIF), which this field needs. It is an MP4 video. Use a JPEG, PNG, WebP or AVIF photo.',
      'config/collections/influencers.json:17:51  influencers 1 (Amara Okafor).photo.alt: \" \" has no text, only spaces. Say in a few words what the picture shows.',
    ]);
  });
});
