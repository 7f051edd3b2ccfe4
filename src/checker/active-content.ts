/**
 * Files of public/ that would run script as part of the site. The site's pages share their origin with everything
 * public/ holds, the editor at /admin/ included: an SVG drawing with a script, a web page or a script file opened from
 * the site runs with the site's rights, and could read what the editor keeps in the tab (its sign-in). So every
 * author, in the editor or not, is refused such a file, in words, with the file and the line. Plain functions of a
 * file's path and bytes: the checker runs them in Node and in a browser worker alike.
 */
import { lineStartsOf, positionAt, type Position } from './json-source.ts';

/** What is wrong with a file, and where. */
export interface ActiveContent {
  readonly message: string;
  readonly position: Position;
}

/** Endings of files browsers run as a page or a program, when opened from the site. */
const RUNS = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.wasm',
  '.swf',
  '.hta',
  '.xsl',
  '.xslt',
  '.svgz',
  '.mht',
  '.mhtml',
  '.shtml',
  '.php',
]);
/** Endings of files browsers show as a page: refused when they hold any markup (a verification file holds none). */
const PAGES = new Set(['.html', '.htm', '.xhtml', '.xht']);
/** Endings of drawings and documents read as XML, whose every element and attribute is checked. */
const XML = new Set(['.svg', '.xml']);

/** The largest drawing the checker reads whole; a larger one is refused as too large to check. */
export const MAX_CHECKED_BYTES = 2 * 1024 * 1024;

const extensionOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot);
};

/** Whether the checker must read a file of public/ whole to judge it. */
export const needsReading = (path: string) => PAGES.has(extensionOf(path)) || XML.has(extensionOf(path));

const AT_START: Position = { line: 1, column: 1 };

/**
 * Why a file of public/ would run script as part of the site, or undefined when it cannot. `bytes` is the whole file
 * (for the endings needsReading names), or undefined when it could not be read: then it is judged by its name alone.
 */
export function activeContentOf(path: string, bytes: Uint8Array | undefined): ActiveContent | undefined {
  const extension = extensionOf(path);
  if (RUNS.has(extension))
    return {
      position: AT_START,
      message: `would run in browsers as a program or page (${extension}), with the site's rights, if anyone opened it. The site's own code is built from src/: take this file out of public/.`,
    };
  if (!PAGES.has(extension) && !XML.has(extension)) return undefined;
  if (bytes === undefined) return undefined;
  if (bytes.length > MAX_CHECKED_BYTES)
    return {
      position: AT_START,
      message: `is larger than ${MAX_CHECKED_BYTES / 1024 / 1024} MB, too large for the checker to make sure it runs no script. Make it smaller, or use a PNG or JPEG instead.`,
    };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return {
      position: AT_START,
      message:
        'is not readable text (UTF-8), so the checker cannot make sure it runs no script. Save it again as UTF-8, or use a PNG.',
    };
  }
  const found = PAGES.has(extension)
    ? markupIn(text)
    : xmlProblem(text, extension === '.svg' ? 'SVG drawing' : 'XML file');
  if (!found) return undefined;
  return { message: found.message, position: positionAt(lineStartsOf(text), found.offset) };
}

/** A web page's markup: any tag at all (a site verification file is a line of plain text). */
function markupIn(text: string): { message: string; offset: number } | undefined {
  const tag = /<[!?/a-z]/i.exec(text);
  return tag
    ? {
        offset: tag.index,
        message:
          "is a web page, which would run as part of the site with the site's rights. Pages are made from config/pages/; take this file out of public/ (a host's verification file may stay if it holds plain text only).",
      }
    : undefined;
}

/** Elements that run script, hold a page, or load another document. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'handler',
  'listener',
  'html',
  'body',
  'frame',
  'frameset',
  'applet',
  'meta',
  'link',
  'base',
]);
/** Attributes whose value is an address. */
const ADDRESS_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'xml:base']);
/** What an address inside the file may be: a part of the same file, or a picture held inside it. */
const SAFE_ADDRESS = /^(#[^\s]*|data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*)$/i;

/** Character references in a value (&#106; &#x6A; &amp;…) as the characters they stand for. */
function decodeReferences(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return named[name.toLowerCase()] ?? whole;
  });
}

