/**
 * The project's own schema keywords ("x-…"), declared once: what each means in a schema, what the checker does with
 * it (src/checker/schema-registry.ts implements the ones it checks or notes), what the reference docs say of a field
 * that has it (scripts/gen-docs.ts), and how the visual editor draws such a field (src/editor/app/). VS Code and the
 * type generator ignore them. A keyword used in schemas/ and missing here fails the tests.
 */
import { FIELD_FILE_KINDS, isFileKind } from './file-formats.ts';
import { isMarkdownKind, MARKDOWN_TAKES } from './markdown.ts';

export interface SchemaKeyword {
  /** What the keyword says of the value it is on. */
  readonly means: string;
  /**
   * What the checker does with it: "annotation" (describes the value, checks nothing), "check" (a rule the value must
   * follow, with a message of its own), or "note" (records something for a check across files).
   */
  readonly checker: 'annotation' | 'check' | 'note';
  /**
   * The rule the reference docs write for a field with this keyword, from its value; none when there is nothing to add.
   */
  readonly docs?: (value: unknown) => string | undefined;
  /**
   * How the editor draws a text field with this keyword: a link with the site's pages, a file picker, a box of lines.
   */
  readonly editor?: 'link' | 'media' | 'formatted' | 'lines';
}

export const SCHEMA_KEYWORDS = {
  'x-unit': {
    means: 'the unit of a number: milliseconds, hours or days; messages about the number say it',
    checker: 'annotation',
    docs: (unit) => (typeof unit === 'string' ? `in ${unit}` : undefined),
  },
  'x-main-heading': {
    means: "a section type that shows its page's main heading (its h1); a page has exactly one",
    checker: 'annotation',
  },
  'x-made-from': {
    means:
      "an id made from another field of the same entry (a service's id from its name): the visual editor fills it in as the name is typed, keeps it once saved, and never shows it",
    checker: 'annotation',
    docs: (field) => (typeof field === 'string' ? `the visual editor makes it from \`${field}\`` : undefined),
  },
  'x-focus-of': {
    means:
      'the point of a picture that stays in view when it is cut to a frame, for the picture named by the sibling field it gives (src): the editor draws it as the picture to click on',
    checker: 'annotation',
  },
  'x-lines': {
    means: 'a text written over several lines: the editor shows it as a box that many lines tall',
    checker: 'annotation',
    editor: 'lines',
  },
  'x-placeholders': {
    means: 'the names the page fills into this text, such as {count}; they may be written here and nowhere else',
    checker: 'note',
    docs: (names) =>
      Array.isArray(names) ? `can show ${names.map((name) => `\`{${String(name)}}\``).join(', ')}` : undefined,
  },
  'x-page-placeholders': {
    means: "the names a section lets its page's title and description show, such as {name} on a profile",
    checker: 'note',
  },
  'x-internal-link': {
    means: 'a link: a path must be a page of this site (or a profile that exists)',
    checker: 'check',
    docs: () => 'a path such as /work must be a page of this site',
    editor: 'link',
  },
  'x-markdown': {
    means:
      'formatted text, in the part of Markdown its kind takes ("text-block": all of it but a main heading; "paragraphs": no headings; "inline": one paragraph): no HTML, links only where the site can go',
    checker: 'check',
    docs: (kind) => (isMarkdownKind(kind) ? `${MARKDOWN_TAKES[kind]}; no HTML` : undefined),
    editor: 'formatted',
  },
  'x-asset': {
    means: 'a file of public/, named by its path from the site root',
    checker: 'check',
    docs: () => 'the file must be in `public/`',
    editor: 'media',
  },
  'x-file-kind': {
    means:
      'the kind of file the field needs (webm, mp4, image, photo, creator-photo or project-image), judged by the file’s first bytes',
    checker: 'check',
    docs: (kind) => (isFileKind(kind) ? `${FIELD_FILE_KINDS[kind].words}, judged by what the file holds` : undefined),
  },
} as const satisfies Readonly<Record<string, SchemaKeyword>>;

export type SchemaKeywordName = keyof typeof SCHEMA_KEYWORDS;

/** The keywords of one kind of checker use. */
export const keywordsChecked = (as: SchemaKeyword['checker']): SchemaKeywordName[] =>
  (Object.keys(SCHEMA_KEYWORDS) as SchemaKeywordName[]).filter((name) => SCHEMA_KEYWORDS[name].checker === as);

/** Which drawing wins when a field's keywords name several: formatted text is also written over several lines. */
const DRAWING_ORDER = ['media', 'link', 'formatted', 'lines'] as const satisfies readonly SchemaKeyword['editor'][];

/** How the editor draws a field with these keywords (a schema node), if one of them says so. */
export function editorDrawing(schema: Readonly<Record<string, unknown>>): SchemaKeyword['editor'] {
  const named = (Object.entries(SCHEMA_KEYWORDS) as [SchemaKeywordName, SchemaKeyword][]).flatMap(([name, keyword]) =>
    keyword.editor && schema[name] !== undefined && schema[name] !== false ? [keyword.editor] : [],
  );
  return DRAWING_ORDER.find((drawing) => named.includes(drawing));
}
