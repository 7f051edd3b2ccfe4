import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_SITE_DIR } from '../testing/sites.ts';
import { formatConfigProblem, formatGithubAnnotation } from './config-problem.ts';
import {
  applyEdits,
  copyOfSpecSite,
  validateEditedSite,
  warningsOfFixtureSite,
  type ConfigEdit,
} from '../testing/edited-site.ts';
import { siteFolders } from './project-folders.ts';
import { validateConfig } from './validate-config.ts';

const SECTION_TYPES =
  'call-to-action, contact-panel, faq-list, form, influencer-directory, influencer-profile, not-found, page-hero, point-grid, process-steps, project-gallery, project-highlights, service-details, service-highlights, story, text, video-hero';
const PAGES = '/, /about, /contact, /influencers, /influencers/apply, /services, /work';
const WHAT_TO_SET = `Set "delivery" to send them somewhere: "method": "post" with your form service's "url", or "method": "netlify" on Netlify (EDITING.md, "Where form answers go").`;

/** Realistic editing mistakes, each with the exact line `npm run validate` prints for it. */
const MISTAKES: { name: string; edits: ConfigEdit[]; expected: string[] }[] = [
  {
    name: 'a number written in quotes',
    edits: [{ file: 'collections/influencers.json', replace: ['"id": 2,', '"id": "2",'] }],
    expected: [
      'config/collections/influencers.json:19:13  influencers 2 (Kwame Mensah).id: must be a whole number, not text ("2"). Write it without quotes: 2.',
    ],
  },
  {
    name: 'a required field left out',
    edits: [{ file: 'collections/influencers.json', replace: ['      "handle": "@kofifit",\n', ''] }],
    expected: [
      `config/collections/influencers.json:46:5  influencers 4 (Kofi Boateng).handle: this required field is missing. Add it: the creator's handle on their main platform, with the @, such as "@amara.styles".`,
    ],
  },
  {
    name: 'a misspelt key',
    edits: [{ file: 'collections/projects.json', replace: ['"client": "Volt Energy"', '"clint": "Volt Energy"'] }],
    expected: [
      'config/collections/projects.json:38:7  projects 5 (Campus Ambassadors).clint: "clint" is not a field here. Did you mean "client"? That field is required.',
    ],
  },
  {
    name: 'an unknown key',
    edits: [{ file: 'site.json', replace: ['"language": "en",', '"language": "en",\n  "favouriteColour": "purple",'] }],
    expected: [
      'config/site.json:5:3  favouriteColour: "favouriteColour" is not a field here. Remove it, or use one of: name, url, shareImage, language, contact, socials, footer, claims, promises, timing, toasts, labels, errorScreen.',
    ],
  },
  {
    name: 'a misspelt enum value',
    edits: [{ file: 'collections/influencers.json', replace: ['"platform": "instagram"', '"platform": "instagramm"'] }],
    expected: [
      'config/collections/influencers.json:8:19  influencers 1 (Amara Okafor).platform: "instagramm" is not an allowed platform. Did you mean "instagram"? Allowed: instagram, tiktok, youtube, facebook, twitter, linkedin, twitch, snapchat, pinterest.',
    ],
  },
  {
    name: 'an enum value in the wrong case',
    edits: [{ file: 'collections/influencers.json', replace: ['"niche": "tech"', '"niche": "Tech"'] }],
    expected: [
      'config/collections/influencers.json:23:16  influencers 2 (Kwame Mensah).niche: "Tech" is not an allowed niche. Did you mean "tech"? Allowed: fashion, beauty, fitness, tech, lifestyle, food.',
    ],
  },
  {
    name: 'a misspelt section type',
    edits: [{ file: 'pages/about.json', replace: ['"type": "story"', '"type": "stroy"'] }],
    expected: [
      `config/pages/about.json:14:15  sections 2 (stroy).type: "stroy" is not a section type. Did you mean "story"? Allowed: ${SECTION_TYPES}.`,
    ],
  },
  {
    name: 'a section without a type',
    edits: [{ file: 'pages/contact.json', replace: ['{ "type": "faq-list", "heading"', '{ "heading"'] }],
    expected: [
      `config/pages/contact.json:23:5  sections 3 (Frequently Asked Questions).type: this section has no "type". Start it with "type", one of: ${SECTION_TYPES}.`,
    ],
  },
  {
    name: 'a duplicate influencer id',
    edits: [{ file: 'collections/influencers.json', replace: ['"id": 6,', '"id": 3,'] }],
    expected: [
      'config/collections/influencers.json:75:13  influencers 6 (Yaw Darko).id: 3 is already the id of influencers 3 (Efua Asante). Each influencer needs a different id, because it is the address of their profile; 6 is free.',
    ],
  },
  {
    name: 'a link to a page that does not exist',
    edits: [{ file: 'navigation.json', replace: ['"href": "/services"', '"href": "/service"'] }],
    expected: [
      `config/navigation.json:6:36  links 3 (Services).href: "/service" is not a page of this site. Did you mean "/services"? Pages: ${PAGES}.`,
    ],
  },
  {
    name: 'a route without its /, which only its page reports (links to the page are not blamed for it)',
    edits: [{ file: 'pages/about.json', replace: ['"route": "/about"', '"route": "about"'] }],
    expected: [
      'config/pages/about.json:3:12  route: "about" is not a page address. Write a path in lower case starting with /, such as /work or /influencers/:id, or * for the page shown when no other page matches.',
    ],
  },
  {
    name: 'a link to a profile that does not exist',
    edits: [{ file: 'pages/about.json', replace: ['"href": "/influencers"', '"href": "/influencers/12"'] }],
    expected: [
      'config/pages/about.json:37:47  sections 4 (call-to-action).actions 2 (Join as Creator).href: "/influencers/12" links to a profile that does not exist: no influencer has the id 12. Ids in use: 1, 2, 3, 4, 5, 6.',
    ],
  },
  {
    name: 'a bad email address',
    edits: [{ file: 'site.json', replace: ['hello@loommedia.com.gh', 'hello.loommedia.com.gh'] }],
    expected: [
      'config/site.json:6:14  contact.email: "hello.loommedia.com.gh" is not a valid email address. Write it like name@example.com.',
    ],
  },
  {
    name: 'a javascript: link on a button',
    edits: [{ file: 'pages/work.json', replace: ['"href": "/contact"', '"href": "javascript:alert(1)"'] }],
    expected: [
      'config/pages/work.json:30:60  sections 3 (call-to-action).actions 1 (Start Your Project).href: "javascript:alert(1)" is not a link this site can use. Write a page path such as /contact, a web address starting with https://, or a mailto: or tel: link.',
    ],
  },
  {
    name: 'a javascript: address for a social profile',
    edits: [
      { file: 'site.json', replace: ['https://linkedin.com/company/loommedia', 'javascript:alert(document.cookie)'] },
    ],
    expected: [
      'config/site.json:13:58  socials 3 (LinkedIn).url: "javascript:alert(document.cookie)" is not a web address. Write a full address starting with https://, such as https://instagram.com/youragency.',
    ],
  },
  {
    name: 'malformed JSON: a missing comma',
    edits: [
      {
        file: 'collections/faqs.json',
        replace: [
          '"question": "Do you work with small businesses?",',
          '"question": "Do you work with small businesses?"',
        ],
      },
    ],
    expected: [
      'config/collections/faqs.json:10:7  faqs 2.answer: JSON syntax error: a comma is missing before this point. Separate items with commas.',
    ],
  },
  {
    name: 'a trailing comma',
    edits: [{ file: 'collections/values.json', replace: ['matter to you." }', 'matter to you." },'] }],
    expected: [
      'config/collections/values.json:7:118  points 4: JSON syntax error: there is a comma after the last item. Remove this comma.',
    ],
  },
  {
    name: 'a comment',
    edits: [{ file: 'navigation.json', replace: ['"links": [', '"links": [ // top bar'] }],
    expected: [
      'config/navigation.json:3:14  links 1: JSON syntax error: comments are not allowed in JSON files. Remove the comment.',
    ],
  },
  {
    name: 'single quotes',
    edits: [{ file: 'navigation.json', replace: ['"label": "Get Started"', '\'label\': "Get Started"'] }],
    expected: [
      'config/navigation.json:11:12  cta: JSON syntax error: text and field names need double quotes (") in JSON, not single quotes.',
    ],
  },
  {
    name: 'an empty file',
    edits: [{ file: 'collections/process.json', write: '' }],
    expected: [
      'config/collections/process.json:1:1  (top level): JSON syntax error: the file is empty. It should hold one group of fields in curly braces { }.',
    ],
  },
  {
    name: 'empty required text',
    edits: [{ file: 'pages/contact.json', replace: ['"heading": "Let\'s Connect"', '"heading": ""'] }],
    expected: ['config/pages/contact.json:10:18  sections 1 (page-hero).heading: is empty. Write some text here.'],
  },
  {
    name: 'text of spaces only',
    edits: [{ file: 'collections/services.json', replace: ['"name": "Strategy"', '"name": "   "'] }],
    expected: [
      'config/collections/services.json:14:15  services 2.name: "   " has no text, only spaces. Write some text here.',
    ],
  },
  {
    name: 'true or false written in quotes',
    edits: [{ file: 'collections/influencers.json', replace: ['"verified": false', '"verified": "false"'] }],
    expected: [
      'config/collections/influencers.json:58:19  influencers 4 (Kofi Boateng).verified: must be true or false, not text ("false"). Write it without quotes: false.',
    ],
  },
  {
    name: 'a number out of range',
    edits: [{ file: 'site.json', replace: ['"toastDurationMs": 4000', '"toastDurationMs": 400000'] }],
    expected: [
      'config/site.json:36:24  timing.toastDurationMs: 400000 is too large: the largest allowed is 30000. It is in milliseconds: 6 seconds is 6000.',
    ],
  },
  {
    name: 'a misspelt placeholder',
    edits: [{ file: 'pages/services.json', replace: ['"Why Choose {name}"', '"Why Choose {nmae}"'] }],
    expected: [
      'config/pages/services.json:19:52  sections 4 (point-grid).heading: {nmae} is not a value this text can show. Did you mean {name}? Placeholders name a value in config/site.json, such as {name} or {claims.creatorNetwork}.',
    ],
  },
  {
    name: 'a file that is not in public/',
    edits: [{ file: 'pages/home.json', replace: ['/media/hero-poster.jpg', '/media/hero-poster.png'] }],
    expected: [
      'config/pages/home.json:18:19  sections 1 (video-hero).video.poster: "/media/hero-poster.png" is not a file in public/. Did you mean "/media/hero-poster.jpg"? Put the file at public/media/hero-poster.png, or correct the path.',
    ],
  },
  {
    name: 'a project filter that matches nothing',
    edits: [{ file: 'pages/work.json', replace: ['"value": "influencer"', '"value": "influencers"'] }],
    expected: [
      'config/pages/work.json:20:53  sections 2 (project-gallery).filters 3 (Influencer Marketing).value: "influencers" is not a filter. Write all, production, influencer, strategy, or a year such as 2024.',
    ],
  },
  {
    name: 'a misnamed config file',
    edits: [{ file: 'sites.json', write: '{}' }],
    expected: [
      'config/sites.json:1:1  (whole file): this file is not used by the site. Did you mean "site.json"? Config files are: site.json, navigation.json, pages/*.json, collections/influencers.json, collections/influencers/*.json, collections/projects.json, collections/projects/*.json, collections/services.json, collections/process.json, collections/faqs.json, collections/platforms-and-niches.json, forms/*.json, publishing.json, hosting.json, removed.json, collections/*.json.',
    ],
  },
  {
    name: 'a deleted config file',
    edits: [{ file: 'collections/faqs.json', remove: true }],
    expected: [
      'config/collections/faqs.json:1:1  (whole file): this file is missing. The site needs it; its rules are in schemas/collections/faqs.schema.json.',
    ],
  },
  {
    name: 'a wrong "$schema"',
    edits: [{ file: 'pages/about.json', replace: ['../../schemas/page.schema.json', '../schemas/page.schema.json'] }],
    expected: [
      'config/pages/about.json:2:14  $schema: should be "../../schemas/page.schema.json", the rules for this kind of file, so your editor checks it as you type.',
    ],
  },
  {
    name: 'a form field missing from ui:order',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: [
          '"ui:order": ["name", "email", "company", "service", "message"]',
          '"ui:order": ["name", "email", "service", "message"]',
        ],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:26:17  uiSchema.ui:order: the field "company" is not listed, so it would not show. Add it where it should appear.',
    ],
  },
  {
    name: 'a form that lists its fields twice, in ui:order and in its groups',
    edits: [
      {
        file: 'forms/creator-application.json',
        replace: ['"uiSchema": {', '"uiSchema": {\n    "ui:order": ["fullName", "email"],'],
      },
    ],
    expected: [
      'config/forms/creator-application.json:117:5  uiSchema.ui:order: is not needed: the fields are in groups ("ui:groups"), which give their order. Remove "ui:order", so each field is listed once.',
    ],
  },
  {
    name: 'a form that lists its fields nowhere',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: ['"ui:order": ["name", "email", "company", "service", "message"],', ''],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:25:15  uiSchema: lists no fields. Add "ui:order" with the field names in the order they show, or "ui:groups" to show them in groups under headings.',
    ],
  },
  {
    name: 'a form rule without a message for visitors',
    edits: [
      {
        file: 'forms/creator-application.json',
        replace: [
          '"format": "email",\n        "errorMessage": { "format": "Invalid email address" }',
          '"format": "email"',
        ],
      },
    ],
    expected: [
      'config/forms/creator-application.json:20:9  schema.properties.email.format: this rule has no message for visitors. Write the words they see when an answer breaks it (in the file: "errorMessage": { "format": "..." }).',
    ],
  },
  {
    name: 'a misspelt form rule',
    edits: [
      {
        file: 'forms/creator-application.json',
        replace: ['"minLength": 50,\n        "maxLength": 500,', '"minLength": 50,\n        "maxLenght": 500,'],
      },
    ],
    expected: [
      'config/forms/creator-application.json:85:9  schema.properties.bio.maxLenght: "maxLenght" is not a field here. Did you mean "maxLength"?',
    ],
  },
  {
    name: 'text written after the end of its list',
    edits: [
      {
        file: 'collections/projects.json',
        replace: ['"tags": ["Video Production", "Events", "Music"]', '"tags": ["Video Production", "Events"], "Music"'],
      },
    ],
    expected: [
      'config/collections/projects.json:10:47  projects 1.tags: JSON syntax error: this value is outside the list [ ... ] that starts on line 10. Move it inside the brackets, before the ] on line 10.',
    ],
  },
  {
    name: 'a list entry written after the end of the list',
    edits: [
      {
        file: 'collections/faqs.json',
        replace: [
          'full campaign."\n    }\n  ]',
          'full campaign."\n    }\n  ],\n  {\n    "question": "Do you travel?",\n    "answer": "Yes."\n  }',
        ],
      },
    ],
    expected: [
      'config/collections/faqs.json:21:3  faqs: JSON syntax error: this value is outside the list [ ... ] that starts on line 3. Move it inside the brackets, before the ] on line 20.',
    ],
  },
  {
    name: 'a list left open',
    edits: [
      {
        file: 'collections/projects.json',
        replace: ['"tags": ["Video Production", "Events", "Music"]', '"tags": ["Video Production", "Events", "Music"'],
      },
    ],
    expected: [
      'config/collections/projects.json:11:5  projects 1.tags 3: JSON syntax error: the list [ that starts on line 10 is not closed. Add ] after its last item.',
    ],
  },
  {
    name: 'a group left open',
    edits: [
      {
        file: 'pages/about.json',
        replace: [
          '{ "label": "Join as Creator", "href": "/influencers", "variant": "secondary" }',
          '{ "label": "Join as Creator", "href": "/influencers", "variant": "secondary"',
        ],
      },
    ],
    expected: [
      'config/pages/about.json:38:7  sections 4.actions 2.variant: JSON syntax error: the group { that starts on line 37 is not closed. Add } after its last field.',
    ],
  },
  {
    name: 'curly quotes pasted from a word processor',
    edits: [{ file: 'collections/influencers.json', replace: ['"name": "Amara Okafor"', '“name”: “Amara Okafor”'] }],
    expected: [
      'config/collections/influencers.json:6:7  influencers 1: JSON syntax error: curly quotes (“ ” ‘ ’), as word processors type them, are not quotes in JSON. Use straight double quotes ("), as VS Code types them.',
    ],
  },
  {
    name: 'True in capitals',
    edits: [{ file: 'collections/influencers.json', replace: ['"verified": true', '"verified": True'] }],
    expected: [
      'config/collections/influencers.json:16:19  influencers 1.verified: JSON syntax error: true and false are written in lower case, without quotes: true.',
    ],
  },
  {
    name: 'yes for true',
    edits: [{ file: 'collections/influencers.json', replace: ['"verified": true', '"verified": yes'] }],
    expected: [
      'config/collections/influencers.json:16:19  influencers 1.verified: JSON syntax error: write true or false, without quotes, instead of yes.',
    ],
  },
  {
    name: 'a number with a thousands separator',
    edits: [{ file: 'collections/influencers.json', replace: ['"id": 2,', '"id": 2,000,'] }],
    expected: [
      'config/collections/influencers.json:19:13  influencers 2.id: JSON syntax error: numbers are written without separators between thousands: 2000.',
    ],
  },
  {
    name: 'a number with a leading zero',
    edits: [{ file: 'collections/influencers.json', replace: ['"id": 2,', '"id": 02,'] }],
    expected: [
      'config/collections/influencers.json:19:13  influencers 2.id: JSON syntax error: a number cannot start with 0. Write 2 instead of 02.',
    ],
  },
  {
    name: 'a field name without quotes',
    edits: [{ file: 'collections/influencers.json', replace: ['"name": "Amara Okafor"', 'name: "Amara Okafor"'] }],
    expected: [
      'config/collections/influencers.json:6:7  influencers 1: JSON syntax error: field names need double quotes: "name".',
    ],
  },
  {
    name: '= instead of a colon',
    edits: [{ file: 'collections/influencers.json', replace: ['"name": "Amara Okafor"', '"name" = "Amara Okafor"'] }],
    expected: [
      'config/collections/influencers.json:6:14  influencers 1.name: JSON syntax error: a field name and its value are separated by a colon (:), not =. Write "name": value.',
    ],
  },
  {
    name: 'a semicolon instead of a comma',
    edits: [{ file: 'collections/influencers.json', replace: ['"name": "Amara Okafor",', '"name": "Amara Okafor";'] }],
    expected: [
      'config/collections/influencers.json:6:29  influencers 1.name: JSON syntax error: items are separated by commas (,), not semicolons. Replace the ; with a comma.',
    ],
  },
  {
    name: 'text over two lines',
    edits: [{ file: 'collections/influencers.json', replace: ['"bio": "', '"bio": "Line one\nline two '] }],
    expected: [
      'config/collections/influencers.json:15:14  influencers 1.bio: JSON syntax error: this text goes on over a line break, which JSON does not allow. Keep it on one line; write \\n where a new line should start.',
    ],
  },
  {
    name: 'a path with backslashes',
    edits: [{ file: 'pages/home.json', replace: ['"/media/hero.webm"', '"\\media\\hero.webm"'] }],
    expected: [
      'config/pages/home.json:16:17  sections 1.video.webm: JSON syntax error: paths are written with forward slashes (/), not backslashes: "/media/hero.webm".',
    ],
  },
  {
    name: 'a path that starts with /public/',
    edits: [{ file: 'pages/home.json', replace: ['"/media/hero.webm"', '"/public/media/hero.webm"'] }],
    expected: [
      'config/pages/home.json:16:17  sections 1 (video-hero).video.webm: "/public/media/hero.webm" starts with /public/, which paths leave out: the file public/media/hero.webm is "/media/hero.webm".',
    ],
  },
  {
    name: 'a path without its leading /',
    edits: [{ file: 'pages/home.json', replace: ['"/media/hero.webm"', '"media/hero.webm"'] }],
    expected: [
      'config/pages/home.json:16:17  sections 1 (video-hero).video.webm: "media/hero.webm" is missing the / at its start. Did you mean "/media/hero.webm"?',
    ],
  },
  {
    name: 'a field name with a no-break space',
    edits: [
      { file: 'collections/influencers.json', replace: ['"name": "Amara Okafor"', '"name\u00a0": "Amara Okafor"'] },
    ],
    expected: [
      'config/collections/influencers.json:6:7  influencers 1["name\\u00A0"]: "name\\u00A0" is not a field here. Did you mean "name"? That field is required.',
    ],
  },
  {
    name: 'a page link without its leading /',
    edits: [{ file: 'pages/work.json', replace: ['"href": "/contact"', '"href": "contact"'] }],
    expected: [
      'config/pages/work.json:30:60  sections 3 (call-to-action).actions 1 (Start Your Project).href: "contact" is missing the / at its start. Did you mean "/contact"?',
    ],
  },
  {
    name: 'a web address without https://',
    edits: [{ file: 'pages/work.json', replace: ['"href": "/contact"', '"href": "www.instagram.com/loommedia"'] }],
    expected: [
      'config/pages/work.json:30:60  sections 3 (call-to-action).actions 1 (Start Your Project).href: "www.instagram.com/loommedia" is a web address without its start. Write "https://www.instagram.com/loommedia".',
    ],
  },
  {
    name: 'a placeholder in double braces',
    edits: [{ file: 'pages/services.json', replace: ['"Why Choose {name}"', '"Why Choose {{name}}"'] }],
    expected: [
      'config/pages/services.json:19:40  sections 4 (point-grid).heading: "{{name}}" is not filled in: a placeholder is written in single braces, without spaces: {name}.',
    ],
  },
  {
    name: 'a placeholder with spaces',
    edits: [{ file: 'pages/services.json', replace: ['"Why Choose {name}"', '"Why Choose { name }"'] }],
    expected: [
      'config/pages/services.json:19:40  sections 4 (point-grid).heading: "{ name }" is not filled in: a placeholder is written in single braces, without spaces: {name}.',
    ],
  },
  {
    name: 'a double quote inside text',
    edits: [
      {
        file: 'collections/faqs.json',
        replace: ['"Yes, small businesses are welcome.', '"Yes, "small" businesses are welcome.'],
      },
    ],
    expected: [
      'config/collections/faqs.json:10:23  faqs 2.answer: JSON syntax error: a double quote (") inside this text ends it too early. Write \\" (a backslash, then the quote) for each quote inside text: "Yes, \\"small\\" businesses are welcome. We shape every project to your…".',
    ],
  },
  {
    name: 'seconds written where milliseconds are meant',
    edits: [{ file: 'site.json', replace: ['"toastDurationMs": 4000', '"toastDurationMs": 6'] }],
    expected: [
      'config/site.json:36:24  timing.toastDurationMs: 6 is too small: the smallest allowed is 1000. It is in milliseconds: 6 seconds is 6000.',
    ],
  },
  {
    name: 'a duration written with its unit',
    edits: [{ file: 'site.json', replace: ['"toastDurationMs": 4000', '"toastDurationMs": "6 seconds"'] }],
    expected: [
      'config/site.json:36:24  timing.toastDurationMs: must be a number of milliseconds, written without quotes or units: 6 seconds is 6000.',
    ],
  },
  {
    name: 'hours written as days',
    edits: [{ file: 'site.json', replace: ['"contactResponseHours": 24', '"contactResponseHours": "2 days"'] }],
    expected: [
      'config/site.json:31:29  promises.contactResponseHours: must be a number of hours, written without quotes or units: 2 days is 48.',
    ],
  },
  {
    name: 'a field written twice with different values',
    edits: [{ file: 'site.json', replace: ['"language": "en",', '"language": "en",\n  "name": "Loom Studio",'] }],
    expected: [
      'config/site.json:5:3  name: "name" is written twice in this group: on line 3 and here. Only this last one is used; remove the other.',
    ],
  },
  {
    name: 'a number too large for any computer',
    edits: [{ file: 'collections/projects.json', replace: ['"year": 2024', '"year": 1e309'] }],
    expected: [
      'config/collections/projects.json:8:15  projects 1 (Rhythm of Accra).year: 1e309 is too large to be a number the site can use. Write a smaller number.',
    ],
  },
  {
    name: 'an id with more digits than can be kept exactly',
    edits: [{ file: 'collections/influencers.json', replace: ['"id": 6,', '"id": 12345678901234567890,'] }],
    expected: [
      'config/collections/influencers.json:75:13  influencers 6 (Yaw Darko).id: 12345678901234567890 has too many digits to be kept exactly (it would become 12345678901234567000). Write at most 15 digits.',
    ],
  },
  {
    name: 'a value with a right-to-left override',
    edits: [
      { file: 'collections/influencers.json', replace: ['"platform": "instagram"', '"platform": "\u202Einstagram"'] },
    ],
    expected: [
      'config/collections/influencers.json:8:19  influencers 1 (Amara Okafor).platform: "\\u202Einstagram" is not an allowed platform. Did you mean "instagram"? Allowed: instagram, tiktok, youtube, facebook, twitter, linkedin, twitch, snapchat, pinterest.',
    ],
  },
  {
    name: 'a very long value',
    edits: [
      {
        file: 'collections/influencers.json',
        replace: ['"platform": "instagram"', `"platform": "instagram${'m'.repeat(100_000)}"`],
      },
    ],
    expected: [
      'config/collections/influencers.json:8:19  influencers 1 (Amara Okafor).platform: this text is 100,009 characters long; at most 20,000 are allowed. Shorten it.',
    ],
  },
  {
    name: 'a very long value where the schema allows any text',
    edits: [{ file: 'collections/influencers.json', replace: ['"bio": "', `"bio": "${'Really '.repeat(3_000)}`] }],
    expected: [
      'config/collections/influencers.json:15:14  influencers 1 (Amara Okafor).bio: this text is 21,174 characters long; at most 20,000 are allowed. Shorten it.',
    ],
  },
  {
    name: 'a placeholder of 100,000 characters',
    edits: [
      {
        file: 'collections/faqs.json',
        replace: ['"Yes, small businesses are welcome.', `"{${'a'.repeat(100_000)}} small businesses are welcome.`],
      },
    ],
    expected: [
      'config/collections/faqs.json:10:17  faqs 2 (Do you work with small businesses?).answer: this text is 100,101 characters long; at most 20,000 are allowed. Shorten it.',
    ],
  },
  {
    name: 'a delivery setting its method does not use',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: [
          '"messages": {',
          '"delivery": { "method": "log", "url": "https://formspree.io/f/abcd1234" },\n  "messages": {',
        ],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:37:34  delivery.url: "url" is not used when "method" is "log". Remove it, or change "method".',
    ],
  },
  {
    name: 'a misspelt delivery method',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: ['"messages": {', '"delivery": { "method": "pots", "timeoutMs": 10000 },\n  "messages": {'],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:37:27  delivery.method: "pots" is not a delivery method. Did you mean "post"? Allowed: log, post, netlify.',
    ],
  },
  {
    name: 'a delivery without its method',
    edits: [
      {
        file: 'forms/contact-inquiry.json',
        replace: ['"messages": {', '"delivery": { "timeoutMs": 10000 },\n  "messages": {'],
      },
    ],
    expected: [
      'config/forms/contact-inquiry.json:37:15  delivery.method: this delivery has no "method". Start it with "method", one of: log, post, netlify.',
    ],
  },
  {
    name: 'a subheading in an FAQ answer, which takes paragraphs, lists, bold, italic and links',
    edits: [
      {
        file: 'collections/faqs.json',
        replace: ['"answer": "Simple content', '"answer": "## Short\\n\\nSimple content'],
      },
    ],
    expected: [
      'config/collections/faqs.json:6:17  faqs 1 (What is your typical turnaround time?).answer: line 1 of the text is a heading (a line starting with #), which this text does not take. Take the # away, or put longer text with subheadings in a text block.',
    ],
  },
  {
    name: 'HTML in a text block',
    edits: [
      {
        file: 'pages/about.json',
        replace: [
          '"sections": [',
          '"sections": [\n    { "type": "text", "text": "Welcome.\\n\\nWe <b>love</b> stories." },',
        ],
      },
    ],
    expected: [
      'config/pages/about.json:7:31  sections 1 (text).text: line 3 of the text holds HTML ("<b>"), which a text block does not take. Write **bold**, *italic*, [a link](/contact) or a list with - instead.',
    ],
  },
  {
    name: 'a text block linking to a page that does not exist',
    edits: [
      {
        file: 'pages/about.json',
        replace: [
          '"sections": [',
          '"sections": [\n    { "type": "text", "heading": "More", "text": "Read [our work](/wrok)." },',
        ],
      },
    ],
    expected: [
      'config/pages/about.json:7:50  sections 1 (text).text: the text links to "/wrok", which is not a page of this site. Did you mean "/work"? Pages: /, /about, /contact, /influencers, /influencers/apply, /services, /work.',
    ],
  },
];