/** Why a stylesheet's text could fetch or run something: an import, an outside address, a script. */
function styleProblem(css: string): string | undefined {
  const plain = decodeReferences(css).replace(/\\/g, '');
  if (/@import/i.test(plain)) return 'imports another stylesheet (@import)';
  if (/expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(plain)) return 'holds a script in its styles';
  for (const match of plain.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi))
    if (!SAFE_ADDRESS.test(match[2]!.trim())) return `loads ${match[2]!.trim() || 'an address'} from its styles`;
  return undefined;
}

/**
 * Why an SVG drawing (or an XML file) would run script or fetch something when opened: what it holds and where, or
 * undefined. Read as a browser would: tags, attributes with their references decoded, styles; a document type or an
 * entity (which could hide any of these) is refused too.
 */
function xmlProblem(text: string, kind: string): { message: string; offset: number } | undefined {
  const fix =
    kind === 'SVG drawing'
      ? 'Export it again as a plain drawing (in Inkscape, "Optimized SVG"; in Figma or Illustrator, without interactivity), or use a PNG.'
      : 'Take it out of public/.';
  const refuse = (what: string, offset: number) => ({
    offset,
    message: `is an ${kind} that ${what}, which would run as part of the site with the site's rights when the file is opened. ${fix}`,
  });
  // Comments and character data hold no markup a browser acts on; they are blanked, keeping every offset.
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  const masked = text
    .replace(/<!--[\s\S]*?(-->|$)/g, blank)
    .replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/g, (cdata) => `<![CDATA[${blank(cdata.slice(9))}`);
  const declaration = /<!(DOCTYPE|ENTITY)/i.exec(masked);
  if (declaration) return refuse('declares a document type or entities (which can hide anything)', declaration.index);
  for (const instruction of masked.matchAll(/<\?([a-z][\w.:-]*)/gi))
    if (instruction[1]!.toLowerCase() !== 'xml')
      return refuse(`asks for processing (<?${instruction[1]}?>)`, instruction.index);
  const tags = /<([a-z_][\w.:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/gi;
  const attributes = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  // Any element that runs or loads, however its tag is written (a tag the reading below would not take is still one).
  for (const element of masked.matchAll(/<\s*(?:[\w.-]+:)?([a-z]+)/gi))
    if (ACTIVE_ELEMENTS.has(element[1]!.toLowerCase())) return refuse(`holds <${element[1]}>`, element.index);
  for (const tag of masked.matchAll(tags)) {
    for (const attribute of tag[2]!.matchAll(attributes)) {
      const attributeName = attribute[1]!.toLowerCase();
      const value = decodeReferences(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      const at = tag.index + tag[1]!.length + 1 + attribute.index;
      const plain = value.replace(/[\u0000-\u0020]/g, '');
      if (attributeName.startsWith('on')) return refuse(`runs script on an event (${attribute[1]}="…")`, at);
      if (attributeName === 'xmlns' && /xhtml/i.test(value))
        return refuse('holds a web page (the XHTML namespace)', at);
      if (ADDRESS_ATTRIBUTES.has(attributeName) || attributeName.endsWith(':href'))
        if (!SAFE_ADDRESS.test(plain))
          return refuse(`refers to another file or site (${attribute[1]}="${value.slice(0, 80)}")`, at);
      if (attributeName === 'attributename' && /(^|:)href$|^on/i.test(plain))
        return refuse(`changes an address or an event as it animates (attributeName="${value}")`, at);
      if (/^(to|from|values|by)$/.test(attributeName) && /javascript:|data:/i.test(plain))
        return refuse(`animates to a script (${attribute[1]}="${value.slice(0, 80)}")`, at);
      if (attributeName === 'style') {
        const style = styleProblem(value);
        if (style) return refuse(style, at);
      }
    }
  }
  // The text of every <style> element, which a stylesheet reads.
  for (const style of masked.matchAll(/<(?:[\w.-]+:)?style\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?style\s*>/gi)) {
    const inside = text.slice(style.index + style[0].indexOf('>') + 1, style.index + style[0].lastIndexOf('<'));
    const problem = styleProblem(inside.replace(/<!\[CDATA\[|\]\]>/g, ''));
    if (problem) return refuse(problem, style.index);
  }
  return undefined;
}
