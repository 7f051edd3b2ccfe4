/**
 * Copies of the spec site whose two forms deliver their answers for real, to a receiver the browser tests start on
 * this machine: one site posts JSON, the other form-encoded (npm run build:delivery-sites, e2e/delivery/).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FormConfig, PostDelivery } from '../generated/config-types.ts';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from './sites.ts';

export type Encoding = PostDelivery['encoding'];
export const ENCODINGS: readonly Encoding[] = ['json', 'form'];

/** How long the delivery sites wait for the receiver: short, so the timeout test is quick. */
export const DELIVERY_TIMEOUT_MS = 2000;

/** The spec's failure notification, which the contact form needs once it can fail. */
const FAILURE = { title: 'Submission Failed', description: 'Something went wrong. Please try again.' };

/** Where the delivery site of an encoding is made and built. */
export const deliverySite = (encoding: Encoding) => ({
  dir: resolve(LIVE_SITE_DIR, `test-results/delivery-${encoding}/source`),
  dist: resolve(LIVE_SITE_DIR, `test-results/delivery-${encoding}/dist`),
});

/** The address a form of a delivery site posts to: one path per form, so the receiver can tell them apart. */
export const receiverPath = (form: string) => `/inbox/${form}`;

/** A copy of the spec site whose forms post to `receiverOrigin`, as `encoding`; nothing else changes. */
export function createDeliverySite(encoding: Encoding, receiverOrigin: string, into: string): void {
  rmSync(into, { recursive: true, force: true });
  cpSync(SPEC_SITE_DIR, into, { recursive: true });
  for (const name of ['contact-inquiry', 'creator-application']) {
    const file = join(into, 'config/forms', `${name}.json`);
    const form = JSON.parse(readFileSync(file, 'utf8')) as FormConfig;
    form.delivery = {
      method: 'post',
      url: `${receiverOrigin}${receiverPath(name)}`,
      encoding,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    };
    form.behaviour.simulateSending = false;
    form.toasts.failure ??= FAILURE;
    writeFileSync(file, `${JSON.stringify(form, null, 2)}\n`);
  }
}
