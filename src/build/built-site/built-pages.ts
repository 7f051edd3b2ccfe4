/**
 * The pages of a built site (its .html files), as the checks of the content gate read them (scripts/check-site.ts).
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The files of a built site whose names end in `ending` (".html", ".css"), as absolute paths, in a stable order. */
export function filesEndingIn(folder: string, ending: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every page of a built site (its .html files). */
export const htmlFilesIn = (folder: string) => filesEndingIn(folder, '.html');

/** A built file as the site names it: "about/index.html" for dist/about/index.html. */
export const siteFileName = (folder: string, file: string) => relative(folder, file).split(sep).join('/');

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** An attribute's value as the browser reads it: the few character references a built page writes, decoded. */
export const attributeValue = (raw: string) =>
  raw.replace(/&(amp|quot|apos|lt|gt|#(\d+)|#x([\da-f]+));/gi, (whole, name: string, decimal?: string, hex?: string) =>
    decimal
      ? String.fromCodePoint(Number(decimal))
      : hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : (ENTITIES[name.toLowerCase()] ?? whole),
  );

/** Each start tag of a page with its attributes, as the build writes them (double-quoted, or bare names). */
export function* tagsOf(html: string): Generator<{ name: string; attributes: ReadonlyMap<string, string> }> {
  // Comments and the text of scripts and styles hold no tags.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/gi, '<$1$2>');
  for (const tag of markup.matchAll(
    /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g,
  )) {
    const attributes = new Map<string, string>();
    for (const attribute of tag[2]!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
      attributes.set(attribute[1]!.toLowerCase(), attributeValue(attribute[2] ?? attribute[3] ?? attribute[4] ?? ''));
    yield { name: tag[1]!.toLowerCase(), attributes };
  }
}
