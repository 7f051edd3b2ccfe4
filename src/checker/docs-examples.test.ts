import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteFolders } from './project-folders.ts';
import { formatConfigProblem } from './config-problem.ts';
import { mainHeadingSectionTypes } from './schema-registry.ts';
import { readSchemas } from './read-config-files.ts';
import { applyEdits, copyOfSpecSite } from '../testing/edited-site.ts';
import { validateConfig } from './validate-config.ts';

const repo = join(import.meta.dirname, '../..');
const DOCS = [
  'EDITING.md',
  'README.md',
  ...readdirSync(join(repo, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * A JSON example in the docs, and what it is an example of, from the comment above it:
 * <!-- example: pages/careers.json --> is a whole file (collections/influencers/nana-yeboah.json, an entry in a file of
 * its own); <!-- example: collections/projects.json#/projects/- --> an entry added to a list;
 * <!-- example: pages/*.json#/sections/- --> a section of some page; <!-- example: forms/contact-inquiry.json#/delivery
 * --> the value of one field of a file.
 */
interface Example {
  readonly where: string;
  readonly of: string | undefined;
  readonly json: string;
}

function examplesIn(doc: string): Example[] {
  const lines = readFileSync(join(repo, doc), 'utf8').split('\n');
  const examples: Example[] = [];
  lines.forEach((line, index) => {
    if (line.trim() !== '```json') return;
    const end = lines.findIndex((candidate, after) => after > index && candidate.trim() === '```');
    let above = index - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const of = /^\s*<!-- example: (\S+) -->\s*$/.exec(lines[above] ?? '')?.[1];
    const indent = line.indexOf('`');
    examples.push({
      where: `${doc}:${index + 1}`,
      of,
      json: lines
        .slice(index + 1, end)
        .map((text) => text.slice(indent))
        .join('\n'),
    });
  });
  return examples;
}

const mainHeadingTypes = mainHeadingSectionTypes(readSchemas(siteFolders(repo).schemas));

/** Puts an example where it says it belongs in a copy of the spec site, and returns the checker's lines. */
function linesWith(example: Example): string[] {
  const { root, remove } = copyOfSpecSite();
  try {
    const [file, pointer] = example.of!.split('#');
    const value = JSON.parse(example.json) as Record<string, unknown>;
    // An entry that is a file of its own goes in a folder of such files: the spec site keeps its lists in one file.
    const folder = /^collections\/(influencers|projects)\//.exec(file!)?.[1] as 'influencers' | 'projects' | undefined;
    if (folder) applyEdits(root, [{ asFolder: folder }]);
    if (pointer === undefined) writeFileSync(join(root, 'config', file!), example.json);
    else if (file === 'pages/*.json' && pointer === '/sections/-') {
      // A section on a page of its own, after a main heading unless it is one.
      const opening = mainHeadingTypes.includes(String(value.type))
        ? []
        : [{ type: 'page-hero', heading: 'Example page', text: 'A page for the example.' }];
      const page = {
        $schema: '../../schemas/page.schema.json',
        route: '/example-of-a-section',
        title: 'Example',
        description: 'An example section.',
        sections: [...opening, value],
      };
      writeFileSync(join(root, 'config/pages/example-of-a-section.json'), JSON.stringify(page));
    } else {
      const path = join(root, 'config', file!);
      const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      const [, key, dash] = pointer.split('/');
      if (dash === undefined) data[key!] = value;
      else if (dash === '-' && Array.isArray(data[key!])) (data[key!] as unknown[]).push(value);
      else throw new Error(`${example.where}: cannot add an entry at ${example.of}`);
      writeFileSync(path, JSON.stringify(data));
    }
    return validateConfig(siteFolders(root))
      .problems.filter((problem) => problem.severity === 'error')
      .map(formatConfigProblem);
  } finally {
    remove();
  }
}

describe('the JSON examples in the docs', () => {
  const examples = DOCS.flatMap(examplesIn);

  it('each say what they are an example of', () => {
    expect(examples.length).toBeGreaterThan(10);
    expect(
      examples
        .filter((example) => !example.of)
        .map((example) => `${example.where} has no <!-- example: ... --> comment above it`),
    ).toEqual([]);
  });

  it.each(examples.filter((example) => example.of).map((example) => [example.where, example] as const))(
    '%s is valid when copied where it says',
    (_where, example) => {
      expect(linesWith(example)).toEqual([]);
    },
  );
});
