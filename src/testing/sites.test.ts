import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_SITE_DIR, SPEC_SITE_DIR } from './sites.ts';

describe('the spec site', () => {
  it('is served with the security headers of the site itself, so its browser tests run under the same policy', () => {
    const headers = (siteDir: string) => readFileSync(join(siteDir, 'public/_headers'), 'utf8');
    expect(headers(SPEC_SITE_DIR)).toBe(headers(LIVE_SITE_DIR));
  });
});
