import { SPEC_SITE_DIST } from '../../src/testing/sites';
import { htmlErrors } from '../../src/build/built-site/html-validity';
import { expect, test } from '../fixtures';

test('every built page, profiles and not-found pages included, is valid HTML to the W3C Nu Html Checker', async () => {
  test.setTimeout(120_000);
  const { pages, errors } = await htmlErrors(SPEC_SITE_DIST);
  // Seven pages, six profiles and the two not-found pages.
  expect(pages).toBe(15);
  expect(errors).toEqual([]);
});
