/**
 * Whether an SVG drawing holds only what a drawing needs, read as a browser reads it: parsed whole by a
 * namespace-aware XML parser (saxes), so every element and attribute is judged by its namespace and local name,
 * whatever prefix names it, and every value as the browser sees it, its references decoded. What drawings use is
 * listed here; anything else (a script, an event, a page, a link out of the file, a namespace a drawing has no use
 * for, a document type, a processing instruction) is found with its place. No Node API: the checker runs in a browser
 * worker too.
 */
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/** What a drawing holds that it may not, and where. */
export interface MarkupProblem {
  /** Where it starts, as an offset into the text. */
  readonly offset: number;
  /**
   * What it is and why it is refused, in words that follow "This file is an SVG drawing that": "holds <é:script>,
   * which would run as part of the site …".
   */
  readonly what: string;
}

/** Why something that runs or fetches is refused, after what it is. */
const RUNS = ", which would run as part of the site with the site's rights when the file is opened";
/** Why something a drawing does not need is refused, after what it is. */
const MORE =
  ", which is more than a plain drawing holds: the checker takes only what drawings need, since anything else could run as part of the site with the site's rights";

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';
const XML = 'http://www.w3.org/XML/1998/namespace';
const XMLNS = 'http://www.w3.org/2000/xmlns/';

/**
 * Namespaces of the notes drawing programs keep in a file (Inkscape's and Sodipodi's editing state, RDF, Dublin Core
 * and Creative Commons metadata, Affinity's and Sketch's names, Inkscape's swatches). A browser gives their elements
 * no behaviour at all (an element of a namespace it does not know draws, loads and runs nothing) and their attributes
 * are never events or addresses, so they are taken anywhere in a drawing, as real exports hold them.
 */
const NOTES_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://purl.org/dc/terms/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://www.serif.com/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.openswatchbook.org/uri/2009/osb',
]);

/** The namespaces a drawing may declare: its own, XLink's for its references, and the notes above. */
const DECLARABLE = new Set([SVG, XLINK, ...NOTES_NAMESPACES]);

/** Namespaces whose elements run or hold something as part of the site, by the name a message gives them. */
const ACTIVE_NAMESPACES: Readonly<Record<string, string>> = {
  'http://www.w3.org/1999/xhtml': 'the XHTML namespace, which holds web pages',
  'http://www.w3.org/1998/Math/MathML': 'the MathML namespace',
  'http://www.w3.org/1999/XSL/Transform': 'the XSLT namespace, which transforms documents',
  'http://www.w3.org/2001/XInclude': 'the XInclude namespace, which includes other files',
  'http://www.w3.org/2001/xml-events': 'the XML Events namespace, which runs handlers',
};

/** The SVG elements a drawing is made of: shapes, text, paints, clips, masks, filters, markers, animation, notes. */
const SVG_ELEMENTS = new Set([
  ...['svg', 'g', 'defs', 'symbol', 'use', 'switch', 'view', 'title', 'desc', 'metadata', 'style', 'image'],
  ...['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath'],
  ...['linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter'],
  ...['feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting'],
  ...['feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR'],
  ...['feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight'],
  ...['feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence'],
  ...['animate', 'animateTransform', 'animateMotion', 'set', 'mpath'],
  // Flowed text as Inkscape 0.92 wrote it: browsers draw none of it.
  ...['flowRoot', 'flowRegion', 'flowPara', 'flowSpan'],
]);

/** SVG elements that run script or hold another document. */
const RUNNING_ELEMENTS = new Set(['script', 'foreignObject', 'handler', 'listener', 'iframe', 'a']);

