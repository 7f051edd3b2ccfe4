import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { editJsonText } from './json-edit.ts';

const changedLines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
};
const specFile = (path: string) => readFileSync(join(SPEC_SITE_DIR, 'config', path), 'utf8');

describe('editing a JSON file in place', () => {
  it('changes one field as a one-line diff, keeping key order, formatting and "$schema"', () => {
    const text = specFile('pages/home.json');
    const data = JSON.parse(text);
    const edited = structuredClone(data);
    edited.sections[0].heading = 'Stories That Move Accra';
    const result = editJsonText(text, edited);
    expect(JSON.parse(result)).toEqual(edited);
    const { removed, added } = changedLines(text, result);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]!.replace(/"heading": ".*"/, '"heading": "Stories That Move Accra"')]);
    expect(result.startsWith('{\n  "$schema"')).toBe(true);
  });

  it('keeps the file key order when the new value lists keys in another order', () => {
    const text = '{\n  "b": 1,\n  "a": 2\n}\n';
    expect(editJsonText(text, { a: 3, b: 1 })).toBe('{\n  "b": 1,\n  "a": 3\n}\n');
  });

  it('puts a new key where it stands in the new value, in the file own indentation', () => {
    const text = '{\n    "title": "A",\n    "text": "B"\n}\n';
    expect(editJsonText(text, { title: 'A', variant: 'primary', text: 'B' })).toBe(
      '{\n    "title": "A",\n    "variant": "primary",\n    "text": "B"\n}\n',
    );
  });

  it('removes a list entry written on lines of its own as exactly those lines, wherever it is in the list', () => {
    const text = specFile('navigation.json');
    const data = JSON.parse(text);
    for (const index of [0, 2, data.links.length - 1]) {
      const edited = structuredClone(data);
      const [gone] = edited.links.splice(index, 1);
      const result = editJsonText(text, edited);
      expect(JSON.parse(result)).toEqual(edited);
      const { removed, added } = changedLines(text, result);
      // The last entry takes the comma of the one before it: that line changes by its comma only.
      if (index === data.links.length - 1) expect(added).toEqual([removed[0]!.replace(/,$/, '')]);
      else expect(added).toEqual([]);
      expect(removed.at(-1)).toContain(JSON.stringify(gone.label));
    }
  });

  it('adds, removes and moves list entries touching only those entries', () => {
    const text = specFile('collections/faqs.json');
    const data = JSON.parse(text);
    const list = data.faqs as unknown[];
    const added = { ...data, faqs: [...list, { question: 'Do you travel?', answer: 'Yes, across Ghana.' }] };
    const afterAdd = editJsonText(text, added);
    expect(JSON.parse(afterAdd)).toEqual(added);
    expect(changedLines(text, afterAdd).removed.every((line) => /^\s*[}\]],?$/.test(line))).toBe(true);

    const removed = { ...data, faqs: list.slice(1) };
    const afterRemove = editJsonText(text, removed);
    expect(JSON.parse(afterRemove)).toEqual(removed);
    expect(changedLines(text, afterRemove).added).toEqual([]);

    const moved = { ...data, faqs: [list[1], list[0], ...list.slice(2)] };
    expect(JSON.parse(editJsonText(text, moved))).toEqual(moved);
  });

  it('writes a new list entry as the entry beside it is written, touching no other line', () => {
    const text = specFile('navigation.json');
    const data = JSON.parse(text);
    const appended = { ...data, links: [...data.links, { label: 'Team', href: '/team' }] };
    const afterAppend = editJsonText(text, appended);
    expect(JSON.parse(afterAppend)).toEqual(appended);
    const lines = afterAppend.split('\n');
    const last = text.split('\n').find((line) => line.includes('"Contact"'))!;
    expect(lines).toContain(`${last},`);
    expect(lines).toContain(last.replace(/\{.*\}/, '{ "label": "Team", "href": "/team" }'));
    expect(lines).toHaveLength(text.split('\n').length + 1);

    const first = { ...data, links: [{ label: 'Start', href: '/' }, ...data.links] };
    const afterFirst = editJsonText(text, first);
    expect(JSON.parse(afterFirst)).toEqual(first);
    expect(afterFirst.split('\n')).toHaveLength(text.split('\n').length + 1);

    const spread = '{\n  "faqs": [\n    {\n      "question": "A?",\n      "answer": "B."\n    }\n  ]\n}\n';
    expect(
      editJsonText(spread, {
        faqs: [
          { question: 'A?', answer: 'B.' },
          { question: 'C?', answer: 'D.' },
        ],
      }),
    ).toBe(
      '{\n  "faqs": [\n    {\n      "question": "A?",\n      "answer": "B."\n    },\n    {\n      "question": "C?",\n      "answer": "D."\n    }\n  ]\n}\n',
    );
  });

  it('keeps a list written on one line on one line when an entry is removed or added, however long the line already was', () => {
    const services = specFile('collections/services.json');
    const data = JSON.parse(services) as { services: { features: string[] }[] };
    const removed = data.services[0]!.features.splice(1, 1)[0]!;
    const afterRemoval = editJsonText(services, data);
    expect(afterRemoval.split('\n').length).toBe(services.split('\n').length);
    expect(changedLines(services, afterRemoval).added).toEqual([expect.not.stringContaining(removed)]);
    const form = specFile('forms/creator-application.json');
    const fields = JSON.parse(form) as {
      schema: { required: string[] };
      uiSchema: { 'ui:groups': { fields: string[] }[] };
    };
    fields.schema.required.push('tiktok');
    fields.uiSchema['ui:groups'][1]!.fields = fields.uiSchema['ui:groups'][1]!.fields.filter(
      (name) => name !== 'tiktok',
    );
    const edited = editJsonText(form, fields);
    expect(edited.split('\n').length).toBe(form.split('\n').length);
    expect(changedLines(form, edited).added).toHaveLength(2);
    expect(JSON.parse(edited)).toEqual(fields);
  });

  it('renames a key in place, and removes an entry with its own lines only, however its neighbours are written', () => {
    const form = specFile('forms/creator-application.json');
    const data = JSON.parse(form) as { schema: { properties: Record<string, unknown> } };
    const properties = Object.entries(data.schema.properties);
    const [renamed] = properties[properties.length - 2]!;
    const [removed] = properties[properties.length - 4]!;
    data.schema.properties = Object.fromEntries(
      properties
        .filter(([name]) => name !== removed)
        .map(([name, value]) => [name === renamed ? `${renamed}Now` : name, value]),
    );
    const edited = editJsonText(form, data);
    const { removed: lost, added: gained } = changedLines(form, edited);
    // The removed field's lines go; of the renamed one, only the line with its name changes.
    expect(gained).toEqual([expect.stringContaining(`"${renamed}Now": `)]);
    const lines = form.split('\n');
    const [next] = properties[properties.length - 3]!;
    const entryLines =
      lines.findIndex((line) => line.includes(`"${next}": `)) -
      lines.findIndex((line) => line.includes(`"${removed}": `));
    expect(lines.length - edited.split('\n').length).toBe(entryLines);
    expect(lost).toContain(lines.find((line) => line.includes(`"${renamed}": `)));
    expect(JSON.parse(edited)).toEqual(data);
  });

  it('removes a key and its line', () => {
    const text = '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}\n';
    expect(editJsonText(text, { a: 1, c: 3 })).toBe('{\n  "a": 1,\n  "c": 3\n}\n');
  });

  it('keeps Windows line endings and tabs', () => {
    const text = '{\r\n\t"a": 1,\r\n\t"b": {\r\n\t\t"c": 2\r\n\t}\r\n}\r\n';
    const result = editJsonText(text, { a: 1, b: { c: 5, d: true } });
    expect(result).toBe('{\r\n\t"a": 1,\r\n\t"b": {\r\n\t\t"c": 5,\r\n\t\t"d": true\r\n\t}\r\n}\r\n');
  });

  it('writes the file whole, in its own line endings and indentation, when entries come or go by the thousand', () => {
    const text = '{\r\n\t"$schema": "x",\r\n\t"items": [\r\n\t\t{ "id": 1 }\r\n\t]\r\n}\r\n';
    const many = { $schema: 'x', items: Array.from({ length: 2000 }, (_, index) => ({ id: index + 1 })) };
    const whole = `${JSON.stringify(many, null, '\t').replace(/\n/g, '\r\n')}\r\n`;
    expect(editJsonText(text, many)).toBe(whole);
    expect(editJsonText(whole, { $schema: 'x', items: [{ id: 1 }] })).toBe(
      '{\r\n\t"$schema": "x",\r\n\t"items": [\r\n\t\t{\r\n\t\t\t"id": 1\r\n\t\t}\r\n\t]\r\n}\r\n',
    );
    // A few entries more are still written beside their neighbour, as it is written.
    expect(editJsonText(text, { $schema: 'x', items: [{ id: 1 }, { id: 2 }] })).toBe(
      '{\r\n\t"$schema": "x",\r\n\t"items": [\r\n\t\t{ "id": 1 },\r\n\t\t{ "id": 2 }\r\n\t]\r\n}\r\n',
    );
  });
});
