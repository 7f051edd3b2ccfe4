import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../checker/project-folders.ts';
import { siteFormAllOf, siteFormFields, siteFormReferences } from './form-parts.ts';
import { formWidgets } from './form-templates.tsx';

interface SchemaNode {
  readonly type?: string;
  readonly const?: string;
  readonly enum?: readonly string[];
  readonly additionalProperties?: boolean | SchemaNode;
  readonly properties?: Record<string, SchemaNode>;
  readonly items?: SchemaNode;
  readonly $ref?: string;
}

const formSchema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schemas/form.schema.json'), 'utf8')) as SchemaNode & {
  $defs: Record<string, SchemaNode>;
};
const field = formSchema.$defs.field!;

// What the built site's forms can draw (form-parts.ts): a form of text fields, whose rules and choices these are.
const DRAWABLE_FIELD_KEYWORDS = [
  'type',
  'title',
  'minLength',
  'maxLength',
  'format',
  'pattern',
  'oneOf',
  'optionsFrom',
  'errorMessage',
];

describe('the parts of react-jsonschema-form a built site carries', () => {
  it('draw every form the form schema allows: an object of text fields', () => {
    expect(formSchema.properties!.schema!.properties!.type!.const).toBe('object');
    expect(formSchema.properties!.schema!.properties!.properties!.additionalProperties).toEqual({
      $ref: '#/$defs/field',
    });
    expect(field.properties!.type!.const).toBe('string');
    expect(Object.keys(siteFormFields())).toEqual(
      expect.arrayContaining(['SchemaField', 'ObjectField', 'StringField']),
    );
  });

  it('meet no keyword a field could hold that they cannot draw (no lists, no $ref, no allOf)', () => {
    expect(field.additionalProperties).toBe(false);
    expect(Object.keys(field.properties!).filter((keyword) => !DRAWABLE_FIELD_KEYWORDS.includes(keyword))).toEqual([]);
    // A field's choices are plain values with labels: a drop-down list, not a choice between schemas.
    const option = field.properties!.oneOf!.items!;
    expect(option.additionalProperties).toBe(false);
    expect(Object.keys(option.properties!).sort()).toEqual(['const', 'title']);
  });

  it('have a widget of the site for every kind of input a field may ask for', () => {
    for (const widget of formSchema.$defs.fieldLayout!.properties!['ui:widget']!.enum!)
      expect(formWidgets[widget], widget).toBeTypeOf('function');
  });

  it('say plainly what is left out, should a form ever reach it', () => {
    expect(() => siteFormReferences.resolve()).toThrow(/no "\$ref" \(schemas\/form\.schema\.json\)/);
    expect(() => siteFormAllOf()).toThrow(/no "allOf" \(schemas\/form\.schema\.json\)/);
  });
});
