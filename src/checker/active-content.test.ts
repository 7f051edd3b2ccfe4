import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNameProblem } from '../content/file-names.ts';
import { validateEditedSite } from '../testing/edited-site.ts';
import { SPEC_SITE_DIR } from '../testing/sites.ts';
import { publicFileProblem, type PublicFileBytes } from './active-content.ts';

const svg = (body: string, attributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>\n${body}\n</svg>\n`;
const judged = (path: string, text: string) => publicFileProblem(path, { whole: new TextEncoder().encode(text) });
const media = (name: string) => new Uint8Array(readFileSync(join(SPEC_SITE_DIR, 'public/media', name)));

describe('files of public/ that would run as part of the site', () => {
  it('takes plain drawings: shapes, gradients, styles, pictures held inside, comments and text', () => {
    const drawing = svg(
      [
        '<!-- drawn by hand; <script> in a comment is only words -->',
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#6d3699"/></linearGradient>',
        '<style><![CDATA[ .a { fill: url(#g); } ]]></style></defs>',
        '<rect class="a" width="10" height="10" style="fill:url(#g);stroke:#fff"/>',
        '<use href="#g" xlink:href="#g"/>',
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
        '<text x="1" y="5">onboarding = fun &amp; easy</text>',
      ].join('\n'),
    );
    expect(judged('media/logo.svg', drawing)).toBeUndefined();
    expect(judged('google1234.html', 'google-site-verification: google1234.html\n')).toBeUndefined();
    expect(publicFileProblem('media/hero.mp4', {})).toBeUndefined();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), 'holds <script>', 3],
    [
      'a script under a prefix',
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script>'),
      'holds <svg:script>',
      3,
    ],
    ['an event attribute', svg('<rect onload="fetch(1)" width="1"/>'), 'runs script on an event (onload="…")', 3],
    ['an event on the drawing itself', svg('', ' onload="alert(1)"'), 'runs script on an event', 2],
    [
      'a page inside',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      'holds <foreignObject>',
      3,
    ],
    [
      'a link to a script',
      svg('<use href="javascript:alert(1)"/>'),
      'refers to another file or site (href="javascript:alert(1)")',
      3,
    ],
    [
      'a link spelled in references',
      svg('<use xlink:href="&#106;avascript:alert(1)"/>'),
      'refers to another file or site',
      3,
    ],
    ['an outside picture', svg('<image href="https://tracker.example/p.png"/>'), 'refers to another file or site', 3],
    ['another file of the site', svg('<use href="/media/other.svg#icon"/>'), 'refers to another file or site', 3],
    [
      'an animated address',
      svg('<g><set attributeName="href" to="javascript:alert(1)"/></g>'),
      'changes an address or an event as it animates',
      3,
    ],
    [
      'an outside stylesheet',
      svg('<style>@import url(https://x.example/a.css);</style>'),
      'imports another stylesheet',
      3,
    ],
    [
      'an outside font in a style',
      svg('<rect style="fill:url(https://x.example/a)"/>'),
      'loads https://x.example/a from its styles',
      3,
    ],
    [
      'a document type',
      `<!DOCTYPE svg [<!ENTITY x "y">]>\n${svg('<rect/>')}`,
      'declares a document type or entities',
      1,
    ],
    ['a stylesheet instruction', `<?xml-stylesheet href="a.xsl"?>\n${svg('<rect/>')}`, 'asks for processing', 1],
  ])('refuses an SVG with %s, saying what and where', (_, text, words, line) => {
    const found = judged('media/badge.svg', text);
    expect(found?.message).toContain(words);
    expect(found?.message).toContain("would run as part of the site with the site's rights");
    expect(found?.position.line).toBe(line);
  });

  it('refuses pages, scripts and what cannot be read, by name or content', () => {
    expect(judged('landing.html', '<html><body onload="x()"></body></html>')?.message).toMatch(/^is a web page/);
    expect(publicFileProblem('media/app.js', {})?.message).toMatch(
      /^is not a kind of file public\/ serves \(files ending in \.js are not among them\)/,
    );
    expect(publicFileProblem('media/old.svgz', {})?.message).toContain('files ending in .svgz');
    expect(publicFileProblem('media/x.svg', { whole: new Uint8Array([0x3c, 0xff, 0xfe]) })?.message).toMatch(
      /^is not readable text/,
    );
  });
});

describe('names every computer and host can hold', () => {
  it.each([
    ['media/line\nbreak.jpg', 'a line break, a tab or another invisible character'],
    ['media/what?.jpg', 'the character ? in its name'],
    ['media/a:b.jpg', 'the character : in its name'],
    ['media/trailing.', 'ends with a dot or a space'],
    ['media/CON.jpg', 'a name Windows keeps for a device'],
    ['media//double.jpg', 'an empty folder name'],
    [`media/${'a'.repeat(256)}.jpg`, 'longer than 255 bytes'],
  ])('refuses %j', (path, words) => expect(fileNameProblem(path)).toContain(words));

  it('takes ordinary names, accents and spaces included', () => {
    for (const path of ['media/hero-poster.jpg', 'media/Amara Okafor (2).jpg', 'media/Efua Asantéwaa.png'])
      expect(fileNameProblem(path)).toBeUndefined();
  });
});

/** A font's or a PDF's first bytes, enough to tell its kind. */
const start = (text: string) => new Uint8Array([...text].map((character) => character.charCodeAt(0)));

describe('what public/ serves: the kinds of the table of file formats, each judged by its bytes', () => {
  it.each([
    ['a picture', 'media/hero-poster.jpg', { start: media('hero-poster.jpg') }],
    ['a video', 'media/hero.webm', { start: media('hero.webm') }],
    ['a WOFF2 font', 'fonts/brand.woff2', { start: start('wOF2\x00\x01\x00\x00') }],
    ['a WOFF font', 'fonts/brand.woff', { start: start('wOFF\x00\x01\x00\x00') }],
    ['a TrueType font', 'fonts/brand.ttf', { start: start('\x00\x01\x00\x00\x00\x10') }],
    ['an OpenType font', 'fonts/brand.otf', { start: start('OTTO\x00\x10') }],
    ['a PDF', 'media/rate-card.pdf', { start: start('%PDF-1.7\n') }],
    ['an icon that is a PNG inside', 'favicon.ico', { start: start('\x89PNG\r\n\x1a\n') }],
    ['a drawing', 'favicon.svg', { whole: new Uint8Array(readFileSync(join(SPEC_SITE_DIR, 'public/favicon.svg'))) }],
    ['the host headers', '_headers', { whole: new Uint8Array(readFileSync(join(SPEC_SITE_DIR, 'public/_headers'))) }],
    ['a preload header', '_headers', { whole: new TextEncoder().encode('/*\n  Link: </a.css>; rel=preload\n') }],
    ['the redirects', '_redirects', { whole: new TextEncoder().encode('/old /new 301\n') }],
    ['a custom domain', 'CNAME', { whole: new TextEncoder().encode('www.example.com\n') }],
    ['GitHub Pages told to publish as it is', '.nojekyll', { whole: new Uint8Array() }],
    ['a folder git keeps', 'media/.gitkeep', { whole: new Uint8Array() }],
    ['an advertisers file', 'ads.txt', { whole: new TextEncoder().encode('google.com, pub-1, DIRECT\n') }],
    ['a manifest', 'site.webmanifest', { whole: new TextEncoder().encode('{"name":"Loom","icons":[]}') }],
    ['a security contact', '.well-known/security.txt', { whole: new TextEncoder().encode('Contact: mailto:a@b.c\n') }],
    ['app links', '.well-known/assetlinks.json', { whole: new TextEncoder().encode('[]') }],
    ['a verification page', 'google1234.html', { whole: new TextEncoder().encode('google-site-verification: x\n') }],
  ] as [string, string, PublicFileBytes][])('takes %s', (_, path, bytes) => {
    expect(publicFileProblem(path, bytes)).toBeUndefined();
  });

  it.each([
    ['an XML schema', 'schema.xsd', {}, /^is not a kind of file public\/ serves \(files ending in \.xsd/],
    ['an XML feed', 'feed.xml', {}, /files ending in \.xml are not among them/],
    ['a stylesheet program', 'media/page.xsl', {}, /files ending in \.xsl/],
    ['a page anywhere but the top', 'media/landing.html', {}, /files ending in \.html/],
    ['a script', 'app.mjs', {}, /files ending in \.mjs/],
    ['a file with no ending no host looks for', 'media/notes', {}, /it has no ending, and no host looks for/],
    ['a hidden page', '.hidden/evil.html', {}, /files ending in \.html/],
    ['a file the build writes', 'robots.txt', {}, /^is a file the build writes itself \(robots\.txt\)/],
    ['the sitemap', 'sitemap.xml', {}, /^is a file the build writes itself/],
    ['a page in a PNG', 'media/x.png', { start: start('<html><script>') }, /^is not a PNG picture, though its name/],
    [
      'a JPEG named PNG',
      'media/x.png',
      { start: media('hero-poster.jpg') },
      /it is a JPEG picture\. Export it again as a PNG picture, or, if it is meant to be a JPEG picture, rename it/,
    ],
    ['a page in a font', 'fonts/x.woff2', { start: start('<svg onload=') }, /^is not a WOFF2 font/],
    ['an empty PDF', 'media/x.pdf', { start: new Uint8Array() }, /^is not a PDF document.*it is empty/],
    [
      'markup in a verification page',
      'google1234.html',
      { whole: new TextEncoder().encode('ok\n<script>alert(1)</script>') },
      /^is a web page/,
    ],
    [
      'markup in a text file',
      'ads.txt',
      { whole: new TextEncoder().encode('<?xml-stylesheet href="x"?>') },
      /^holds markup here/,
    ],
    ['a manifest that is not JSON', 'site.webmanifest', { whole: new TextEncoder().encode('{') }, /^is not valid JSON/],
    ['a control character', 'CNAME', { whole: new Uint8Array([0x61, 0x00]) }, /^holds a control character \(U\+0000\)/],
  ] as [string, string, PublicFileBytes, RegExp][])('refuses %s, in words', (_, path, bytes, words) => {
    expect(publicFileProblem(path, bytes)?.message).toMatch(words);
  });

  it('says which kinds public/ takes, from the table of file formats', () => {
    const message = publicFileProblem('schema.xsd', {})!.message;
    for (const words of [
      'pictures (.jpg, .jpeg, .png',
      '.svg',
      'videos (.webm',
      'fonts (.woff2',
      'PDF documents (.pdf)',
    ])
      expect(message).toContain(words);
    expect(message).toContain("a host's own files (_headers, _redirects, CNAME");
    expect(message).toContain('Take it out of public/');
  });
});

describe('npm run validate on a site with hostile files in public/', () => {
  it('refuses each one, for every author, with the file and line, named in config or not', () => {
    const sneaky =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:é="http://www.w3.org/2000/svg">\n<é:script>alert(1)</é:script></svg>\n';
    const { lines, problems } = validateEditedSite([
      { file: 'public/media/sneaky.svg', write: sneaky },
      {
        file: 'collections/services.json',
        replace: ['"id": "production",', '"id": "production",\n      "picture": "/media/sneaky.svg",'],
      },
      {
        file: 'public/media/pixel.svg',
        write:
          '<svg xmlns="http://www.w3.org/2000/svg"><é:img xmlns:é="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/></svg>',
      },
      { file: 'public/schema.xsd', write: '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>' },
      { file: 'public/.well-known/evil.svg', write: svg('<script>alert(1)</script>') },
      { file: 'public/media/helper.js', write: 'steal()' },
      { file: 'public/media/bad\nname.jpg', copyOf: 'public/media/hero-poster.jpg' },
      { file: 'public/media/.DS_Store', write: 'Bud1' },
      { file: 'public/CNAME', write: 'www.example.com\n' },
      { file: 'public/google1234.html', write: 'google-site-verification: google1234.html\n' },
    ]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^public\/\.well-known\/evil\.svg:3:1 {2}\(whole file\): This file is an SVG drawing that holds <script>, which would run as part of the site/,
      ),
      expect.stringMatching(/^public\/media\/bad\\u000Aname\.jpg:1:1 {2}\(whole file\): This file has a line break/),
      expect.stringMatching(
        /^public\/media\/helper\.js:1:1 {2}\(whole file\): This file is not a kind of file public\/ serves/,
      ),
      expect.stringMatching(
        /^public\/media\/pixel\.svg:1:\d+ {2}\(whole file\): This file is an SVG drawing that holds <é:img> \(of the XHTML namespace/,
      ),
      expect.stringMatching(
        /^public\/media\/sneaky\.svg:2:1 {2}\(whole file\): This file is an SVG drawing that holds <é:script>, which would run as part of the site with the site's rights when the file is opened\. Export it again as a plain drawing/,
      ),
      expect.stringMatching(
        /^public\/schema\.xsd:1:1 {2}\(whole file\): This file is not a kind of file public\/ serves \(files ending in \.xsd are not among them\)/,
      ),
    ]);
    expect(problems.every((problem) => problem.severity === 'error')).toBe(true);
  });
});
