import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import fc from 'fast-check';
import formLoaders from 'virtual:forms';
import { describe, expect, it } from 'vitest';
import { formMessages } from './first-answer.ts';
import { loadForm } from './form-loading.ts';
import type { FormAnswers } from './send-form.ts';
import { toVisitorErrors } from './visitor-messages.ts';

/** Answers a visitor might give a field: nothing, too short, too long, almost an address, an address, a link. */
const answer = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 3 }),
  fc.string({ minLength: 40, maxLength: 1200 }),
  fc.constantFrom(
    'a@b',
    'kojo@example.com',
    'not an email',
    'https://example.com/kit',
    'example.com',
    '+233 24 123 4567',
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

/** The messages by field, as the visitor reads them. */
const byField = (errors: readonly { property?: string; message?: string }[]) =>
  Object.fromEntries(errors.map((error) => [error.property?.replace(/^\./, ''), error.message]));

describe("a form's first answer", () => {
  for (const name of Object.keys(formLoaders)) {
    it(`gives ${name} the messages react-jsonschema-form gives, for any answers`, async () => {
      const { form, schema, validateFns } = await loadForm(name);
      const rjsf = createPrecompiledValidator(validateFns, schema);
      const validate = (validateFns as unknown as Record<string, Parameters<typeof formMessages>[1]>)[
        String(schema.$id)
      ]!;
      const fields = Object.keys(form.schema.properties);
      // Values of a select too: each of its choices, or one it does not offer.
      const choices = (field: string) =>
        (form.schema.properties[field]?.oneOf ?? []).map((option) => String(option.const));
      const answers = fc.record(
        Object.fromEntries(
          fields.map((field) => [
            field,
            choices(field).length > 0 ? fc.oneof(answer, fc.constantFrom(...choices(field))) : answer,
          ]),
        ),
      );
      fc.assert(
        fc.property(answers, (given) => {
          const answered = Object.fromEntries(
            Object.entries(given).filter(([, value]) => value !== undefined && value !== ''),
          ) as FormAnswers;
          const { errors } = rjsf.validateFormData(answered, schema, undefined, (found) =>
            toVisitorErrors(found, form),
          );
          expect(byField(formMessages(form, validate, answered))).toEqual(byField(errors));
        }),
        { numRuns: 300 },
      );
    });
  }
});
