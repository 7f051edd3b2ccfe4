import { EDITOR_PATH, SIGN_IN_PATH, SIGNED_IN_PATH, TOKEN_STORAGE_KEY } from '../../src/editor/github/token-exchange';
import { startGitHubStandIn, type GitHubStandIn } from '../../src/testing/github-stand-in';
import { GITHUB_STAND_IN, siteUrl } from '../ports';
import { expect, test } from '../fixtures';

/**
 * Signing in to the editor with GitHub through the site's own Pages Function (functions/api/editor/), under
 * Cloudflare's local runtime, given the two secrets as the host would be; GitHub is the stand-in, on its port.
 */
test.describe('signing in to the editor with GitHub, under Cloudflare Pages', () => {
  // One stand-in on one port: these tests take turns.
  test.describe.configure({ mode: 'serial' });
  // The editor's address answers 404 until the editor is built into the site, and a refused sign-in answers 400.
  // GitHub's authorize page is the stand-in's.
  test.use({ expectedProblem: /status of (400|404)/, otherOrigins: [siteUrl(GITHUB_STAND_IN.port)] });

  let github: GitHubStandIn;
  test.beforeAll(async () => {
    github = await startGitHubStandIn(GITHUB_STAND_IN);
  });
  test.afterAll(() => github.close());

  test("hands GitHub's token to the editor's tab, and to nothing else: no address, no cookie, no history", async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.goto(SIGN_IN_PATH);
    await page.waitForURL(`**${EDITOR_PATH}`);
    const token = github.tokens.at(-1)!;
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe(token);
    expect(page.url()).not.toContain(token);
    expect(await context.cookies()).toEqual([]);
    // Back goes to where the author was before signing in: the page that held the token is no longer in the history.
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('refuses a return it did not start, in words, with a way back to the editor', async ({ page }) => {
    const asked = github.tokenRequests;
    const refused = await page.goto(`${SIGNED_IN_PATH}?code=stolen&state=forged`);
    expect(refused?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing in to the editor');
    await expect(page.getByText('This sign-in did not start here, or took longer than 10 minutes.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the editor' })).toHaveAttribute('href', EDITOR_PATH);
    expect(github.tokenRequests).toBe(asked);
  });
});