/** Attributes (in no namespace) of SVG elements: geometry, presentation, paint servers, filters, timing. */
const SVG_ATTRIBUTES = new Set([
  ...['id', 'class', 'style', 'lang', 'tabindex', 'role', 'focusable', 'version', 'baseProfile', 'zoomAndPan'],
  ...['x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'z', 'width', 'height'],
  ...['d', 'points', 'pathLength', 'transform', 'viewBox', 'preserveAspectRatio', 'dx', 'dy', 'rotate'],
  ...['textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'path', 'href'],
  ...['gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits'],
  ...['patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits', 'markerWidth'],
  ...['markerHeight', 'refX', 'refY', 'orient', 'filterUnits', 'primitiveUnits', 'filterRes', 'in', 'in2'],
  ...['result', 'mode', 'type', 'values', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'operator'],
  ...['k1', 'k2', 'k3', 'k4', 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode'],
  ...['kernelUnitLength', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'scale'],
  ...['specularExponent', 'xChannelSelector', 'yChannelSelector', 'stdDeviation', 'azimuth', 'elevation'],
  ...['pointsAtX', 'pointsAtY', 'pointsAtZ', 'limitingConeAngle', 'radius', 'baseFrequency', 'numOctaves'],
  ...['seed', 'stitchTiles', 'attributeName', 'attributeType', 'begin', 'dur', 'end', 'min', 'max', 'restart'],
  ...['repeatCount', 'repeatDur', 'calcMode', 'keyTimes', 'keySplines', 'keyPoints', 'from', 'to', 'by'],
  ...['additive', 'accumulate', 'requiredFeatures', 'requiredExtensions', 'systemLanguage', 'media', 'title'],
  ...['externalResourcesRequired', 'enable-background', 'mask-type'],
  // Presentation attributes: the same properties a style sets.
  ...['alignment-baseline', 'baseline-shift', 'clip', 'clip-path', 'clip-rule', 'color', 'color-interpolation'],
  ...['color-interpolation-filters', 'color-profile', 'color-rendering', 'cursor', 'direction', 'display'],
  ...['dominant-baseline', 'fill', 'fill-opacity', 'fill-rule', 'filter', 'flood-color', 'flood-opacity', 'font'],
  ...['font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight'],
  ...['glyph-orientation-horizontal', 'glyph-orientation-vertical', 'image-rendering', 'kerning', 'letter-spacing'],
  ...['lighting-color', 'marker', 'marker-end', 'marker-mid', 'marker-start', 'mask', 'opacity', 'overflow'],
  ...['paint-order', 'pointer-events', 'shape-rendering', 'stop-color', 'stop-opacity', 'stroke', 'stroke-opacity'],
  ...['stroke-dasharray', 'stroke-dashoffset', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit'],
  ...['stroke-width', 'text-anchor', 'text-decoration', 'text-rendering', 'transform-origin', 'transform-box'],
  ...['unicode-bidi', 'vector-effect', 'visibility', 'word-spacing', 'writing-mode', 'mix-blend-mode', 'isolation'],
  ...['white-space', 'line-height', 'inline-size', 'solid-color', 'solid-opacity'],
]);
/** Attributes that name or label an element, never read as a style or an address. */
const NAMES = new Set(['id', 'class', 'lang', 'role', 'title']);
/** Attributes of free text that no browser reads: a layer's name as Illustrator writes it, accessibility words. */
const TEXT_ATTRIBUTE = /^(data|aria)-[a-z0-9_.-]+$/i;

/** The document types of SVG 1.0 and 1.1 as drawing programs still write them: naming a DTD no browser loads. */
const SVG_DOCUMENT_TYPE =
  /^svg PUBLIC "-\/\/W3C\/\/DTD SVG (1\.0|1\.1|1\.1 Basic|1\.1 Tiny|20010904)\/\/EN" "http:\/\/www\.w3\.org\/[A-Za-z0-9/._-]+\.dtd"$/;

/** A picture held inside the file, which is all an <image> may show besides a part of the same file. */
const HELD_PICTURE = /^data:image\/(png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/** An address as a browser's URL parser reads it: spaces and controls around it dropped, tabs and line breaks in it. */
const asAddress = (value: string) => value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');

/** Whether an address stays inside the file: a part of it (#id), or, where pictures may be, a picture held in it. */
const staysInFile = (value: string, pictureAllowed: boolean) => {
  const address = asAddress(value);
  return address.startsWith('#') || (pictureAllowed && HELD_PICTURE.test(address));
};

/** CSS as a browser reads it: comments gone, escapes (\72 or \r for "r") as the characters they stand for. */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\\r?\n|\\([\s\S])/gi, (_, hex: string | undefined, other?: string) => {
      if (hex === undefined) return other ?? '';
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
    });
}

/** Why a stylesheet's text (a <style>, a style attribute, a presentation value) could fetch or run something. */
function styleProblem(css: string): string | undefined {
  const plain = plainCss(css);
  if (/@import/i.test(plain)) return 'imports another stylesheet (@import)';
  if (/expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding/i.test(plain))
    return 'holds a script in its styles';
  if (/(image-set|image|cross-fade|src)\s*\(/i.test(plain)) return 'loads a picture by a style function';
  for (const match of plain.matchAll(/url\(\s*(['"]?)([\s\S]*?)\1\s*\)/gi))
    if (!staysInFile(match[2]!, true)) return `loads ${match[2]!.trim().slice(0, 80) || 'an address'} from its styles`;
  // A url( the pattern above could not read whole (an unclosed one) is refused as well.
  if ((plain.match(/url\(/gi) ?? []).length !== [...plain.matchAll(/url\(\s*(['"]?)([\s\S]*?)\1\s*\)/gi)].length)
    return 'loads an address from its styles';
  return undefined;
}

/** A qualified name as a message shows it, with its namespace when that is not the drawing's own. */
function named(tag: { name: string; uri: string }): string {
  if (tag.uri === SVG) return `<${tag.name}>`;
  const namespace = ACTIVE_NAMESPACES[tag.uri] ?? (tag.uri ? `the namespace ${tag.uri}` : 'no namespace');
  return `<${tag.name}> (of ${namespace})`;
}

const shortValue = (value: string) => (value.length > 80 ? `${value.slice(0, 80)}…` : value);

/** Thrown out of the parser's handlers to stop at the first problem. */
class Found {
  constructor(readonly problem: MarkupProblem) {}
}

/**
 * What an SVG drawing's text holds that a plain drawing may not, at its first place, or undefined when it holds only
 * what drawings need. A text the parser cannot read whole is refused too: a browser would not show it, and the
 * checker could not tell what it holds.
 */
export function drawingProblem(text: string): MarkupProblem | undefined {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stop = (offset: number, what: string, runs: boolean): never => {
    throw new Found({ offset, what: `${what}${runs ? RUNS : MORE}` });
  };
  let tagStart = 0;
  let attributeEnd = 0;
  let attributeStarts = new Map<string, number>();
  let sawRoot = false;
  /** The <style> being read, and its text so far. */
  let style: { start: number; depth: number; css: string } | undefined;
  let depth = 0;

  parser.on('xmldecl', (declaration) => {
    const encoding = declaration.encoding;
    if (encoding !== undefined && !/^utf-?8$/i.test(encoding))
      throw new Found({
        offset: 0,
        what: `says it is written in ${shortValue(encoding)} (encoding="${shortValue(encoding)}" on its first line), and the checker reads drawings as UTF-8 only, the way they are meant to be saved`,
      });
  });
  parser.on('doctype', (doctype) => {
    if (!SVG_DOCUMENT_TYPE.test(doctype.trim().replace(/\s+/g, ' ')))
      stop(
        Math.max(0, text.lastIndexOf('<!', parser.position)),
        'declares a document type or entities (which can hide anything)',
        true,
      );
  });
  parser.on('processinginstruction', ({ target }) =>
    stop(Math.max(0, text.lastIndexOf('<?', parser.position)), `asks for processing (<?${target}?>)`, true),
  );
  parser.on('opentagstart', () => {
    tagStart = Math.max(0, text.lastIndexOf('<', parser.position - 1));
    attributeEnd = parser.position;
    attributeStarts = new Map();
  });
  parser.on('attribute', (attribute) => {
    let start = attributeEnd;
    while (start < text.length && /\s/.test(text[start]!)) start++;
    attributeStarts.set(attribute.name, start);
    attributeEnd = parser.position;
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (!sawRoot && !(tag.uri === SVG && tag.local === 'svg'))
      stop(tagStart, `starts with ${named(tag)} where a drawing starts with <svg> of the SVG namespace`, false);
    sawRoot = true;
    judgeElement(tag, tagStart, stop);
    for (const attribute of Object.values(tag.attributes))
      judgeAttribute(tag, attribute, attributeStarts.get(attribute.name) ?? tagStart, stop);
    if (!style && tag.uri === SVG && tag.local === 'style') style = { start: tagStart, depth, css: '' };
  });
  const read = (chunk: string) => {
    if (style) style.css += chunk;
  };
  parser.on('text', read);
  parser.on('cdata', read);
  parser.on('closetag', () => {
    if (style && style.depth === depth) {
      const problem = styleProblem(style.css);
      if (problem) stop(style.start, problem, true);
      style = undefined;
    }
    depth--;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Found) return error.problem;
    return {
      offset: Math.min(parser.position, text.length),
      what: 'cannot be read whole from here on (a tag left open, a stray "<" or "&", an unknown entity, or a prefix whose namespace is not declared): a browser would not show it, and the checker cannot tell what it holds',
    };
  }
  if (!sawRoot) return { offset: 0, what: `holds no <svg> element${MORE}` };
  return undefined;
}

type Stop = (offset: number, what: string, runs: boolean) => never;

/** An element: of the SVG namespace and a drawing's, or of a program's notes; anything else stops the reading. */
function judgeElement(tag: SaxesTagNS, at: number, stop: Stop): void {
  if (tag.uri === SVG) {
    if (SVG_ELEMENTS.has(tag.local)) return;
    stop(at, `holds ${named(tag)}`, RUNNING_ELEMENTS.has(tag.local));
  }
  if (NOTES_NAMESPACES.has(tag.uri)) return;
  stop(at, `holds ${named(tag)}`, tag.uri in ACTIVE_NAMESPACES || RUNNING_ELEMENTS.has(tag.local));
}

/** An attribute of an element, judged by its namespace, its local name and, for addresses and styles, its value. */
function judgeAttribute(tag: SaxesTagNS, attribute: SaxesAttributeNS, at: number, stop: Stop): void {
  const { name, uri, local, value } = attribute;
  if (uri === XMLNS) {
    if (DECLARABLE.has(value)) return;
    const namespace = ACTIVE_NAMESPACES[value] ?? `the namespace ${value || '""'}`;
    stop(at, `declares ${namespace} (${name}="${shortValue(value)}")`, value in ACTIVE_NAMESPACES);
  }
  if (/^on/i.test(local)) stop(at, `runs script on an event (${name}="…")`, true);
  if ((uri === '' && local === 'href') || (uri === XLINK && local === 'href')) {
    const pictureAllowed = tag.uri === SVG && tag.local === 'image';
    if (!staysInFile(value, pictureAllowed))
      stop(at, `refers to another file or site (${name}="${shortValue(value)}")`, true);
    return;
  }
  if (uri === XLINK && local === 'title') return;
  if (uri === XML && (local === 'space' || local === 'lang')) return;
  if (NOTES_NAMESPACES.has(uri)) return;
  if (uri === '' && tag.uri !== SVG) return;
  if (uri === '' && (SVG_ATTRIBUTES.has(local) || TEXT_ATTRIBUTE.test(local))) {
    if (TEXT_ATTRIBUTE.test(local) || NAMES.has(local)) return;
    if (local === 'attributeName' && /(^|:)(href$|on)/i.test(value.trim()))
      stop(at, `changes an address or an event as it animates (attributeName="${shortValue(value)}")`, true);
    const problem = styleProblem(value);
    if (problem) stop(at, problem, true);
    return;
  }
  stop(at, `holds the attribute ${name}="${shortValue(value)}" on <${tag.name}>`, false);
}
