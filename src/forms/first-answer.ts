/**
 * A form's first answer: until react-jsonschema-form has attached to the pre-rendered form (its code is most of a
 * form page's script, and on a phone it arrives and attaches a second or more after the form shows), Send is answered
 * here, on the form's own HTML. The answers are checked by the validators the build compiled from the form's schema,
 * the very ones RJSF checks them with, and each message is the form's own (visitor-messages.ts), written with the
 * markup the form's templates draw (form-markup.ts): the fields marked, each message under its field, the first
 * focused, and after that first Send every field checked again as the visitor types. A Send with every answer right
 * is left to the form itself (held until it attaches: src/islands/early-actions.ts), which sends it.
 *
 * When RJSF attaches, this hands over: it stops, and the form starts from what it noted (first-submit.ts): the
 * answers in the fields and that Send was pressed. So the form's first render is the page as it stands, marks and all,
 * and attaching changes nothing the visitor sees. Plain DOM code, loaded with the form's validators before anything
 * else of the form.
 */
import type { FirstAnswer } from '../contract/first-answer.ts';
import type { FormConfig } from '../generated/config-types.ts';
import { loadForm } from './form-loading.ts';
import { FIELD_ERROR_CLASS, FIELD_WITH_ERROR_CLASS, fieldControlId, fieldErrorId } from './form-markup.ts';
import { noteFirstSubmit, noteHandOver } from './first-submit.ts';
import type { FormAnswers } from './send-form.ts';
import { toVisitorErrors, type FormError } from './visitor-messages.ts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A broken rule as the build's compiled validators report it (Ajv's error objects). */
interface BrokenRule {
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

type CompiledValidator = ((data: unknown) => boolean) & { errors?: readonly BrokenRule[] | null };

/** Ajv's report as RJSF reads it (its transformRJSFValidationErrors): a rule by name, at ".field", or at the missing field. */
function asFormErrors(rules: readonly BrokenRule[]): (FormError & { readonly schemaPath: string })[] {
  return rules.map((rule) => {
    const at = rule.instancePath.replace(/\//g, '.');
    const missing = rule.params.missingProperty;
    const property = typeof missing === 'string' ? (at ? `${at}.${missing}` : missing) : at;
    const message = rule.message ?? '';
    return { name: rule.keyword, property, message, params: rule.params, stack: message, schemaPath: rule.schemaPath };
  });
}

/** What the form's fields hold, as RJSF has it: an empty field is no answer at all. */
function answersIn(controls: ReadonlyMap<string, Control>): FormAnswers {
  const answers: FormAnswers = {};
  for (const [field, control] of controls) if (control.value !== '') answers[field] = control.value;
  return answers;
}

/** The messages a Send would show now: by field, in the form's order. */
export function formMessages(
  form: Pick<FormConfig, 'schema' | 'messages'>,
  validate: CompiledValidator,
  answers: FormAnswers,
): FormError[] {
  if (validate(answers)) return [];
  return toVisitorErrors(asFormErrors(validate.errors ?? []), form);
}

/** The field's classes with RJSF's class of a field with a message, where RJSF writes it, or without it. */
function fieldClasses(classes: string, withError: boolean): string {
  const tokens = classes.split(' ').filter((token) => token !== FIELD_WITH_ERROR_CLASS);
  if (withError) {
    const type = tokens.findIndex((token) => token.startsWith('rjsf-field-'));
    tokens.splice(type + 1, 0, FIELD_WITH_ERROR_CLASS);
  }
  return tokens.join(' ');
}

/**
 * Marks a field as RJSF and the form's templates do: the field's class, the control invalid, and its message last in
 * the field; or none of them.
 */
function markField(control: Control, message: string | undefined): void {
  const errorId = fieldErrorId(control.id);
  const field = control.parentElement!;
  const classes = fieldClasses(field.className, message !== undefined);
  if (field.className !== classes) field.className = classes;
  let shown = field.querySelector<HTMLElement>(`:scope > #${CSS.escape(errorId)}`);
  if (message === undefined) {
    control.removeAttribute('aria-invalid');
    shown?.remove();
    return;
  }
  control.setAttribute('aria-invalid', 'true');
  if (!shown) {
    shown = document.createElement('div');
    shown.id = errorId;
    shown.className = FIELD_ERROR_CLASS;
    shown.append(document.createElement('p'));
  }
  if (shown.textContent !== message) shown.firstElementChild!.textContent = message;
  // Last in the field, after its help, as the template draws it.
  if (shown !== field.lastElementChild) field.append(shown);
}

/**
 * Starts answering Send on the form named `name`, pre-rendered inside `island`. Resolves once its validators have
 * loaded; until then (and for a form the page does not hold as expected) Send waits for the form, as before.
 */
export async function answerFormFirst(island: HTMLElement, name: string): Promise<FirstAnswer> {
  const { form, schema, validateFns } = await loadForm(name);
  const validate = (validateFns as Record<string, CompiledValidator | undefined>)[String(schema.$id)];
  const element = island.querySelector<HTMLFormElement>('form.rjsf');
  const controls = new Map<string, Control>();
  for (const field of Object.keys(form.schema.properties)) {
    const control = element?.querySelector<Control>(`#${CSS.escape(fieldControlId(field))}`);
    if (control) controls.set(field, control);
  }
  const complete = validate && element && controls.size === Object.keys(form.schema.properties).length;
  if (!complete) return { click: () => false, handOver: () => undefined };
  const submit = element.querySelector<HTMLButtonElement>('button[type="submit"]');
  let submitted = false;

  /** Shows what a Send would show now; returns the messages, and what was shown, for the form to take over. */
  const mark = () => {
    const answers = answersIn(controls);
    const errors = formMessages(form, validate, answers);
    const messages: Record<string, string> = {};
    for (const error of errors) messages[error.property!.replace(/^\./, '')] = error.message ?? '';
    for (const [field, control] of controls) markField(control, messages[field]);
    return { errors, shown: { answers, messages } };
  };
  // After the first Send, every change checks the form again, as RJSF's live validation does.
  const onChange = () => {
    if (submitted) mark();
  };
  element.addEventListener('input', onChange);
  element.addEventListener('change', onChange);

  return {
    click: (target) => {
      if (target !== submit || submit.disabled) return false;
      const { errors, shown } = mark();
      // Every answer right: the form itself sends them, once it has attached.
      if (errors.length === 0) return false;
      submitted = true;
      const incomplete = errors.some((error) => error.name === 'required');
      const toast =
        incomplete && form.behaviour.whenIncomplete === 'show-toast' && form.toasts.incomplete
          ? { type: 'error' as const, ...form.toasts.incomplete }
          : undefined;
      noteFirstSubmit(name, shown, toast);
      const first = controls.get(errors[0]!.property!.replace(/^\./, ''));
      first?.focus();
      return true;
    },
    handOver: () => {
      element.removeEventListener('input', onChange);
      element.removeEventListener('change', onChange);
      // The marks stay: the form draws the same from the same answers (a form never sent has none).
      if (submitted) noteHandOver(name, mark().shown);
    },
  };
}
