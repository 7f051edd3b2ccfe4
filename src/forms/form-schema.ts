import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FormConfig } from '../generated/config-types';

/**
 * The JSON Schema react-jsonschema-form validates against, named by the form's file name. The build compiles its
 * validators from exactly this object and the browser looks them up with it, so both must come from here.
 */
export function rjsfSchemaOf(name: string, form: Pick<FormConfig, 'schema'>): RJSFSchema {
  return { $id: name, ...(form.schema as RJSFSchema) };
}

/** The form's uiSchema as react-jsonschema-form reads it; the submit button is the form's own, so RJSF's is hidden. */
export function rjsfUiSchemaOf(form: Pick<FormConfig, 'uiSchema'>): UiSchema {
  return { ...(form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } };
}
