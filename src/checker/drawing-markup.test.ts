import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawingText, FORBIDDEN_PARTS, plainDrawings, REAL_EXPORTS } from '../testing/drawings.ts';
import { publicFileProblem } from './active-content.ts';
import { drawingProblem } from './drawing-markup.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const judged = (text: string) => publicFileProblem('media/art.svg', { whole: new TextEncoder().encode(text) });

describe('drawings as programs export them', () => {
  it.each(Object.entries(REAL_EXPORTS))('takes a drawing exported by %s', (_, text) => {
    expect(drawingProblem(text)).toBeUndefined();
  });
});

describe('a drawing judged by namespace and local name, whatever prefix names it', () => {
  it.each([
    [
      'a script under a prefix of a Unicode name',
      `<svg ${SVG} xmlns:é="http://www.w3.org/2000/svg"><é:script>alert(1)</é:script></svg>`,
      'holds <é:script>, which would run as part of the site',
    ],
    [
      'a script under a prefix of an astral name',
      `<svg ${SVG} xmlns:𝒳="http://www.w3.org/2000/svg"><𝒳:script>alert(1)</𝒳:script></svg>`,
      'holds <𝒳:script>',
    ],
    [
      'a page element under a Unicode prefix, declared on itself',
      `<svg ${SVG}><é:img xmlns:é="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/></svg>`,
      'holds <é:img> (of the XHTML namespace, which holds web pages)',
    ],
    [
      'a default namespace of pages on an inner element',
      `<svg ${SVG}><g><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></g></svg>`,
      'holds <body> (of the XHTML namespace',
    ],
    [
      'a prefix rebound to pages mid-document',
      `<svg ${SVG} xmlns:s="http://www.w3.org/2000/svg"><s:g><s:g xmlns:s="http://www.w3.org/1999/xhtml"><s:script>alert(1)</s:script></s:g></s:g></svg>`,
      'holds <s:g> (of the XHTML namespace',
    ],
    [
      'a namespace declaration a drawing has no use for, on an element of its own',
      `<svg ${SVG}><rect xmlns:h="http://www.w3.org/1999/xhtml" width="1"/></svg>`,
      'declares the XHTML namespace, which holds web pages (xmlns:h=',
    ],
    [
      'a script put in the drawing namespace by a declaration on itself',
      `<svg ${SVG}><g xmlns=""><script xmlns="http://www.w3.org/2000/svg">alert(1)</script></g></svg>`,
      'holds <g> (of no namespace)',
    ],
    [
      'a script element of the drawing namespace named by the default namespace on itself',
      `<svg ${SVG}><script xmlns="http://www.w3.org/2000/svg">alert(1)</script></svg>`,
      'holds <script>, which would run',
    ],
    [
      'an event in another namespace',
      `<svg ${SVG} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><rect inkscape:onclick="x"/></svg>`,
      'runs script on an event (inkscape:onclick="…")',
    ],
    [
      'a drawing outside the SVG namespace',
      '<svg><script>alert(1)</script></svg>',
      'starts with <svg> (of no namespace) where a drawing starts with <svg> of the SVG namespace',
    ],
    [
      'an XHTML document',
      '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
      'starts with <html> (of the XHTML namespace',
    ],
  ])('refuses %s', (_, text, words) => {
    expect(judged(text)?.message).toContain(words);
  });
});

