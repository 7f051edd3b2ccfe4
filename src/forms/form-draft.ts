import type { FormAnswers } from './send-form.ts';

const keyOf = (form: string) => `form-draft:${form}`;

/** What the visitor had typed into a form in this tab, if anything; survives a reload, not a closed tab. */
export function readDraft(form: string): FormAnswers | undefined {
  try {
    const saved = window.sessionStorage.getItem(keyOf(form));
    const parsed: unknown = saved ? JSON.parse(saved) : undefined;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FormAnswers) : undefined;
  } catch {
    return undefined; // Storage may be disabled; the form still works, without drafts.
  }
}

export function saveDraft(form: string, answers: FormAnswers): void {
  try {
    window.sessionStorage.setItem(keyOf(form), JSON.stringify(answers));
  } catch {
    // Storage full or disabled: keeping the draft is a convenience, not a requirement.
  }
}

export function clearDraft(form: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(form));
  } catch {
    // Nothing to clear.
  }
}

/** Whether this tab holds a draft of any form. */
export function hasDraft(): boolean {
  try {
    return Object.keys(window.sessionStorage).some((key) => key.startsWith(keyOf('')));
  } catch {
    return false;
  }
}