describe('npm run validate on a broken config', () => {
  it.each(MISTAKES)('reports $name with file, line, column, path and a plain sentence', ({ edits, expected }) => {
    const result = validateEditedSite(edits);
    expect(result.lines).toEqual(expected);
    expect(result.config).toBeUndefined();
  });

  it('reports every problem in every file at once, in file order', () => {
    const result = validateEditedSite([
      { file: 'site.json', replace: ['hello@loommedia.com.gh', 'hello@'] },
      { file: 'collections/influencers.json', replace: ['"platform": "instagram"', '"platform": "instagramm"'] },
      { file: 'collections/values.json', replace: ['matter to you." }', 'matter to you." },'] },
    ]);
    expect(result.lines.map((line) => line.split('  ')[0])).toEqual([
      'config/collections/influencers.json:8:19',
      'config/collections/values.json:7:118',
      'config/site.json:6:14',
    ]);
  });

  it('never shows raw validator wording', () => {
    const lines = MISTAKES.flatMap(({ edits }) => validateEditedSite(edits).lines);
    for (const line of lines) {
      expect(line).toMatch(/^config\/[\w/.-]+\.json:\d+:\d+ {2}\S.*: \S/);
      expect(line).not.toMatch(/must NOT|must match pattern|must be equal to one of|instancePath|schemaPath/);
    }
  });

  it('can print each problem as a GitHub annotation on the offending line', () => {
    const [problem] = validateEditedSite([
      { file: 'site.json', replace: ['hello@loommedia.com.gh', 'hello@'] },
    ]).problems;
    expect(formatGithubAnnotation(problem!)).toBe(
      '::error file=config/site.json,line=6,col=14::contact.email: "hello@" is not a valid email address. Write it like name@example.com.',
    );
  });
});

