import type { RJSFSchema } from '@rjsf/utils';
import { isRecord } from '../../content/json-values.ts';
import { humanize } from '../model/labels.ts';

/** A schema as the editor's form draws it, and what its section-kind picker says of each kind. */
export interface DrawnSchema {
  readonly schema: RJSFSchema;
  /** The description of each kind of block, by the name the picker shows (the page schema's oneOf). */
  readonly kinds: Readonly<Record<string, string>>;
  /**
   * The label of the kind picker of a field that is one of several kinds, by the field's name ("delivery": "Delivery
   * method").
   */
  readonly pickers: Readonly<Record<string, string>>;
}

type Node = Record<string, unknown>;

/** One entry of a list, by the list's name: "Tags" → "Tag", "Categories" → "Category", "FAQs" → "FAQ". */
const oneOfList = (list: string) =>
  /ies$/.test(list) ? list.replace(/ies$/, 'y') : /[^su]s$/.test(list) ? list.slice(0, -1) : list;

/** "Tags-2", as react-jsonschema-form names the second entry of a list, read as people write it: "Tag 2". */
export function entryLabel(label: string): string {
  const numbered = /^(.+)-(\d+)$/.exec(label);
  if (!numbered) return label;
  const [, list, number] = numbered;
  return `${oneOfList(list!)} ${number}`;
}

/**
 * What a list's Add button says: "Add a service", "Add a feature", "Add an FAQ" (an abbreviation is read letter by
 * letter); a list with no name says "Add".
 */
export function addWords(list: string | undefined): string {
  if (!list?.trim()) return 'Add';
  const one = oneOfList(list.trim());
  if (/^other /i.test(one)) return `Add another ${one.slice('other '.length)}`;
  const abbreviation = /^[A-Z]{2,}/.test(one);
  const vowelSound = abbreviation ? /^[AEFHILMNORSX]/.test(one) : /^[aeiou]/i.test(one);
  return `Add ${vowelSound ? 'an' : 'a'} ${abbreviation ? one : one.charAt(0).toLowerCase() + one.slice(1)}`;
}

/** The label of an allowed value: its description in words ("X (formerly Twitter)"), never the key the file holds. */
const enumLabel = (value: unknown, description: unknown) =>
  typeof description === 'string' && description.trim() ? description : humanize(String(value));

/**
 * The kind a oneOf option stands for: the value its kind's property must have (a section's "type", a delivery's
 * "method").
 */
const kindOf = (option: unknown, property = 'type') =>
  isRecord(option) && isRecord(option.properties) && isRecord(option.properties[property])
    ? option.properties[property].const
    : undefined;

/** The property that says which kind a value is ("discriminator"), for a oneOf of kinds; a section's is its "type". */
const kindPropertyOf = (node: Node) =>
  isRecord(node.discriminator) && typeof node.discriminator.propertyName === 'string'
    ? node.discriminator.propertyName
    : 'type';

/** A kind named as VS Code names its ready-made block ("Filterable portfolio"), else by its value in words. */
export function kindName(option: Node, property = 'type'): string {
  const snippets = option.defaultSnippets;
  const label =
    Array.isArray(snippets) && isRecord(snippets[0]) && typeof snippets[0].label === 'string'
      ? snippets[0].label
      : undefined;
  return label ?? humanize(String(kindOf(option, property)));
}

/** The first sentence of a text, as a short description. */
export const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** The kinds of block a page's sections can be, from the page schema's oneOf: type, name and what each is. */
export function blockKindsOf(pageSchema: object): { type: string; name: string; description: string }[] {
  const sections =
    (pageSchema as { properties?: { sections?: { items?: { oneOf?: unknown[] } } } }).properties?.sections?.items
      ?.oneOf ?? [];
  return sections.filter(isRecord).map((option) => ({
    type: String(kindOf(option)),
    name: kindName(option),
    description: firstSentence(String(option.description ?? '')),
  }));
}

/**
 * The schema drawn as an author reads it; what it accepts is unchanged (the validator judges the file, never this):
 * - each field is labelled with its name in words;
 * - a value with its allowed values described ("enumDescriptions", which VS Code shows too) is a list of those words;
 * - a kind of block is named as its ready-made block is in VS Code, and a field with one allowed value (its "type") is
 *   read-only and not shown, since the kind picker above it sets it.
 */
