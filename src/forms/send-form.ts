/** Form answers, named as in the form's schema. */
export type FormAnswers = Record<string, string | undefined>;

/** Sends a form's answers somewhere; resolves when done, rejects when sending failed. */
export type FormTransport = (form: string, answers: FormAnswers) => Promise<void>;

declare global {
  interface Window {
    /** Where a real backend plugs in; browser tests also use it to make sending fail. */
    loomFormTransport?: FormTransport;
  }
}

/**
 * The send step of every form. The site has no backend yet: sending writes the answers to the browser's console, then
 * waits `delayMs` as if sending (0 for forms that do not simulate it). No network request is made. A transport set
 * on window.loomFormTransport replaces all of this.
 */
export function sendFormAnswers(form: string, answers: FormAnswers, delayMs: number): Promise<void> {
  const transport = typeof window === 'undefined' ? undefined : window.loomFormTransport;
  if (transport) return transport(form, answers);
  console.log(answers);
  return delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
}
