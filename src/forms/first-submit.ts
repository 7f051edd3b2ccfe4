import type { Notification } from '../layout/notifications.ts';
import type { FormAnswers } from './send-form.ts';

/**
 * What a visitor did to a form before React attached to it, kept by its first answer (first-answer.ts) for the form
 * (VisitorForm.tsx) to carry on from: they pressed Send (so the form validates as they type), what the fields held
 * when React took over, and the toasts the form owes them.
 */
export interface FirstSubmit {
  /** The answers in the fields when React took over, which the form starts from. */
  readonly answers: FormAnswers;
  /** The message shown under each field then, by field, which the form shows until the visitor goes on. */
  readonly messages: Readonly<Record<string, string>>;
  /** Toasts the first answer asked for, which the form shows once it can draw toasts. */
  readonly toasts: readonly Notification[];
}

const submitted = new Map<string, FirstSubmit>();

/** Notes that the visitor pressed Send on the form named `form` before React attached, and the toast it owes them. */
export function noteFirstSubmit(
  form: string,
  shown: Pick<FirstSubmit, 'answers' | 'messages'>,
  toast?: Notification,
): void {
  const toasts = submitted.get(form)?.toasts ?? [];
  const owed = toast && !toasts.some((shown) => shown.title === toast.title && shown.description === toast.description);
  submitted.set(form, { ...shown, toasts: owed ? [...toasts, toast] : toasts });
}

/** Notes what the fields hold and show as React takes the form over, if Send was pressed. */
export function noteHandOver(form: string, shown: Pick<FirstSubmit, 'answers' | 'messages'>): void {
  const noted = submitted.get(form);
  if (noted) submitted.set(form, { ...noted, ...shown });
}

/** What was noted for the form, once: the form takes it as it attaches. */
export function takeFirstSubmit(form: string): FirstSubmit | undefined {
  const noted = submitted.get(form);
  submitted.delete(form);
  return noted;
}
