import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNameProblem } from '../content/file-names.ts';
import { SPEC_SITE_DIR } from '../testing/sites.ts';
import { activeContentOf } from './active-content.ts';
import { formatConfigProblem } from './config-problem.ts';
import { siteFolders } from './project-folders.ts';
import { validateConfig } from './validate-config.ts';

const svg = (body: string, attributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>\n${body}\n</svg>\n`;
const judged = (path: string, text: string) => activeContentOf(path, new TextEncoder().encode(text));

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
    expect(activeContentOf('media/hero.mp4', undefined)).toBeUndefined();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), 'holds <script>', 3],
    [
      'a script under a prefix',
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script>'),
      'holds <script>',
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
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      'refers to another file or site (href="javascript:alert(1)")',
      3,
    ],
    [
      'a link spelled in references',
      svg('<a xlink:href="&#106;avascript:alert(1)"><rect/></a>'),
      'refers to another file or site',
      3,
    ],
    ['an outside picture', svg('<image href="https://tracker.example/p.png"/>'), 'refers to another file or site', 3],
    ['another file of the site', svg('<use href="/media/other.svg#icon"/>'), 'refers to another file or site', 3],
    [
      'an animated address',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'),
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
    expect(judged('media/landing.html', '<html><body onload="x()"></body></html>')?.message).toMatch(/^is a web page/);
    expect(activeContentOf('media/app.js', undefined)?.message).toMatch(
      /^would run in browsers as a program or page \(\.js\)/,
    );
    expect(activeContentOf('media/old.svgz', undefined)?.message).toContain('(.svgz)');
    expect(activeContentOf('media/x.svg', new Uint8Array([0x3c, 0xff, 0xfe]))?.message).toMatch(
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

describe('the checker on a site with hostile files in public/', () => {
  it('refuses each one, for every author, with the file and line, named in config or not', () => {
    const root = mkdtempSync(join(tmpdir(), 'hostile-public-'));
    try {
      cpSync(SPEC_SITE_DIR, root, { recursive: true });
      writeFileSync(join(root, 'public/media/badge.svg'), svg('<rect width="1"/>\n<script>steal()</script>'));
      writeFileSync(join(root, 'public/media/helper.js'), 'steal()');
      writeFileSync(join(root, 'public/media/bad\nname.jpg'), 'x');
      const problems = validateConfig(siteFolders(root)).problems.filter((problem) =>
        problem.file.startsWith('public/'),
      );
      expect(problems.map(formatConfigProblem)).toEqual([
        expect.stringMatching(/^public\/media\/bad\\u000Aname\.jpg:1:1 {2}\(whole file\): This file has a line break/),
        expect.stringMatching(
          /^public\/media\/badge\.svg:4:1 {2}\(whole file\): This file is an SVG drawing that holds <script>/,
        ),
        expect.stringMatching(
          /^public\/media\/helper\.js:1:1 {2}\(whole file\): This file would run in browsers as a program or page \(\.js\)/,
        ),
      ]);
      expect(problems.every((problem) => problem.severity === 'error')).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
