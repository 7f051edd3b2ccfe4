import { describe, expect, it } from 'vitest';
import { validateEditedSite, type ConfigEdit } from '../testing/edited-site.ts';
import { MAX_PROBLEMS_PER_FILE } from './validate-config.ts';

const NAVIGATION = `{
  "$schema": "../schemas/navigation.schema.json",
  "links": [
    { "label": "Home", "href": "/" },
    { "label": "Work", "href": "/wrok" }
  ],
  "cta": { "label": "Get Started", "href": "/contact" }
}
`;
/** navigation.json with one broken link on line 5, written with other line endings or encodings. */
const navigation = (text: string): ConfigEdit => ({ file: 'navigation.json', write: text });
const BROKEN_LINK =
  'links 2 (Work).href: "/wrok" is not a page of this site. Did you mean "/work"? Pages: /, /about, /contact, /influencers, /influencers/apply, /services, /work.';

/** How the checker says a file is a link, as every reader of the site's files says it (plain-files.ts). */
const LINK_WORDS = (target: string) =>
  `is a link to ${target}, and the site's tools read only real files and folders. Put the file itself in its place.`;

const CASES: { name: string; edits: ConfigEdit[]; expected: string[] }[] = [
  {
    name: 'Windows line endings',
    edits: [navigation(NAVIGATION.replace(/\n/g, '\r\n'))],
    expected: [`config/navigation.json:5:32  ${BROKEN_LINK}`],
  },
  {
    name: 'old Mac line endings (a carriage return alone)',
    edits: [navigation(NAVIGATION.replace(/\n/g, '\r'))],
    expected: [`config/navigation.json:5:32  ${BROKEN_LINK}`],
  },
  {
    name: 'a byte order mark, which is allowed and does not move columns',
    edits: [navigation(`\uFEFF${NAVIGATION}`)],
    expected: [`config/navigation.json:5:32  ${BROKEN_LINK}`],
  },
  {
    name: 'a file saved as UTF-16 with a byte order mark',
    edits: [
      navigation(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(NAVIGATION, 'utf16le')]) as unknown as string),
    ],
    expected: [
      'config/navigation.json:1:1  (whole file): this file is saved as UTF-16 LE, and config files must be UTF-8. In VS Code, click the encoding in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".',
    ],
  },
  {
    name: 'a file saved as UTF-16 without a byte order mark',
    edits: [navigation(Buffer.from(NAVIGATION, 'utf16le') as unknown as string)],
    expected: [
      'config/navigation.json:1:1  (whole file): this file is saved as UTF-16 LE, and config files must be UTF-8. In VS Code, click the encoding in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".',
    ],
  },
  {
    name: 'a file saved as Windows-1252, with an accented letter',
    edits: [navigation(Buffer.from(NAVIGATION.replace('"Home"', '"Accueil é"'), 'latin1') as unknown as string)],
    expected: [
      'config/navigation.json:4:25  (whole file): this file is not valid UTF-8: the byte 0xE9 here is not a character in UTF-8. It was probably saved as Windows-1252 or Latin-1 (Western European). In VS Code, click the encoding in the status bar at the bottom, choose "Save with Encoding", then "UTF-8". If an accented letter here looks wrong after that, type it again.',
    ],
  },
  {
    name: 'a collection that is a group instead of a list',
    edits: [
      {
        file: 'collections/influencers.json',
        write: '{ "$schema": "../../schemas/collections/influencers.schema.json", "influencers": { "id": 1 } }',
      },
    ],
    expected: [
      'config/collections/influencers.json:1:82  influencers: must be a list in square brackets [ ], not a group of fields.',
    ],
  },
  {
    name: 'a collection that is a number',
    edits: [
      {
        file: 'collections/influencers.json',
        write: '{ "$schema": "../../schemas/collections/influencers.schema.json", "influencers": 6 }',
      },
    ],
    expected: [
      'config/collections/influencers.json:1:82  influencers: must be a list in square brackets [ ], not the number 6.',
    ],
  },
  {
    name: 'a page that holds only null',
    edits: [{ file: 'pages/about.json', write: 'null' }],
    expected: ['config/pages/about.json:1:1  (top level): must be a group of fields in curly braces { }, not null.'],
  },
  {
    name: 'groups nested thousands deep',
    edits: [{ file: 'pages/about.json', write: `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}` }],
    expected: [
      'config/pages/about.json:1:321  (whole file): lists [ ] and groups { } are nested more than 64 deep here. Config never needs that many; look for brackets that were pasted in by mistake.',
    ],
  },
  {
    name: 'lists nested thousands deep inside a valid file',
    edits: [
      { file: 'collections/faqs.json', replace: ['"faqs": [', `"faqs": [${'['.repeat(2000)}${']'.repeat(2000)},`] },
    ],
    expected: [
      'config/collections/faqs.json:3:74  (whole file): lists [ ] and groups { } are nested more than 64 deep here. Config never needs that many; look for brackets that were pasted in by mistake.',
    ],
  },
  {
    name: 'a config file that is a link to a real file, which is never read through it',
    edits: [
      { file: 'collections/faqs-original.txt', copyOf: 'collections/faqs.json' },
      { file: 'collections/faqs.json', linkTo: 'faqs-original.txt' },
      {
        file: 'collections/faqs-original.txt',
        replace: ['"faqs": [', '"faqs": [\n    { "question": "Linked?", "answer": "Yes." },'],
      },
    ],
    expected: [
      'config/collections/faqs-original.txt:1:1  warning  (whole file): this is not a JSON file, so the site does not use it. Config files end in .json; keep other files outside config/.',
      `config/collections/faqs.json:1:1  (whole file): this is a link to faqs-original.txt, and the site's tools read only real files and folders. Put the file itself in its place.`,
    ],
  },
  {
    name: 'a link to a file that is gone',
    edits: [{ file: 'collections/faqs.json', linkTo: 'gone.json' }],
    expected: [
      `config/collections/faqs.json:1:1  (whole file): this is a link to gone.json, and the site's tools read only real files and folders. Put the file itself in its place.`,
    ],
  },
  {
    name: 'a folder of config that is a link to another folder',
    edits: [
      { file: 'extra/about.json', copyOf: 'pages/about.json' },
      { file: 'pages/more', linkTo: '../extra' },
    ],
    expected: [
      'config/extra/about.json:1:1  (whole file): this file is not used by the site. Config files are: site.json, navigation.json, pages/*.json, collections/influencers.json, collections/influencers/*.json, collections/projects.json, collections/projects/*.json, collections/services.json, collections/process.json, collections/faqs.json, collections/platforms-and-niches.json, forms/*.json, publishing.json, hosting.json, removed.json, collections/*.json.',
      `config/pages/more:1:1  (whole file): this is a link to ../extra, and the site's tools read only real files and folders. Put the folder itself in its place.`,
    ],
  },
  {
    name: 'a pipe where a config file should be, which is never opened to wait on',
    edits: [{ file: 'collections/faqs.json', pipe: true }],
    expected: [
      'config/collections/faqs.json:1:1  (whole file): this is not a regular file (it is a device, a pipe or a socket). Put a real file in its place, or remove it.',
    ],
  },
  {
    name: 'a config file that is a second name of another file',
    edits: [{ file: 'collections/faqs.json', hardLinkTo: 'collections/values.json' }],
    expected: ['collections/faqs.json', 'collections/values.json'].map(
      (file) =>
        `config/${file}:1:1  (whole file): this is a second name (a hard link) of a file that may be elsewhere. Replace it with a copy of the file.`,
    ),
  },
  {
    name: 'a picture in public/ that is a link, or a pipe',
    edits: [
      { file: 'public/media/poster-copy.jpg', copyOf: 'public/media/hero-poster.jpg' },
      { file: 'public/media/hero-poster.jpg', linkTo: 'poster-copy.jpg' },
      { file: 'public/media/hero.webm', pipe: true },
    ],
    expected: [
      'config/pages/home.json:16:17  sections 1 (video-hero).video.webm: "/media/hero.webm" names public/media/hero.webm, which is not a regular file (it is a device, a pipe or a socket). Put a real file in its place, or remove it.',
      `config/pages/home.json:18:19  sections 1 (video-hero).video.poster: "/media/hero-poster.jpg" names public/media/hero-poster.jpg, which ${LINK_WORDS('poster-copy.jpg')}`,
      `config/site.json:57:17  shareImage: "/media/hero-poster.jpg" names public/media/hero-poster.jpg, which ${LINK_WORDS('poster-copy.jpg')}`,
    ],
  },
  {
    name: 'a folder where a file should be',
    edits: [{ file: 'site.json', folder: true }],
    expected: [
      'config/site.json:1:1  (whole file): this is a folder, but it should be a file. Remove the folder and put the file in its place.',
    ],
  },
  {
    name: 'a file name with a line break and a right-to-left override',
    edits: [{ file: 'pages/new\n\u202Epage.json', write: '{' }],
    expected: [
      'config/pages/new\\u000A\\u202Epage.json:1:1  (whole file): This file has a line break, a tab or another invisible character in its name, which Windows and some hosts cannot hold. Rename it with letters, digits and dashes.',
      'config/pages/new\\u000A\\u202Epage.json:1:2  (top level): JSON syntax error: a closing } is missing. Every { needs a matching }.',
    ],
  },
];

