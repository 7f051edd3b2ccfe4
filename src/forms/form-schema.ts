import type { UiSchema } from '@rjsf/utils';
import type { FormConfig } from '../generated/config-types.ts';

/** The form's uiSchema as react-jsonschema-form reads it; the submit button is the form's own, so RJSF's is hidden. */
export function rjsfUiSchemaOf(form: Pick<FormConfig, 'uiSchema'>): UiSchema {
  return { ...(form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } };
}
