import { describe, expect, it } from 'vitest';
import { runConfigFuzz } from '../testing/config-fuzz.ts';
import { SPEC_SITE_DIR } from '../testing/sites.ts';

// A fixed seed keeps npm test repeatable; `npm run fuzz:config` runs many more cases with a new seed each time.
const SEED = 20_261_122;

describe('the checker on randomly broken config', () => {
  it(
    'never throws or hangs, and reports every mutation with a file, line and column near the change (the command exits 1)',
    { timeout: 120_000 },
    () => {
      const { failures, cases } = runConfigFuzz({ siteDir: SPEC_SITE_DIR, runs: 300, seed: SEED, cliCases: 8 });
      expect(cases).toBe(300);
      expect(failures).toEqual([]);
    },
  );
});
