/**
 * `npm run build:delivery-sites`: the spec site with both forms posting to a local receiver, once as JSON and once
 * form-encoded (test-results/delivery-json/ and delivery-form/), for the browser tests of e2e/delivery/.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DELIVERY_PORTS, siteUrl } from '../e2e/ports.ts';
import { createDeliverySite, deliverySite, ENCODINGS } from '../src/testing/delivery-sites.ts';
import { LIVE_SITE_DIR } from '../src/testing/sites.ts';

for (const encoding of ENCODINGS) {
  const { dir, dist } = deliverySite(encoding);
  createDeliverySite(encoding, siteUrl(DELIVERY_PORTS[encoding].receiver), dir);
  const build = spawnSync(join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'), ['scripts/build.ts', dir, dist], {
    cwd: LIVE_SITE_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.exitCode = build.status ?? 1;
    break;
  }
}