describe('config that no editor would show as broken, but is', () => {
  it.each(CASES)('$name: reported with a location, never a crash', ({ edits, expected }) => {
    const result = validateEditedSite(edits);
    expect(result.lines).toEqual(expected);
  });

  it('a link to a valid config file is refused as the editor refuses it, so the config does not build', () => {
    const { lines, config } = validateEditedSite([
      { file: 'elsewhere/faqs.json', copyOf: 'collections/faqs.json' },
      { file: 'collections/faqs.json', linkTo: '../elsewhere/faqs.json' },
      { file: 'elsewhere/faqs.json', remove: true },
      { file: 'collections/faqs.json', linkTo: '../../config/collections/values.json' },
    ]);
    expect(lines).toEqual([
      `config/collections/faqs.json:1:1  (whole file): ${LINK_WORDS('../../config/collections/values.json')}`.replace(
        '): is',
        '): this is',
      ),
    ]);
    expect(config).toBeUndefined();
  });
});

describe('config at sizes no author would write', () => {
  it('126,000 influencers with one id twice: one problem, quickly, without overflowing the stack', () => {
    const influencers = Array.from({ length: 126_000 }, (_, index) => ({
      id: index === 125_999 ? 1 : index + 1,
      name: `Creator ${index + 1}`,
      handle: `@creator${index + 1}`,
      platform: 'instagram',
      niche: 'fashion',
      followers: '10K',
      engagement: '5%',
      reach: '5K-8K',
      audience: '18-24',
      rates: '$100',
      bio: 'Makes videos.',
      verified: false,
    }));
    const { lines } = validateEditedSite([
      {
        file: 'collections/influencers.json',
        write: JSON.stringify({ $schema: '../../schemas/collections/influencers.schema.json', influencers }, null, 1),
      },
    ]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^config\/collections\/influencers\.json:\d+:\d+ {2}influencers 126000 \(Creator 126000\)\.id: 1 is already the id of influencers 1 \(Creator 1\)\. .* 126000 is free\.$/,
      ),
    ]);
    // How fast is a budget of npm run bench:scale; here, only that it ends. About 5 s alone; the limit leaves room for
    // a machine busy with a second suite.
  }, 120_000);

  it('80,000 sections of a kind that does not exist: the first 100 listed and the rest counted, in linear time', () => {
    const sections = Array.from({ length: 80_000 }, () => ({ type: 'video-heroo', heading: 'Welcome' }));
    const page = {
      $schema: '../../schemas/page.schema.json',
      route: '/many',
      title: 'Many',
      description: 'Many sections.',
      sections,
    };
    const { lines } = validateEditedSite([{ file: 'pages/many.json', write: JSON.stringify(page) }]);
    expect(lines).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(lines[0]).toMatch(
      /^config\/pages\/many\.json:1:\d+ {2}sections 1 \(video-heroo\)\.type: "video-heroo" is not a section type\. Did you mean "video-hero"\?/,
    );
    expect(lines.at(-1)).toMatch(/\(whole file\): and 79,900 more problems in this file, not listed\./);
    // Errors gathered across a "$ref" to a list of kinds were copied once per section (14 s here); now 0.3 s. The
    // test's limit, 30 times that, fails such a slip on any machine.
  }, 60_000);
});