describe('npm run validate on a valid config', () => {
  it('accepts the site in this repository (warnings allowed), with a page for each file of config/pages', () => {
    const result = validateConfig(siteFolders(LIVE_SITE_DIR));
    expect(result.problems.filter((problem) => problem.severity === 'error').map(formatConfigProblem)).toEqual([]);
    const pageFiles = readdirSync(join(LIVE_SITE_DIR, 'config/pages')).filter((file) => file.endsWith('.json'));
    expect(result.config?.pages).toHaveLength(pageFiles.length);
  });

  it('accepts the fixture site and fills in site placeholders, warning that its forms deliver nowhere', () => {
    const { lines, config } = validateEditedSite([]);
    expect(lines).toEqual([]);
    expect([...warningsOfFixtureSite()]).toEqual([
      `config/forms/contact-inquiry.json:1:1  warning  delivery: is not set, so nobody receives what visitors send: the answers are only written to the browser's console. ${WHAT_TO_SET}`,
      `config/forms/creator-application.json:1:1  warning  delivery: is not set, so nobody receives what visitors send: the answers are only written to the browser's console. ${WHAT_TO_SET}`,
    ]);
    expect(config?.site.footer.copyright).toBe('© 2025 Loom Media. All rights reserved.');
    const profile = config?.pages.find((page) => page.route === '/influencers/:id');
    expect(profile?.title).toBe('{influencer.name} ({influencer.handle}) | Loom Media');
  });

  it('accepts names with accents and apostrophes', () => {
    const { lines, config } = validateEditedSite([
      {
        file: 'collections/influencers.json',
        replace: ['"name": "Amara Okafor"', '"name": "Adéwálé O\'Brien-Ọkàfọ̀r"'],
      },
    ]);
    expect(lines).toEqual([]);
    expect(config?.influencers[0]?.name).toBe("Adéwálé O'Brien-Ọkàfọ̀r");
  });

  it('accepts a seventh influencer and a link to their profile', () => {
    const seventh = `{
      "id": 7, "name": "Nana Yeboah", "handle": "@nanayeboah", "platform": "twitch", "niche": "tech",
      "followers": "64K", "engagement": "11%", "reach": "20K-35K", "audience": "18-30, 75% Male",
      "rates": "$250 - $700", "bio": "Live-streams strategy games from Kumasi.", "verified": false
    }
  ]`;
    const { lines, config } = validateEditedSite([
      {
        file: 'collections/influencers.json',
        replace: ['"verified": false\n    }\n  ]', `"verified": false\n    },\n    ${seventh}`],
      },
      { file: 'pages/about.json', replace: ['"href": "/influencers"', '"href": "/influencers/7"'] },
    ]);
    expect(lines).toEqual([]);
    expect(config?.influencers.map((influencer) => influencer.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('accepts links written as the address bar shows them, in their folder form', () => {
    const { lines } = validateEditedSite([
      { file: 'navigation.json', replace: ['"href": "/services"', '"href": "/services/"'] },
      { file: 'pages/about.json', replace: ['"href": "/influencers"', '"href": "/influencers/3/?from=about"'] },
    ]);
    expect(lines).toEqual([]);
  });

  it('accepts a new page made of existing sections, linked from the navigation', () => {
    const page = JSON.stringify({
      $schema: '../../schemas/page.schema.json',
      route: '/careers',
      title: 'Careers | {name}',
      description: 'Work with {name}.',
      sections: [
        { type: 'page-hero', heading: 'Join the Team', text: 'We are hiring storytellers.' },
        { type: 'call-to-action', heading: 'Say hello', actions: [{ label: 'Contact Us', href: '/contact' }] },
      ],
    });
    const { lines, config } = validateEditedSite([
      { file: 'pages/careers.json', write: page },
      {
        file: 'navigation.json',
        replace: [
          '{ "label": "Contact", "href": "/contact" }',
          '{ "label": "Contact", "href": "/contact" },\n    { "label": "Careers", "href": "/careers" }',
        ],
      },
    ]);
    expect(lines).toEqual([]);
    expect(config?.pages.find((candidate) => candidate.route === '/careers')?.title).toBe('Careers | Loom Media');
  });
});

describe('a value two entries share, while an author is changing one of them', () => {
  it('is reported on the entry being changed, naming the other, wherever the two come in the list', () => {
    const { root, remove } = copyOfSpecSite();
    try {
      applyEdits(root, [{ asFolder: 'influencers' }]);
      const first = JSON.parse(
        readFileSync(join(root, 'config/collections/influencers/01-amara-okafor.json'), 'utf8'),
      ) as Record<string, unknown>;
      // A new creator whose file sorts before the one whose handle it repeats.
      const typed = { ...first, id: 99, name: 'Abena Mensah' };
      const unsaved = new Map([['collections/influencers/00-abena-mensah.json', JSON.stringify(typed, null, 2)]]);
      const errors = validateConfig(siteFolders(root), { unsaved }).problems.filter(
        (problem) => problem.severity === 'error',
      );
      expect(errors.map((problem) => [problem.file, problem.path, problem.message])).toEqual([
        [
          'config/collections/influencers/00-abena-mensah.json',
          'handle',
          `"${String(first.handle)}" is already the handle of config/collections/influencers/01-amara-okafor.json (Amara Okafor). Two entries for one creator would show twice in the directory: remove one, or correct the handle.`,
        ],
      ]);
      // Saved as it is, the same two files report the later one, as the checker always has.
      applyEdits(root, [{ file: 'collections/influencers/00-abena-mensah.json', write: JSON.stringify(typed) }]);
      expect(
        validateConfig(siteFolders(root))
          .problems.filter((problem) => problem.severity === 'error')
          .map((problem) => problem.file),
      ).toEqual(['config/collections/influencers/01-amara-okafor.json']);
    } finally {
      remove();
    }
  });
});
