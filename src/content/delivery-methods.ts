import type { Delivery } from '../generated/config-types.ts';

/**
 * The ways a form can deliver what visitors send ("delivery": { "method": ... } in config/forms/), declared once:
 * the sender, the checker and the security policy read this table. The settings each method takes are its kind in
 * schemas/form.schema.json. A new method is a kind there and an entry here.
 */
export interface DeliveryMethod<D extends Delivery> {
  /** Whether answers leave the browser, so sending can fail: the form then needs a failure notification. */
  readonly sends: boolean;
  /**
   * The request that carries the answers (name-value pairs in the form's order), or none for a method that sends
   * nothing.
   */
  readonly request: (
    delivery: D,
    form: string,
    pairs: readonly (readonly [string, string])[],
  ) => DeliveryRequest | undefined;
  /** The other site the pages must be allowed to connect to (the security policy's connect-src), if any. */
  readonly connectsTo?: (delivery: D) => string;
  /** Whether the page declares the form in its HTML, for a host that finds forms there (Netlify Forms). */
  readonly declaredInHtml?: boolean;
}

/** A POST that carries a form's answers: to a path of this site ("/") or another address. */
export interface DeliveryRequest {
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
  /** How long to wait for the receiver's answer before telling the visitor it failed. */
  readonly timeoutMs: number;
}

type DeliveryOf<M extends Delivery['method']> = Extract<Delivery, { method: M }>;

const formEncoded = (
  url: string,
  pairs: readonly (readonly [string, string])[],
  timeoutMs: number,
): DeliveryRequest => ({
  url,
  contentType: 'application/x-www-form-urlencoded',
  body: new URLSearchParams(pairs as [string, string][]).toString(),
  timeoutMs,
});

export const DELIVERY_METHODS: { readonly [M in Delivery['method']]: DeliveryMethod<DeliveryOf<M>> } = {
  // Writes the answers to the browser's console, as the spec's forms do. Nothing leaves the page.
  log: { sends: false, request: () => undefined },
  // To any address, as JSON or form-encoded, such as a form service (Formspree) or the agency's own receiver.
  post: {
    sends: true,
    request: (delivery, _form, pairs) =>
      delivery.encoding === 'form'
        ? formEncoded(delivery.url, pairs, delivery.timeoutMs)
        : {
            url: delivery.url,
            contentType: 'application/json',
            body: JSON.stringify(Object.fromEntries(pairs)),
            timeoutMs: delivery.timeoutMs,
          },
    connectsTo: (delivery) => new URL(delivery.url).origin,
  },
  // Netlify Forms: posted form-encoded to the site itself with "form-name", and declared in the built HTML.
  netlify: {
    sends: true,
    request: (delivery, form, pairs) => formEncoded('/', [['form-name', form], ...pairs], delivery.timeoutMs),
    declaredInHtml: true,
  },
};

/** The entry of a delivery's method, typed for any delivery (the table pairs each method with its own settings). */
export const deliveryMethodOf = (delivery: Delivery): DeliveryMethod<Delivery> =>
  DELIVERY_METHODS[delivery.method] as DeliveryMethod<Delivery>;