export function forDrawing(schema: object): DrawnSchema {
  const kinds: Record<string, string> = {};
  const pickers: Record<string, string> = {};
  const walk = (node: unknown, root = false, name?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (!isRecord(node)) return node;
    const copy: Node = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === 'properties' && isRecord(value)
          ? Object.fromEntries(Object.entries(value).map(([field, child]) => [field, walk(child, false, field)]))
          : walk(value),
      ]),
    );
    if ('const' in node) copy.readOnly = true;
    // A title that names a type for the code ("FormField") is read in words ("Form field").
    if (typeof copy.title === 'string' && /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+$/.test(copy.title))
      copy.title = humanize(copy.title);
    if (isRecord(copy.properties)) {
      // "$schema" is for text editors; an entry of a list never needs one (the file's own is hidden, not dropped).
      const properties = Object.entries(copy.properties).filter(([name]) => root || name !== '$schema');
      copy.properties = Object.fromEntries(
        properties.map(([name, property]) => [
          name,
          isRecord(property) ? { ...property, title: humanize(name) } : property,
        ]),
      );
    }
    // A kind of block's ready-made example gives each of its texts an example to show in the empty box.
    const body =
      Array.isArray(node.defaultSnippets) && isRecord(node.defaultSnippets[0])
        ? node.defaultSnippets[0].body
        : undefined;
    if (isRecord(body) && isRecord(copy.properties)) {
      for (const [name, value] of Object.entries(body)) {
        const property = copy.properties[name];
        const example =
          typeof value === 'string' && /\$\{\d+:/.test(value) ? value.replace(/\$\{\d+:([^}]*)\}/g, '$1') : undefined;
        if (example && isRecord(property) && property.examples === undefined)
          copy.properties[name] = { ...property, 'x-example': example };
      }
    }
    if (Array.isArray(node.enum) && Array.isArray(node.enumDescriptions)) {
      const descriptions = node.enumDescriptions;
      copy.oneOf = node.enum.map((value, index) => ({ const: value, title: enumLabel(value, descriptions[index]) }));
      delete copy.enum;
      delete copy.enumDescriptions;
    }
    const property = kindPropertyOf(node);
    if (Array.isArray(copy.oneOf) && copy.oneOf.every((option) => typeof kindOf(option, property) === 'string')) {
      copy.oneOf = copy.oneOf.map((option: Node) => {
        const title = kindName(option, property);
        if (typeof option.description === 'string') kinds[title] = option.description;
        return { ...option, title };
      });
      // The picker of a field's kind says what it picks ("Delivery method"); a list's blocks keep "Kind of block".
      if (name && property !== 'type')
        pickers[name] = `${typeof node.title === 'string' ? node.title : humanize(name)} ${property}`;
    }
    return copy;
  };
  // The file's own title names its type for the code ("PointCollection"); the editor names the file above the form.
  const { title: _typeName, ...drawn } = walk(schema, true) as Node;
  return { schema: drawn as RJSFSchema, kinds, pickers };
}

/**
 * Another field of the same group as a field (or the field itself): its value, as saved, and a way to remove it from
 * the file.
 */
export interface SiblingField {
  readonly value: unknown;
  /** Its value in the file as saved: undefined for a file not saved yet. */
  readonly saved: unknown;
  readonly remove: () => void;
}

/**
 * What a config file's form knows besides its schema: how to draw it, which of the messages under fields are
 * warnings, and the fields beside a field (a video's MP4 and WebM copies belong together).
 */
export type FormContext = DrawnSchema & {
  readonly warnings: ReadonlySet<string>;
  readonly sibling: (fieldId: string, key: string) => SiblingField;
  /** The file's data as edited, and as saved, which sibling() reads. */
  readonly data: unknown;
  readonly saved: unknown;
  /** The site's pages, offered in every field that links to a page. */
  readonly pages: readonly SitePage[];
};

/** A page of the site as a link field offers it: its address and its name. */
export interface SitePage {
  readonly address: string;
  readonly label: string;
}
