/**
 * The docs name only what is there: every `npm run` script is one of package.json's, every link between the docs
 * leads to a file that exists, and every path of the project a doc names in code (src/…, scripts/…, e2e/…) is there.
 * A renamed file or script fails here, not in a reader's terminal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** The docs people read: README, EDITING.md and docs/ (the generated reference is checked by its generator). */
const DOCS = [
  'README.md',
  'EDITING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'config-reference.md')
    .map((name) => `docs/${name}`),
];

const SCRIPTS = new Set(
  Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts),
);

/** The folders of the project whose paths the docs name as files that exist (config/ paths are often new files). */
const PROJECT_PATH = /^(?:src|scripts|e2e|schemas|docs|\.github|\.ci)\/[\w./@-]*[\w/]$/;

/** A path written as an example or a pattern ("src/sections/<type>/", "e2e/*.spec.ts"), not one file. */
const isPattern = (path: string) => /[<>*{}…]|\.\.\./.test(path);

function named(doc: string) {
  const text = readFileSync(join(root, doc), 'utf8');
  const scripts = [...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    // An address of the site ("/contact", in an example of a text) or of the web is not a file of the project.
    .filter((target) => target !== '' && !target.startsWith('/') && !/^[a-z]+:/i.test(target));
  const paths = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!.replace(/[:,.]$/, ''))
    .filter((path) => PROJECT_PATH.test(path) && !isPattern(path));
  return { scripts, links, paths };
}

describe.each(DOCS)('%s', (doc) => {
  const { scripts, links, paths } = named(doc);

  it('names only scripts package.json has', () => {
    expect(scripts.filter((script) => !SCRIPTS.has(script))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const missing = links.filter((target) => !existsSync(join(root, dirname(doc), decodeURI(target))));
    expect(missing.map((target) => relative(root, join(root, dirname(doc), target)))).toEqual([]);
  });

  it('names only project files and folders that exist', () => {
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
