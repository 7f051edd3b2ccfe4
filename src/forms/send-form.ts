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
 * The site has no backend (spec 7): sending only waits as if it were sending. No network request is made.
 * A transport set on window.loomFormTransport replaces the waiting.
 */
export function sendFormAnswers(form: string, answers: FormAnswers, simulatedDelayMs: number): Promise<void> {
  const transport = typeof window === 'undefined' ? undefined : window.loomFormTransport;
  if (transport) return transport(form, answers);
  return new Promise((resolve) => setTimeout(resolve, simulatedDelayMs));
}
