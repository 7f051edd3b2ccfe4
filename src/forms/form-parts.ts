/**
 * The parts of react-jsonschema-form that a form of the site is made of. A site form is one level of text fields
 * (schemas/form.schema.json: no lists, no $ref, no allOf, no choice between schemas), each drawn by one of the site's
 * own widgets and templates (form-templates.tsx). So the built site carries RJSF's form, its object, text and schema
 * fields, and nothing else of it: vite.config.ts puts the parts below where RJSF would take its defaults.
 * form-parts.test.ts fails the day the form schema allows something these parts cannot draw.
 */
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';

/** The fields: the form itself (an object) and its text fields, each through RJSF's SchemaField. */
export const siteFormFields = () => ({ SchemaField, ObjectField, StringField });

/** RJSF's own widgets and templates: none, as the site's forms draw every field with their own (form-templates.tsx). */
export const siteFormWidgets = () => ({});
export const siteFormTemplates = () => ({ ButtonTemplates: {} });

const outsideSiteForms = (what: string): never => {
  throw new Error(
    `A form of the site has no ${what} (schemas/form.schema.json), so the built site does not carry the code for it.`,
  );
};

/** Stands in for the library RJSF follows a "$ref" with. */
export const siteFormReferences = {
  equal: () => outsideSiteForms('"$ref"'),
  resolve: () => outsideSiteForms('"$ref"'),
};

/** Stands in for RJSF's merging of "allOf". */
export const siteFormAllOf = () => outsideSiteForms('"allOf"');
