import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteFolders } from '../../checker/project-folders.ts';
import { validateConfig } from '../../checker/validate-config.ts';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { editorSchemas } from '../server/editor-schemas.ts';
import { listConfigFiles } from '../server/workspace.ts';
import { problemWords } from './problem-words.ts';

let schemas: Record<string, unknown>;
beforeAll(async () => {
  schemas = await editorSchemas();
});

const original = (file: string) => readFileSync(join(SPEC_SITE_DIR, file), 'utf8');

/** What the editor says of each problem the checker finds in the fixture site with one file's text replaced. */
function saidWith(file: string, text: string) {
  const entries = listConfigFiles(SPEC_SITE_DIR);
  const { problems } = validateConfig(siteFolders(SPEC_SITE_DIR), {
    unsaved: new Map([[file.slice('config/'.length), text]]),
  });
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => {
      const entry = entries.find((candidate) => candidate.path === problem.file)!;
      return problemWords(problem, entry.label, schemas[entry.schema] as object);
    });
}

const edited = (file: string, edit: (data: Record<string, any>) => void) => {
  const data = JSON.parse(original(file)) as Record<string, any>;
  edit(data);
  return saidWith(file, JSON.stringify(data, null, 2));
};

describe('problems in the words of the form', () => {
  it('says an emptied text is empty, by its label, inside the block named as the kind picker names it', () => {
    expect(edited('config/pages/home.json', (page) => (page.sections[0].heading = ''))).toEqual([
      { sentence: 'Heading is empty: write one.', place: 'Home › Section 1 (Full-screen video opening)' },
    ]);
  });

  it('says a field left out is empty, and what it is for', () => {
    const [said] = edited('config/collections/faqs.json', (file) => delete file.faqs[1].answer);
    expect(said!.sentence).toMatch(/^Answer is empty: fill it in\. ./);
    expect(said!.place).toMatch(/^FAQs › FAQ 2 \(.+\)$/);
  });

  it('names an entry of a list by its name, and puts a value the field refuses after its label', () => {
    const [said] = edited(
      'config/collections/influencers.json',
      (file) => (file.influencers[3].platform = 'instagramm'),
    );
    expect(said!.sentence).toMatch(/^Platform: "instagramm" is not an allowed platform\. Did you mean "instagram"\?/);
    expect(said!.place).toBe(
      `Influencers › Influencer 4 (${JSON.parse(original('config/collections/influencers.json')).influencers[3].name})`,
    );
  });

  it('says a problem with an id the author never sees at the name it is made from', () => {
    const said = edited('config/collections/services.json', (file) => (file.services[1].id = file.services[0].id));
    expect(said.map((words) => words.sentence.split(':')[0])).toContain('Name');
    expect(said.every((words) => !/\bID\b/.test(words.sentence.split(':')[0]!))).toBe(true);
  });

  it("names a form's field by its title, without the schema's own structure", () => {
    const [said] = edited('config/forms/contact-inquiry.json', (form) => (form.schema.properties.email.title = ''));
    expect(said).toEqual({ sentence: 'Title is empty: write one.', place: 'Contact inquiry › Email' });
  });

  it("says a text block's problem of the text by the field's label, with its line", () => {
    const problem = {
      file: 'config/pages/about.json',
      path: 'sections 3 (text).text',
      at: ['sections', 2, 'text'],
      names: [null, 'text', null],
    };
    expect(
      problemWords({ ...problem, message: 'the text holds HTML ("<b>"), which a text block does not take.' }, 'About')
        .sentence,
    ).toBe('Text holds HTML ("<b>"), which a text block does not take.');
    expect(problemWords({ ...problem, message: 'line 3 of the text is a main heading (one #).' }, 'About')).toEqual({
      sentence: 'Text, line 3, is a main heading (one #).',
      place: 'About › Section 3 (text)',
    });
  });

  it('says a problem with the whole file as the checker does, at the file', () => {
    const [said] = saidWith('config/navigation.json', '{ "links": [');
    expect(said!.place).toBe('Navigation');
    expect(said!.sentence).toMatch(/^[A-Z]/);
  });
});
