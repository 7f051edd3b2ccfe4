import type { FormConfig } from '../generated/config-types.ts';

/**
 * A broken rule as react-jsonschema-form reports it (its RJSFValidationError), as far as the messages read it. Kept
 * here, so the form's first answer (first-answer.ts) reads it without RJSF.
 */
export interface FormError {
  /** The rule broken: "required", "minLength", "format"... */
  readonly name?: string;
  /** The field: ".email", or "email" for a missing required field. */
  readonly property?: string;
  readonly params?: unknown;
  readonly message?: string;
  readonly stack: string;
}

// When a field breaks several rules at once, the visitor sees the most useful message first.
const RULE_ORDER = ['required', 'format', 'pattern', 'minLength', 'maxLength', 'oneOf', 'const', 'enum'];
const rank = (keyword: string) => {
  const index = RULE_ORDER.indexOf(keyword);
  return index === -1 ? RULE_ORDER.length : index;
};

/** The field an error belongs to: RJSF names it ".email", or "email" for a missing required field. */
export function fieldOfError(error: FormError): string | undefined {
  const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = missing ?? error.property?.replace(/^\./, '') ?? '';
  return path.split('.')[0] || undefined;
}

/**
 * The message a visitor sees for a broken rule, from the form's config: the field's own message for that rule;
 * for an empty required field its "required" message, else its first rule's message, else the form's default.
 */
export function visitorMessage(form: Pick<FormConfig, 'schema' | 'messages'>, field: string, keyword: string): string {
  const messages: Record<string, string | undefined> = { ...form.schema.properties[field]?.errorMessage };
  // An empty field breaks "required" rather than its other rules; the visitor still reads the field's own message.
  if (keyword === 'required')
    return (
      messages.required ??
      messages.minLength ??
      messages.format ??
      messages.pattern ??
      messages.oneOf ??
      form.messages.required
    );
  if (keyword === 'const' || keyword === 'enum') return messages.oneOf ?? form.messages.invalid;
  return messages[keyword] ?? form.messages.invalid;
}

/** Replaces validator wording with the form's own messages: one message per field, on that field. */
export function toVisitorErrors<Error extends FormError>(
  errors: readonly Error[],
  form: Pick<FormConfig, 'schema' | 'messages'>,
): Error[] {
  const best = new Map<string, Error>();
  for (const error of errors) {
    const field = fieldOfError(error);
    if (!field) continue;
    const keyword = error.name ?? '';
    const current = best.get(field);
    if (current && rank(current.name ?? '') <= rank(keyword)) continue;
    const message = visitorMessage(form, field, keyword);
    best.set(field, { ...error, property: `.${field}`, message, stack: message });
  }
  // Keep the order of the form's fields, so focus goes to the first invalid field on screen.
  const order = Object.keys(form.schema.properties);
  return [...best.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, error]) => error);
}
