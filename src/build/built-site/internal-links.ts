/**
 * Every address a built page names inside the site (links, scripts, styles, pictures and their srcsets, videos and
 * their posters, icons, link previews, and the stylesheets' own url()s) must be a file of the built site, as a static
 * host would serve it: a file, or a folder's index.html. Read from the files, with no server: a site of 10,000 pages is
 * checked in seconds.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { filesEndingIn, htmlFilesIn, siteFileName, tagsOf } from './built-pages.ts';

/** The attributes that name an address, by element ("*" for any element). */
const ADDRESS_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  link: ['href'],
  area: ['href'],
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
  form: ['action'],
  meta: ['content'],
};

/** The link preview tags whose content is an address. */
const ADDRESS_META = new Set(['og:image', 'og:url', 'og:video', 'twitter:image']);

/** The addresses of a srcset: each candidate's first word. */
const srcsetAddresses = (value: string) =>
  value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);

/** Whether a built file answers `path` (already without the site's folder), as a static host serves it. */
function served(dist: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const file = join(dist, decoded);
  if (file !== dist && !file.startsWith(`${dist}/`)) return false;
  if (!existsSync(file)) return existsSync(`${file}.html`);
  return statSync(file).isFile() || existsSync(join(file, 'index.html'));
}

export interface BrokenReference {
  /** The built file that names it, as "about/index.html". */
  readonly file: string;
  /** The address as the file writes it. */
  readonly address: string;
}

/** The address a built file is served at: "about/index.html" at "<base>about/", "assets/a.css" at "<base>assets/a.css". */
const addressOf = (base: string, file: string) => `${base}${file.replace(/(^|\/)index\.html$/, '$1')}`;

/**
 * The addresses inside the site that no built file answers, whether written in full, from the root or relative to
 * the file. `origin` is the site's own ("https://loom.example"); `base` is the folder it lives in ("/" or
 * "/loom-site/").
 */
export function brokenReferences(dist: string, origin: string, base: string): BrokenReference[] {
  const broken: BrokenReference[] = [];
  const check = (file: string, address: string) => {
    let url: URL;
    try {
      url = new URL(address, `${origin}${addressOf(base, file)}`);
    } catch {
      broken.push({ file, address });
      return;
    }
    // Other sites, mail and phone links are not the site's files.
    if (url.origin !== origin) return;
    const path = url.pathname;
    if (!`${path}/`.startsWith(base) || !served(dist, path.slice(base.length - 1) || '/'))
      broken.push({ file, address });
  };
  for (const path of htmlFilesIn(dist)) {
    const file = siteFileName(dist, path);
    for (const { name, attributes } of tagsOf(readFileSync(path, 'utf8'))) {
      const names = ADDRESS_ATTRIBUTES[name];
      if (!names) continue;
      if (name === 'meta' && !ADDRESS_META.has(attributes.get('property') ?? attributes.get('name') ?? '')) continue;
      if (name === 'link' && /\b(preconnect|dns-prefetch)\b/.test(attributes.get('rel') ?? '')) continue;
      for (const attribute of names) {
        const value = attributes.get(attribute)?.trim();
        if (!value) continue;
        for (const address of attribute === 'srcset' ? srcsetAddresses(value) : [value]) check(file, address);
      }
    }
  }
  for (const path of filesEndingIn(dist, '.css')) {
    const file = siteFileName(dist, path);
    for (const match of readFileSync(path, 'utf8').matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g))
      if (!/^(data:|#)/.test(match[2]!)) check(file, match[2]!);
  }
  return broken;
}
