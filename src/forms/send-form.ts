import type { Delivery } from '../generated/config-types.ts';
import { deliveryMethodOf, type DeliveryRequest } from '../content/delivery-methods.ts';
import { sitePath } from '../content/site-paths.ts';

/** Form answers, named as in the form's schema. */
export type FormAnswers = Record<string, string | undefined>;

/** Why answers did not arrive, in words for the console; the visitor sees the form's failure toast. */
export class DeliveryFailed extends Error {}

/** The answers as name-value pairs, without the fields left empty, in the form's own order. */
function answeredPairs(answers: FormAnswers): [string, string][] {
  return Object.entries(answers).filter((pair): pair is [string, string] => pair[1] !== undefined);
}

/**
 * The send step of every form, as its config's "delivery" says (src/content/delivery-methods.ts): with nothing to
 * send (log, or no delivery), writes the answers to the browser's console, then waits `simulatedMs` as if sending;
 * otherwise posts them as the method says. Resolves once the receiver answered with a 2xx status; rejects with
 * DeliveryFailed on any other status, a network error, or no answer within the configured time.
 */
export async function sendFormAnswers(
  form: string,
  answers: FormAnswers,
  delivery: Delivery | undefined,
  simulatedMs: number,
): Promise<void> {
  const request = delivery && deliveryMethodOf(delivery).request(delivery, form, answeredPairs(answers));
  if (!request) {
    console.log(answers);
    if (simulatedMs > 0) await new Promise((resolve) => setTimeout(resolve, simulatedMs));
    return;
  }
  await postWithin({ ...request, url: sitePath(request.url) });
}

async function postWithin({ url, contentType, body, timeoutMs }: DeliveryRequest): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      // Accept: form services such as Formspree answer JSON instead of redirecting to their thank-you page.
      headers: { 'Content-Type': contentType, Accept: 'application/json' },
      body,
      signal: abort.signal,
      // The visitor's cookies are not the receiver's business.
      credentials: 'omit',
    });
  } catch (error) {
    throw new DeliveryFailed(
      abort.signal.aborted
        ? `No answer from ${url} within ${timeoutMs} ms.`
        : `Could not reach ${url}: ${String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new DeliveryFailed(`${url} answered ${response.status} ${response.statusText}.`);
}
