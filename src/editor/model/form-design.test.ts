import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import {
  addField,
  fieldsOf,
  moveField,
  moveToGroup,
  nameFromLabel,
  removeField,
  renameField,
  restateNumber,
  setFieldValue,
  setKind,
  setRequired,
  textsStating,
} from './form-design.ts';

type Node = Record<string, unknown>;
const formFile = (name: string) => JSON.parse(readFileSync(join(SPEC_SITE_DIR, 'config/forms', name), 'utf8')) as Node;
const application = () => formFile('creator-application.json');
const contact = () => formFile('contact-inquiry.json');
const ui = (form: Node) => form.uiSchema as Node & { 'ui:order'?: string[]; 'ui:groups'?: { fields: string[] }[] };
const field = (form: Node, name: string) => (form.schema as { properties: Record<string, Node> }).properties[name]!;

describe('a form file as its designer reads it', () => {
  it('lists the fields in the order visitors see them: group by group, else in the form order', () => {
    const grouped = application();
    expect(fieldsOf(grouped).map((one) => one.name)).toEqual(
      ui(grouped)['ui:groups']!.flatMap((group) => group.fields),
    );
    const plain = contact();
    expect(fieldsOf(plain).map((one) => one.name)).toEqual(ui(plain)['ui:order']);
    // A form with groups lists each field once, in its group.
    expect(ui(grouped)).not.toHaveProperty(['ui:order']);
  });

  it('names the kind of each answer from its input, or from the format it asks for', () => {
    const kinds = Object.fromEntries(fieldsOf(contact()).map((one) => [one.name, one.kind]));
    expect(kinds).toMatchObject({ name: 'text', email: 'email', service: 'select', message: 'textarea' });
    const emailByFormat = setFieldValue(contact(), 'email', ['uiSchema', 'email', 'ui:widget'], undefined);
    expect(fieldsOf(emailByFormat).find((one) => one.name === 'email')!.kind).toBe('email');
  });
});

describe('changing a form in its designer', () => {
  it('a changed kind changes the input and the format, and drops what only the old kind used', () => {
    const form = setKind(contact(), 'service', 'text');
    expect(field(form, 'service')).toEqual({ type: 'string', title: field(contact(), 'service').title });
    expect(ui(form).service).toEqual({
      'ui:widget': 'text',
      'ui:placeholder': (ui(contact()).service as Node)['ui:placeholder'],
    });
    const web = setKind(contact(), 'company', 'url');
    expect(field(web, 'company').format).toBe('uri');
    expect((ui(web).company as Node)['ui:widget']).toBe('url');
    // Back to short text: no format, and the message of the format goes with it.
    const email = setKind(contact(), 'email', 'text');
    expect(field(email, 'email')).not.toHaveProperty('format');
    expect(field(email, 'email')).not.toHaveProperty('errorMessage');
  });

  it('a rule emptied takes its message with it; a message emptied leaves no empty group', () => {
    const form = setFieldValue(application(), 'fullName', ['schema', 'properties', 'fullName', 'minLength'], undefined);
    expect(field(form, 'fullName')).not.toHaveProperty('minLength');
    expect(field(form, 'fullName').errorMessage).toEqual({
      maxLength: (field(application(), 'fullName').errorMessage as Node).maxLength,
    });
    const noMessage = setFieldValue(
      contact(),
      'email',
      ['schema', 'properties', 'email', 'errorMessage', 'format'],
      '',
    );
    expect(field(noMessage, 'email')).not.toHaveProperty('errorMessage');
  });

  it('required or not: the list of required fields changes, and the message for an empty answer goes when optional', () => {
    const optional = setRequired(application(), 'primaryPlatform', false);
    expect((optional.schema as Node).required).not.toContain('primaryPlatform');
    expect(field(optional, 'primaryPlatform').errorMessage).not.toHaveProperty('required');
    const required = setRequired(contact(), 'company', true);
    expect((required.schema as Node).required).toEqual([
      ...((contact().schema as Node).required as string[]),
      'company',
    ]);
  });

  it('moves a field within its group, or to another group, keeping the order the same as the groups', () => {
    const form = application();
    const [first, second] = ui(form)['ui:groups']![0]!.fields;
    const moved = moveField(form, second!, -1);
    expect(ui(moved)['ui:groups']![0]!.fields.slice(0, 2)).toEqual([second, first]);
    expect(ui(moved)).not.toHaveProperty(['ui:order']);
    expect(moveField(form, first!, -1)).toBe(form);
    // A form written before groups gave the order loses its second list with the first change of order.
    const both = application();
    ui(both)['ui:order'] = fieldsOf(both).map((one) => one.name);
    expect(ui(moveField(both, second!, -1))).not.toHaveProperty(['ui:order']);
    const regrouped = moveToGroup(form, first!, 2);
    expect(ui(regrouped)['ui:groups']![2]!.fields.at(-1)).toBe(first);
    expect(ui(regrouped)['ui:groups']![0]!.fields).not.toContain(first);
    const plain = moveField(contact(), 'email', 1);
    expect(ui(plain)['ui:order']!.slice(1, 3)).toEqual(['company', 'email']);
  });

  it('renames a field everywhere the file names it, keeping its place among the keys', () => {
    const form = renameField(application(), 'fullName', 'yourName');
    expect(Object.keys((form.schema as { properties: Node }).properties)[0]).toBe('yourName');
    expect((form.schema as Node).required).toContain('yourName');
    expect(ui(form)['ui:groups']![0]!.fields[0]).toBe('yourName');
    expect(Object.keys(ui(form))).toContain('yourName');
    expect(JSON.stringify(form)).not.toContain('"fullName"');
    // Never onto a name another field has.
    expect(renameField(application(), 'fullName', 'email')).toEqual(application());
  });

  it('adds a field at the end of the last group with its label left to fill in, and removes every mention of one', () => {
    const { form, name } = addField(application());
    expect(field(form, name)).toEqual({ type: 'string', title: '' });
    expect(ui(form)['ui:groups']!.at(-1)!.fields.at(-1)).toBe(name);
    expect(ui(form)).not.toHaveProperty(['ui:order']);
    const plain = addField(contact());
    expect(ui(plain.form)['ui:order']!.at(-1)).toBe(plain.name);
    expect(addField(form).name).not.toBe(name);
    const removed = removeField(application(), 'bio');
    expect(JSON.stringify(removed)).not.toMatch(/"bio"/);
    expect(ui(removed)).not.toHaveProperty(['ui:order']);
  });

  it('makes a name for the answers from a label', () => {
    expect(nameFromLabel('Full Name')).toBe('fullName');
    expect(nameFromLabel('Why do you want to join?')).toBe('whyDoYouWantToJoin');
    expect(nameFromLabel('2nd phone')).toBe('field2ndPhone');
  });

  it('finds the texts that still state a changed rule’s number, and restates it in them alone', () => {
    const form = application();
    const bio = fieldsOf(form).find((one) => one.name === 'bio')!;
    const minimum = field(form, 'bio').minLength as number;
    const paths = textsStating(bio, minimum);
    expect(paths.length).toBeGreaterThan(0);
    const restated = restateNumber(form, paths, minimum, minimum + 30);
    for (const path of paths) {
      const text = path.reduce<unknown>((value, key) => (value as Node)[String(key)], restated) as string;
      expect(text).toContain(String(minimum + 30));
    }
    // A longer number that holds the digits is left alone.
    expect(textsStating({ ...bio, layout: { 'ui:help': `${minimum}0 characters` }, rules: {} }, minimum)).toEqual([]);
  });
});
