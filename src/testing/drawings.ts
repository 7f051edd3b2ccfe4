/**
 * SVG drawings for the tests of what public/ serves: small files written the way drawing programs export them
 * (Inkscape with its editing notes and metadata, Figma, Illustrator, Affinity Designer, Sketch), and a generator of
 * random drawings made only of what a drawing may hold, into which one forbidden part can be put anywhere.
 */
import fc from 'fast-check';

/** Drawings as programs export them, each of which the checker must take. */
export const REAL_EXPORTS: Readonly<Record<string, string>> = {
  inkscape: `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->

<svg
   width="48mm"
   height="48mm"
   viewBox="0 0 48 48"
   version="1.1"
   id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
   sodipodi:docname="badge.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview
     id="namedview7"
     pagecolor="#ffffff"
     bordercolor="#000000"
     borderopacity="0.25"
     inkscape:showpageshadow="2"
     inkscape:pageopacity="0.0"
     inkscape:pagecheckerboard="0"
     inkscape:deskcolor="#d1d1d1"
     inkscape:document-units="mm"
     showgrid="false"
     inkscape:zoom="2.1"
     inkscape:current-layer="layer1">
    <inkscape:grid type="xygrid" id="grid132" />
  </sodipodi:namedview>
  <defs
     id="defs2">
    <linearGradient
       inkscape:collect="always"
       id="linearGradient1"
       inkscape:swatch="gradient">
      <stop style="stop-color:#6d3699;stop-opacity:1;" offset="0" id="stop1" />
      <stop style="stop-color:#f2a900;stop-opacity:1;" offset="1" id="stop2" />
    </linearGradient>
    <linearGradient
       inkscape:collect="always"
       xlink:href="#linearGradient1"
       id="linearGradient3"
       x1="4"
       y1="4"
       x2="44"
       y2="44"
       gradientUnits="userSpaceOnUse" />
    <filter
       style="color-interpolation-filters:sRGB"
       inkscape:label="Drop Shadow"
       id="filter4"
       x="-0.1"
       y="-0.1"
       width="1.2"
       height="1.2">
      <feFlood flood-opacity="0.5" flood-color="rgb(0,0,0)" result="flood" id="feFlood1" />
      <feComposite in="flood" in2="SourceGraphic" operator="in" result="composite1" id="feComposite1" />
      <feGaussianBlur in="composite1" stdDeviation="1" result="blur" id="feGaussianBlur1" />
      <feOffset dx="1" dy="1" result="offset" id="feOffset1" />
      <feComposite in="SourceGraphic" in2="offset" operator="over" result="composite2" id="feComposite2" />
    </filter>
  </defs>
  <metadata id="metadata5">
    <rdf:RDF>
      <cc:Work rdf:about="">
        <dc:format>image/svg+xml</dc:format>
        <dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage" />
        <dc:title>Badge</dc:title>
        <cc:license rdf:resource="http://creativecommons.org/licenses/by/4.0/" />
      </cc:Work>
    </rdf:RDF>
  </metadata>
  <g
     inkscape:label="Layer 1"
     inkscape:groupmode="layer"
     id="layer1">
    <circle
       style="fill:url(#linearGradient3);fill-opacity:1;stroke:#ffffff;stroke-width:0.8;filter:url(#filter4)"
       id="path1"
       cx="24"
       cy="24"
       r="20" />
    <path
       style="fill:none;stroke:#ffffff;stroke-width:1.5;stroke-linecap:round;stroke-linejoin:round"
       d="m 14,25 7,7 13,-15"
       id="path2"
       sodipodi:nodetypes="ccc"
       inkscape:connector-curvature="0" />
    <text
       xml:space="preserve"
       style="font-size:4.2px;font-family:'Open Sans';text-anchor:middle;fill:#ffffff"
       x="24"
       y="42"
       id="text1"><tspan sodipodi:role="line" id="tspan1" x="24" y="42">VERIFIED</tspan></text>
  </g>
</svg>
`,
  figma: `<svg width="64" height="64" viewBox="0 0 64 64" fill="none" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<g clip-path="url(#clip0_12_34)">
<g filter="url(#filter0_d_12_34)">
<rect x="4" y="4" width="56" height="56" rx="12" fill="#6D3699"/>
</g>
<path fill-rule="evenodd" clip-rule="evenodd" d="M20 32C20 25.3726 25.3726 20 32 20C38.6274 20 44 25.3726 44 32C44 38.6274 38.6274 44 32 44C25.3726 44 20 38.6274 20 32Z" fill="white"/>
<rect x="24" y="24" width="16" height="16" fill="url(#pattern0)"/>
</g>
<defs>
<filter id="filter0_d_12_34" x="0" y="2" width="64" height="64" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feFlood flood-opacity="0" result="BackgroundImageFix"/>
<feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>
<feOffset dy="2"/>
<feGaussianBlur stdDeviation="2"/>
<feComposite in2="hardAlpha" operator="out"/>
<feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0"/>
<feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow_12_34"/>
<feBlend mode="normal" in="SourceGraphic" in2="effect1_dropShadow_12_34" result="shape"/>
</filter>
<pattern id="pattern0" patternContentUnits="objectBoundingBox" width="1" height="1">
<use xlink:href="#image0_12_34" transform="scale(1)"/>
</pattern>
<clipPath id="clip0_12_34">
<rect width="64" height="64" fill="white"/>
</clipPath>
<image id="image0_12_34" width="1" height="1" xlink:href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="/>
</defs>
</svg>
`,
  illustrator: `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
\t viewBox="0 0 100 100" style="enable-background:new 0 0 100 100;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#6D3699;}
\t.st1{fill:none;stroke:#FFFFFF;stroke-width:4;stroke-miterlimit:10;}
\t.st2{font-family:'Montserrat-Bold';}
\t.st3{font-size:12px;}
</style>
<g>
\t<polygon class="st0" points="50,5 95,27.5 95,72.5 50,95 5,72.5 5,27.5 \t"/>
\t<polyline class="st1" points="30,50 45,65 72,35 \t"/>
</g>
<text transform="matrix(1 0 0 1 26.5 88)" class="st2 st3">LOOM</text>
</svg>
`,
  illustratorExport: `<svg id="Layer_1" data-name="Layer 1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40"><defs><style>.cls-1{fill:url(#linear-gradient);}.cls-2{fill:#fff;}</style><linearGradient id="linear-gradient" x1="0" y1="20" x2="120" y2="20" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#6d3699"/><stop offset="1" stop-color="#f2a900"/></linearGradient></defs><title>logo</title><rect class="cls-1" width="120" height="40" rx="8"/><path class="cls-2" d="M12,10h4V26h8v4H12Z"/></svg>`,
  affinity: `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg width="100%" height="100%" viewBox="0 0 32 32" version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xml:space="preserve" xmlns:serif="http://www.serif.com/" style="fill-rule:evenodd;clip-rule:evenodd;stroke-linejoin:round;stroke-miterlimit:2;">
    <g id="Icon" serif:id="Icon">
        <path d="M16,2L30,16L16,30L2,16L16,2Z" style="fill:rgb(109,54,153);"/>
    </g>
</svg>
`,
  sketch: `<?xml version="1.0" encoding="UTF-8"?>
<svg width="24px" height="24px" viewBox="0 0 24 24" version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
    <!-- Generator: Sketch 63.1 (92452) - https://sketch.com -->
    <title>icon/megaphone</title>
    <desc>Created with Sketch.</desc>
    <g id="Page-1" stroke="none" stroke-width="1" fill="none" fill-rule="evenodd">
        <g id="icon/megaphone" fill="#6D3699" fill-rule="nonzero">
            <path d="M3,10 L3,14 L7,14 L13,18 L13,6 L7,10 L3,10 Z" id="Shape"></path>
        </g>
    </g>
</svg>
`,
  animated: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="2" fill="#6d3699"><animate attributeName="r" values="2;4;2" dur="2s" repeatCount="indefinite"/><animateTransform attributeName="transform" type="rotate" from="0 5 5" to="360 5 5" dur="4s" repeatCount="indefinite"/></circle><path id="p" d="M1 1L9 9" stroke="#000"/><circle r="1"><animateMotion dur="3s" repeatCount="indefinite"><mpath href="#p"/></animateMotion></circle><set attributeName="fill" to="red" begin="1s"/></svg>`,
};

/** A forbidden part, and the words the checker's refusal of it contains. */
export interface ForbiddenPart {
  readonly name: string;
  /** Markup put between two elements of the drawing (or, with `asAttribute`, inside a start tag). */
  readonly markup: string;
  readonly asAttribute?: true;
  readonly words: string | RegExp;
}

/** Parts no drawing may hold, each written with the tricks that fooled pattern matching (prefixes, references). */
export const FORBIDDEN_PARTS: readonly ForbiddenPart[] = [
  { name: 'a script', markup: '<script>alert(1)</script>', words: 'holds <script>' },
  {
    name: 'a script under a Unicode prefix',
    markup: '<é:script xmlns:é="http://www.w3.org/2000/svg">alert(1)</é:script>',
    words: 'holds <é:script>',
  },
  {
    name: 'a script under a CJK prefix',
    markup: '<脚本:script xmlns:脚本="http://www.w3.org/2000/svg">alert(1)</脚本:script>',
    words: 'holds <脚本:script>',
  },
  {
    name: 'a page element with an event',
    markup: '<é:img xmlns:é="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/>',
    words: 'holds <é:img> (of the XHTML namespace',
  },
  {
    name: 'a default namespace of pages',
    markup: '<div xmlns="http://www.w3.org/1999/xhtml"><img src="x"/></div>',
    words: 'holds <div> (of the XHTML namespace',
  },
  { name: 'an embedded page', markup: '<foreignObject width="9" height="9"/>', words: 'holds <foreignObject>' },
  { name: 'an event', markup: ' onclick="alert(1)"', asAttribute: true, words: 'runs script on an event (onclick' },
  {
    name: 'an event in another namespace',
    markup: ' xmlns:ev="http://www.inkscape.org/namespaces/inkscape" ev:onload="alert(1)"',
    asAttribute: true,
    words: 'runs script on an event (ev:onload',
  },
  {
    name: 'an address spelled in references',
    markup: '<use href="&#x6A;avascript:alert(1)"/>',
    words: 'refers to another file or site (href="javascript:alert(1)")',
  },
  {
    name: 'a link to another file',
    markup: '<use xlink:href="/media/other.svg#icon"/>',
    words: 'refers to another file or site',
  },
  {
    name: 'an outside picture',
    markup: '<image href="https://tracker.example/p.png" width="1" height="1"/>',
    words: 'refers to another file or site',
  },
  {
    name: 'an animated address',
    markup: '<set attributeName="xlink:href" to="javascript:alert(1)"/>',
    words: 'changes an address or an event as it animates',
  },
  {
    name: 'an animated event',
    markup: '<animate attributeName="onbegin" values="alert(1)"/>',
    words: 'changes an address or an event as it animates',
  },
  {
    name: 'an import in a style',
    markup: '<style><![CDATA[@\\69mport "https://x.example/a.css";]]></style>',
    words: 'imports another stylesheet',
  },
  {
    name: 'an outside address in a style attribute',
    markup: '<rect width="1" height="1" style="fill:u\\72l(https://x.example/a)"/>',
    words: 'loads https://x.example/a from its styles',
  },
  {
    name: 'an outside address in a presentation attribute',
    markup: '<rect width="1" height="1" filter="url(other.svg#f)"/>',
    words: 'loads other.svg#f from its styles',
  },
  {
    name: 'XSLT',
    markup: '<x:stylesheet xmlns:x="http://www.w3.org/1999/XSL/Transform" version="1.0"/>',
    words: 'holds <x:stylesheet> (of the XSLT namespace',
  },
  {
    name: 'an inclusion',
    markup: '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/admin/"/>',
    words: 'holds <xi:include> (of the XInclude namespace',
  },
  {
    name: 'an XML Events listener',
    markup: '<ev:listener xmlns:ev="http://www.w3.org/2001/xml-events" event="load" handler="#h"/>',
    words: 'holds <ev:listener> (of the XML Events namespace',
  },
  {
    name: 'MathML',
    markup: '<m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mi>x</m:mi></m:math>',
    words: 'holds <m:math> (of the MathML namespace',
  },
  {
    name: 'a namespace a drawing has no use for',
    markup: '<n:thing xmlns:n="urn:example:unknown"/>',
    words: 'holds <n:thing> (of the namespace urn:example:unknown)',
  },
  { name: 'an element of no namespace', markup: '<g xmlns=""><rect/></g>', words: 'holds <g> (of no namespace)' },
  { name: 'an unknown drawing element', markup: '<iframe/>', words: 'holds <iframe>' },
  { name: 'a base address', markup: ' xml:base="https://x.example/"', asAttribute: true, words: 'xml:base' },
  {
    name: 'an instruction',
    markup: '<?xml-stylesheet href="x.xsl"?>',
    words: 'asks for processing (<?xml-stylesheet?>)',
  },
  { name: 'a stray tag', markup: '<rect>', words: 'cannot be read whole' },
  { name: 'an unknown entity', markup: '<text>&unknown;</text>', words: 'cannot be read whole' },
  { name: 'a prefix never declared', markup: '<h:script>x</h:script>', words: 'cannot be read whole' },
];

const SHAPES = [
  '<rect x="1" y="1" width="8" height="8" rx="1" fill="#6d3699"/>',
  '<circle cx="5" cy="5" r="4" stroke="#fff" stroke-width="0.5" fill="none"/>',
  '<path d="M1 1L9 9" style="stroke:#000;stroke-linecap:round"/>',
  '<polygon points="5,1 9,9 1,9" fill="url(#grad)"/>',
  '<text x="1" y="9" font-family="sans-serif" xml:space="preserve">a &amp; b <tspan dy="1">c</tspan></text>',
  '<use href="#shape" x="1"/>',
  '<g transform="rotate(45 5 5)" opacity="0.5" inkscape:label="Layer"><ellipse cx="5" cy="5" rx="3" ry="2"/></g>',
  '<!-- <script>alert(1)</script> is only words in a comment -->',
  '<title>A <![CDATA[<script>only words</script>]]> title</title>',
  '<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>',
];
const DEFS = [
  '<linearGradient id="grad"><stop offset="0" stop-color="#6d3699"/><stop offset="1" stop-color="#f2a900"/></linearGradient>',
  '<clipPath id="clip"><rect width="10" height="10"/></clipPath>',
  '<filter id="blur"><feGaussianBlur stdDeviation="1"/></filter>',
  '<symbol id="shape" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol>',
  '<style>.a { fill: url(#grad); } /* url(https://ignored.example) is a comment */</style>',
  '<marker id="m" markerWidth="2" markerHeight="2" refX="1" refY="1"><path d="M0 0L2 1L0 2z"/></marker>',
];

/** A drawing as a list of pieces: the start tag's attributes, then elements in order. */
export interface DrawingPieces {
  readonly attributes: readonly string[];
  readonly elements: readonly string[];
}

/** Random drawings made only of what a drawing may hold. */
export const plainDrawings: fc.Arbitrary<DrawingPieces> = fc.record({
  attributes: fc.subarray([' viewBox="0 0 10 10"', ' width="10"', ' height="10"', ' fill="none"', ' id="art"']),
  elements: fc
    .tuple(fc.subarray(DEFS), fc.array(fc.constantFrom(...SHAPES), { minLength: 1, maxLength: 8 }))
    .map(([defs, shapes]) => [`<defs>${defs.join('')}</defs>`, ...shapes]),
});

/** A drawing's text from its pieces, with `inserted` among its attributes or its elements at `at` (any place). */
export function drawingText(pieces: DrawingPieces, part?: ForbiddenPart, at = 0): string {
  const attributes = [...pieces.attributes];
  const elements = [...pieces.elements];
  if (part?.asAttribute) attributes.splice(at % (attributes.length + 1), 0, part.markup);
  else if (part) elements.splice(at % (elements.length + 1), 0, part.markup);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"${attributes.join('')}>\n${elements.join('\n')}\n</svg>\n`;
}
