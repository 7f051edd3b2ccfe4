import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { FormConfig } from '../generated/config-types.ts';
import type { FormAnswers } from '../forms/send-form.ts';
import { toVisitorErrors } from '../forms/visitor-messages.ts';

/** The messages a visitor would see for some answers, field by field, using the form's build-time validators. */
export function messagesFor(
  { form, schema, validateFns }: { form: FormConfig; schema: RJSFSchema; validateFns: ValidatorFunctions },
  answers: FormAnswers,
): Record<string, string> {
  const validator = createPrecompiledValidator(validateFns, schema);
  // RJSF stores an emptied text field as undefined, not "".
  const data = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== '' && value !== undefined));
  const { errors } = validator.validateFormData(data, schema);
  return Object.fromEntries(toVisitorErrors(errors, form).map((error) => [error.property!.slice(1), error.message!]));
}
