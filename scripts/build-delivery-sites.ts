/**
 * `npm run build:delivery-sites`: the spec site with both forms posting to a local receiver, once as JSON and once
 * form-encoded (test-results/delivery-json/ and delivery-form/), for the browser tests of e2e/delivery/.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DELIVERY_PORTS, GITHUB_STAND_IN, siteUrl } from '../e2e/ports.ts';
import { REPOSITORY } from '../src/testing/github-site.ts';
import { createDeliverySite, deliverySite, ENCODINGS, type Encoding } from '../src/testing/delivery-sites.ts';
import { LIVE_SITE_DIR } from '../src/testing/sites.ts';

/**
 * The JSON site is the one Cloudflare's runtime serves with the site's functions (e2e/cloudflare/): it carries the
 * editor, talking to the GitHub stand-in, and signs authors in. The other leaves the editor out.
 */
const editorFor = (encoding: Encoding): Record<string, string> =>
  encoding === 'json'
    ? {
        SITE_EDITOR_GITHUB_API: siteUrl(GITHUB_STAND_IN.port),
        SITE_EDITOR_REPOSITORY: `${REPOSITORY.owner}/${REPOSITORY.name}`,
        SITE_EDITOR_SIGN_IN: 'on',
      }
    : { SITE_EDITOR: 'off' };

for (const encoding of ENCODINGS) {
  const { dir, dist } = deliverySite(encoding);
  createDeliverySite(encoding, siteUrl(DELIVERY_PORTS[encoding].receiver), dir);
  const build = spawnSync(join(LIVE_SITE_DIR, 'node_modules/.bin/tsx'), ['scripts/build.ts', dir, dist], {
    cwd: LIVE_SITE_DIR,
    stdio: 'inherit',
    env: { ...process.env, ...editorFor(encoding) },
  });
  if (build.status !== 0) {
    process.exitCode = build.status ?? 1;
    break;
  }
}
