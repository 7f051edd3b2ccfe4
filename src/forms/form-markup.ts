/**
 * What the markup of a site form is called, shared by the templates that draw it (form-templates.tsx) and the form's
 * first answer, which marks it before React has attached (first-answer.ts): both write the same HTML.
 */

/** The class of a field's message: its look is page-wide CSS (src/theme/site-theme.ts), in every page's stylesheet. */
export const FIELD_ERROR_CLASS = 'field-error';

/** The id react-jsonschema-form gives a field's control ("root_email"), which its label names. */
export const fieldControlId = (field: string) => `root_${field}`;

/** The id of a field's message ("root_email__error"), which the control's aria-describedby names. */
export const fieldErrorId = (controlId: string) => `${controlId}__error`;

/**
 * The class react-jsonschema-form adds to a field with a message, after its "rjsf-field rjsf-field-<type>" and before
 * the field's own look.
 */
export const FIELD_WITH_ERROR_CLASS = 'rjsf-field-error';
