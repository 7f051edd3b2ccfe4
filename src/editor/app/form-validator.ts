/**
 * The validator react-jsonschema-form asks while it draws a config file: only to choose among a schema's options
 * (which kind of block a section is). It interprets the schema (@cfworker/json-schema) rather than compiling it into
 * code, so the editor's page runs under a policy that allows no code made at run time (no 'unsafe-eval'). The
 * messages the author reads are the site checker's, never this validator's: it reports no errors of its own.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';

const validators = new WeakMap<object, Validator>();

function validatorOf(schema: object): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    // The schemas the editor draws have every $ref resolved (server/editor-schemas.ts), so each stands alone.
    validator = new Validator(schema as Schema, '2020-12', true);
    validators.set(schema, validator);
  }
  return validator;
}

export const formValidator: ValidatorType = {
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    try {
      return validatorOf(schema).validate(formData).valid;
    } catch {
      // A schema it cannot read matches nothing, as react-jsonschema-form's own validator answers.
      return false;
    }
  },
  validateFormData(): ValidationData<unknown> {
    return { errors: [], errorSchema: {} };
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    return { errors: validatorOf(schema).validate(formData).errors as Result[] };
  },
};