describe('a drawing read as the browser reads it', () => {
  it.each([
    [
      'an address in hexadecimal references',
      `<svg ${SVG}><use href="&#x6A;&#x61;vascript:alert(1)"/></svg>`,
      'refers to another file or site (href="javascript:alert(1)")',
    ],
    [
      'an address in decimal references with tabs',
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="&#106;ava&#9;script:alert(1)"/></svg>`,
      'refers to another file or site',
    ],
    [
      'a document type with entities',
      `<!DOCTYPE svg [<!ENTITY x "y">]><svg ${SVG}>&x;</svg>`,
      'declares a document type',
    ],
    [
      'an external document type that is not the drawing one',
      `<!DOCTYPE svg SYSTEM "https://x.example/evil.dtd"><svg ${SVG}/>`,
      'declares a document type',
    ],
    [
      'the drawing document type with entities of its own',
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns "x">]><svg ${SVG}/>`,
      'declares a document type',
    ],
    ['an entity no document declares', `<svg ${SVG}><text>&nbsp;</text></svg>`, 'cannot be read whole'],
    ['a stylesheet instruction', `<?xml-stylesheet type="text/xsl" href="a.xsl"?><svg ${SVG}/>`, '<?xml-stylesheet?>'],
    [
      'an import in character data of a style',
      `<svg ${SVG}><style><![CDATA[ @import url("https://x.example/a.css"); ]]></style></svg>`,
      'imports another stylesheet',
    ],
    [
      'an import written with a CSS escape and a comment',
      `<svg ${SVG}><style>@\\69 m/**/port "a.css";</style></svg>`,
      'imports another stylesheet',
    ],
    [
      'an outside picture in a style function',
      `<svg ${SVG}><rect style="fill:image-set('https://x.example/a.png' 1x)"/></svg>`,
      'loads a picture by a style function',
    ],
    [
      'a picture an image element is not allowed for a filter',
      `<svg ${SVG}><filter id="f"><feImage href="data:image/png;base64,iVBORw0KGgo="/></filter></svg>`,
      'refers to another file or site',
    ],
    [
      'a declaration naming latin1',
      `<?xml version="1.0" encoding="ISO-8859-1"?><svg ${SVG}/>`,
      'says it is written in ISO-8859-1',
    ],
    ['a second root', `<svg ${SVG}/><svg ${SVG}/>`, 'cannot be read whole'],
    ['text after the drawing is cut off', `<svg ${SVG}><g>`, 'cannot be read whole'],
  ])('refuses %s', (_, text, words) => {
    expect(judged(text)?.message).toContain(words);
  });

  it('takes comments, character data and references that stay words, and a UTF-8 byte order mark', () => {
    const text = `\uFEFF<?xml version="1.0" encoding="utf-8"?><svg ${SVG}><!-- <script>alert(1)</script> --><title><![CDATA[<script>alert(1)</script>]]> &lt;script&gt;</title><text>&#x3C;script&#x3E;</text></svg>`;
    expect(judged(text)).toBeUndefined();
  });

  it.each([
    ['UTF-16 with a byte order mark', [0xff, 0xfe], 'utf-16le', 'UTF-16 LE'],
    ['UTF-16 without a byte order mark', [], 'utf-16le', 'UTF-16 LE'],
    ['UTF-16 big-endian', [0xfe, 0xff], 'utf-16be', 'UTF-16 BE'],
  ])('refuses a drawing saved as %s, saying what it is', (_, mark, encoding, words) => {
    const text = `<svg ${SVG}><script>alert(1)</script></svg>`;
    const units = [...text].flatMap((character) => {
      const code = character.charCodeAt(0);
      return encoding === 'utf-16le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff];
    });
    const found = publicFileProblem('media/art.svg', { whole: new Uint8Array([...mark, ...units]) });
    expect(found?.message).toMatch(new RegExp(`^is not readable text in UTF-8 \\(it is saved as ${words}\\)`));
  });

  it('refuses latin1 bytes, and says where a problem is', () => {
    expect(publicFileProblem('media/art.svg', { whole: new Uint8Array([0x3c, 0x73, 0xe9, 0x3e]) })?.message).toMatch(
      /^is not readable text in UTF-8/,
    );
    expect(judged(`<svg ${SVG}>\n  <rect/>\n  <rect onload="x"/>\n</svg>`)?.position).toEqual({ line: 3, column: 9 });
  });
});

describe('random drawings', () => {
  it('takes every drawing made only of what a drawing may hold', () => {
    fc.assert(
      fc.property(plainDrawings, (pieces) => drawingProblem(drawingText(pieces)) === undefined),
      { numRuns: 300, seed: 20_261_128 },
    );
  });

  it('refuses every drawing with one forbidden part put anywhere, naming the part', () => {
    fc.assert(
      fc.property(plainDrawings, fc.constantFrom(...FORBIDDEN_PARTS), fc.nat(), (pieces, part, at) => {
        const message = judged(drawingText(pieces, part, at))?.message ?? '';
        const named = typeof part.words === 'string' ? message.includes(part.words) : part.words.test(message);
        if (!named) throw new Error(`${part.name}: ${message || 'taken'}`);
      }),
      { numRuns: 600, seed: 20_261_128 },
    );
  });
});
