/**
 * A saved or published change to a file, said the way an author would say it: "Home page: heading changed",
 * "New influencer: Efua Asantewaa", "New picture: new-poster.jpg".
 */
import { kindOfConfigFile } from '../../config/config-files.ts';
import { shortened, visible } from '../../config/describe-value.ts';
import { isRecord, sameJson } from './json-merge.ts';
import { pageNameOf } from './page-names.ts';
import { parseJson } from './json-edit.ts';
import { configFileEntry } from './workspace.ts';

const PICTURE = /\.(jpe?g|png|gif|webp|avif|svg|ico)$/i;
const VIDEO = /\.(mp4|webm|mov|m4v)$/i;

/** What kinds of config file are called, by their pattern; any other is a file with a name of its own (FAQs, Services). */
const NOUNS: Readonly<Record<string, string>> = {
  'pages/*.json': 'page',
  'collections/influencers/*.json': 'influencer',
  'collections/projects/*.json': 'project',
  'forms/*.json': 'form',
  'collections/*.json': 'list',
};

/** What one file of the editor's folders is, in a word: picture, video, page, influencer, form, list, file. */
function nounOf(path: string): string {
  if (path.startsWith('public/')) return PICTURE.test(path) ? 'picture' : VIDEO.test(path) ? 'video' : 'file';
  return NOUNS[kindOfConfigFile(path.replace(/^config\//, ''))?.pattern ?? ''] ?? 'file';
}

/** The name an author knows a file by: "Home page", "About Us page", "Efua Asantewaa", "Site settings". */
export function nameOfFile(path: string, data: unknown): string {
  if (path.startsWith('public/')) return path.split('/').at(-1)!;
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (path.startsWith('config/pages/')) {
    if (record.route === '/') return 'Home page';
    if (record.route === '*') return 'Page not found';
    return `${pageNameOf(record)} page`;
  }
  if (path === 'config/site.json') return 'Site settings';
  const entry = configFileEntry(path, data);
  // A file of its own kind (FAQs, Services, Navigation) is known by its group; one of many by its own name.
  const single = !kindOfConfigFile(path.replace(/^config\//, ''))?.pattern.includes('*');
  return (single ? entry?.group : entry?.label) ?? path;
}

/** "shareImage" as an author reads it: "share image". */
const wordsOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();

/** What changed between two versions of a file's data, field by field, in words ("heading changed", "2 entries added to faqs"). */
export function fieldChanges(before: unknown, after: unknown): string[] {
  const changes: string[] = [];
  const walk = (key: string, a: unknown, b: unknown) => {
    if (sameJson(a, b)) return;
    if (isRecord(a) && isRecord(b)) {
      for (const child of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (child === '$schema') continue;
        if (!(child in a)) changes.push(`${wordsOf(child)} added`);
        else if (!(child in b)) changes.push(`${wordsOf(child)} removed`);
        else walk(wordsOf(child), a[child], b[child]);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const difference = b.length - a.length;
      if (difference > 0) changes.push(`${difference === 1 ? 'an entry' : `${difference} entries`} added to ${key}`);
      else if (difference < 0) changes.push(`${-difference === 1 ? 'an entry' : `${-difference} entries`} removed from ${key}`);
      else a.forEach((item, index) => walk(key, item, b[index]));
      return;
    }
    changes.push(`${key} changed`);
  };
  walk('the file', before, after);
  return [...new Set(changes)];
}

/** One change to a file, in words. `before` and `after` are its text (undefined where the file does not exist). */
export function describeFileChange(path: string, before: string | Buffer | undefined, after: string | Buffer | undefined): string {
  const noun = nounOf(path);
  const [beforeData, afterData] = [parseJson(before), parseJson(after)];
  const name = visible(shortened(nameOfFile(path, afterData ?? beforeData), 60));
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  if (before === undefined) return `New ${noun}: ${name}`;
  if (after === undefined) return `Removed ${noun}: ${name}`;
  if (path.startsWith('public/')) return `Changed ${noun}: ${name}`;
  const fields = fieldChanges(beforeData, afterData);
  const shown = fields.slice(0, 3).join(', ') + (fields.length > 3 ? ` and ${fields.length - 3} more` : '');
  return `${capital(name)}: ${shown || 'layout of the file changed'}`;
}
