import { join } from 'node:path';
import { LIVE_SITE_DIR } from '../../src/testing/sites.ts';
import { htmlErrors } from '../../src/build/built-site/html-validity.ts';
import { expect, test } from '../fixtures.ts';
import { fixedPages } from './live-site.ts';

test('every built page is valid HTML to the W3C Nu Html Checker', async () => {
  test.setTimeout(120_000);
  const { pages, errors } = await htmlErrors(join(LIVE_SITE_DIR, 'dist'));
  expect(pages).toBeGreaterThanOrEqual(fixedPages.length);
  expect(errors).toEqual([]);
});
