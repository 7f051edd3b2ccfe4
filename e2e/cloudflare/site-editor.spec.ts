/**
 * What only the editor at /admin/ does, on the site served by Cloudflare's local runtime and the GitHub stand-in: the
 * sign-in and its token, its own policy and sandboxed preview, an upload held in the browser, drafts per tab and per
 * account, publishing through GitHub's API until the host says the change is live, and the same on a phone. What both
 * editors do alike is e2e/both-editors/, run here and at npm run edit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EDITOR_PATH,
  SIGN_IN_PATH,
  SIGNED_IN_PATH,
  TOKEN_STORAGE_KEY,
} from '../../src/editor/github/token-exchange.ts';
import { draftBranchOf } from '../../src/editor/model/drafts-branch.ts';
import { MEDIA_POLICY } from '../../src/build/security-headers.ts';
import { SITE_VERSION_FILE, writeSiteVersion } from '../../src/build/site-version.ts';
import { deliverySite } from '../../src/testing/delivery-sites.ts';
import { git, isolatedGitEnvironment, type SharedSite } from '../../src/testing/git-sites.ts';
import {
  AUTHOR,
  createGitHubSite,
  REPOSITORY,
  startStandInFor,
  teammatePublishes,
} from '../../src/testing/github-site.ts';
import type { GitHubStandIn } from '../../src/testing/github-stand-in.ts';
import { fileList, openFile, preview, saveButton, status, HOME, PNG } from '../editor/editor-page.ts';
import { GITHUB_STAND_IN, siteUrl } from '../ports.ts';
import { expect, expectNoAxeViolations, test, type Locator, type Page } from '../fixtures.ts';

/**
 * The editor built into the site at /admin/, served by Cloudflare's local runtime with the site's own Pages Function
 * for signing in (functions/api/editor/), given the two secrets as the host would be. GitHub is the stand-in, on its
 * port, keeping the spec site in a real bare repository made for each test; a teammate publishes with plain git.
 */
test.describe('the editor at /admin/ on GitHub, under Cloudflare Pages', () => {
  // One stand-in on one port: these tests take turns.
  test.describe.configure({ mode: 'serial' });
  // A refused sign-in answers 400. GitHub's API and authorize page are the stand-in's; the preview makes its files
  // blob: addresses of its own, a frame with no origin.
  test.use({ expectedProblem: /status of 400/, otherOrigins: [siteUrl(GITHUB_STAND_IN.port), 'blob:null'] });

  let github: GitHubStandIn;
  let site: SharedSite;
  let root: string;
  test.beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'github-site-'));
    Object.assign(process.env, isolatedGitEnvironment(root));
    site = createGitHubSite(root);
    github = await startStandInFor(site, GITHUB_STAND_IN);
  });
  // The page goes first: what it still asks of GitHub is cancelled, not refused by a stand-in gone.
  test.afterEach(async ({ page }) => {
    await page.close();
    await github.close();
    rmSync(root, { recursive: true, force: true });
  });

  const onBranch = (branch: string, path: string) =>
    JSON.parse(git(site.remote, 'show', `${branch}:${path}`)) as { sections: { heading: string }[] };

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
    // The editor opens signed in.
    await expect(page.getByText(`Signed in as ${AUTHOR.login}`)).toBeVisible();
    await expect(status(page)).toHaveText('Choose a file to edit.');
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

  test('the editor runs under its own strict policy, and its preview reaches neither its token nor its page', async ({
    page,
    request,
  }) => {
    const policyOf = async (path: string) => {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      const policies = answer
        .headersArray()
        .filter((header) => header.name.toLowerCase() === 'content-security-policy');
      // The editor's policy replaces the site's: one policy, not the site's beside it.
      expect(policies, path).toHaveLength(1);
      return { policy: policies[0]!.value, frameOptions: answer.headers()['x-frame-options'] };
    };
    const editorPage = await policyOf(EDITOR_PATH);
    expect(editorPage.policy).toContain("script-src 'self';");
    expect(editorPage.policy).toContain(`connect-src 'self' ${siteUrl(GITHUB_STAND_IN.port)};`);
    expect(editorPage.policy).toContain("frame-ancestors 'none'");
    expect(editorPage.policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    const workerFile = readdirSync(join(deliverySite('json').dist, 'admin/checker'))[0]!;
    expect((await policyOf(`${EDITOR_PATH}checker/${workerFile}`)).policy).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-eval'",
    );
    // A picture opened on its own is sandboxed with no origin: nothing in one could reach the editor's sign-in.
    expect((await policyOf('/media/hero-poster.jpg')).policy).toBe(MEDIA_POLICY);
    const previewPage = await policyOf(`${EDITOR_PATH}preview/`);
    expect(previewPage.policy).toContain("frame-ancestors 'self'");
    expect(previewPage.frameOptions).toBe('SAMEORIGIN');

    await page.goto(EDITOR_PATH);
    await page.getByLabel('Token', { exact: true }).fill(github.tokenFor(AUTHOR));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await fileList(page).getByRole('button', { name: 'Home', exact: true }).click();
    // A text that looks like markup stays text, in the form and in the preview.
    const markup = '<img src=x onerror="window.pwned=1">Stories';
    await page.locator('#root_sections_0_heading').fill(markup);
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(markup);
    const frame = page.frames().find((candidate) => candidate.url().includes(`${EDITOR_PATH}preview/`))!;
    const reach = await frame.evaluate(() => {
      const attempt = (what: () => unknown) => {
        try {
          return String(what());
        } catch (error) {
          return (error as Error).name;
        }
      };
      return {
        origin: self.origin,
        storage: attempt(() => sessionStorage.getItem('editor-github-token')),
        parentStorage: attempt(() => window.parent.sessionStorage.getItem('editor-github-token')),
        parentPage: attempt(() => window.parent.document.title),
        pwned: String((window as unknown as { pwned?: number }).pwned),
      };
    });
    expect(reach).toEqual({
      origin: 'null',
      storage: 'SecurityError',
      parentStorage: 'SecurityError',
      parentPage: 'SecurityError',
      pwned: 'undefined',
    });
    expect(await page.evaluate(() => String((window as unknown as { pwned?: number }).pwned))).toBe('undefined');
    // Nothing wider than a small phone's screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('keeps an author signed in on this device only when asked, and Sign out forgets it in every tab', async ({
    page,
    context,
  }) => {
    const signedIn = (tab: Page) => expect(tab.getByText(`Signed in as ${AUTHOR.login}`)).toBeVisible();
    const tokenBox = (tab: Page) => tab.getByLabel('Token', { exact: true });
    // Not asked: another tab asks again.
    await page.goto(EDITOR_PATH);
    await expect(page.getByLabel('Keep me signed in on this device')).not.toBeChecked();
    await tokenBox(page).fill(github.tokenFor(AUTHOR));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signedIn(page);
    const second = await context.newPage();
    await second.goto(EDITOR_PATH);
    await expect(tokenBox(second)).toBeVisible();
    // Asked: another tab opens signed in, and Sign out there signs this tab out too.
    await tokenBox(second).fill(github.tokenFor(AUTHOR));
    await second.getByLabel('Keep me signed in on this device').check();
    await second.getByRole('button', { name: 'Sign in' }).click();
    await signedIn(second);
    const third = await context.newPage();
    await third.goto(EDITOR_PATH);
    await signedIn(third);
    await third.getByRole('button', { name: 'Sign out' }).click();
    await expect(tokenBox(third)).toBeVisible();
    await expect(tokenBox(second)).toBeVisible();
    expect(await page.evaluate(() => ({ ...localStorage }))).not.toHaveProperty('editor-github-token-kept');
    await second.close();
    await third.close();
  });

  test.describe('with a sign-in GitHub no longer takes', () => {
    // GitHub answers the withdrawn token 401.
    test.use({ expectedProblem: /status of (400|401)/ });

    test('leads back to signing in, saying why, with the token forgotten', async ({ page }) => {
      const token = github.tokenFor(AUTHOR);
      await page.goto(EDITOR_PATH);
      await page.getByLabel('Token', { exact: true }).fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(`Signed in as ${AUTHOR.login}`)).toBeVisible();
      github.revoke(token);
      await page.reload();
      await expect(page.getByRole('alert')).toHaveText(
        'GitHub no longer accepts your sign-in (it expired or was withdrawn). Sign in again: your changes are kept.',
      );
      await expect(page.getByLabel('Token', { exact: true })).toBeVisible();
      expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
    });
  });

  test('an upload not yet saved survives a reload, and goes into the repository with the save that uses it', async ({
    page,
  }) => {
    const drafts = draftBranchOf(AUTHOR.login);
    await page.goto(EDITOR_PATH);
    await page.getByLabel('Token', { exact: true }).fill(github.tokenFor(AUTHOR));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openFile(page, 'Site', 'Loom Media');
    const field = page.locator('#root_shareImage');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    await page
      .getByRole('dialog', { name: /Choose a picture for “Share image”/ })
      .getByLabel(/upload one from your computer/)
      .setInputFiles({ name: 'Team Photo (1).PNG', mimeType: 'image/png', buffer: PNG });
    await expect(field).toHaveValue('/media/team-photo-1.png');
    const shown = () =>
      page
        .locator('.media-thumb[src^="data:image/png"]')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth);
    await expect.poll(shown).toBeGreaterThan(0);

    await page.reload();
    await expect(status(page)).toHaveText(/^Restored your unsaved changes to config\/site\.json/);
    await openFile(page, 'Site', 'Loom Media');
    await expect(field).toHaveValue('/media/team-photo-1.png');
    await expect.poll(shown).toBeGreaterThan(0);
    await saveButton(page).click();
    await expect(status(page)).toHaveText('Saved config/site.json.');
    expect(git(site.remote, 'show', '--stat', '--format=', drafts)).toContain('public/media/team-photo-1.png');
  });

  /** Signs in on the editor's page with a token pasted, as the author does, and waits for the file list. */
  async function signIn(page: Page, token: string) {
    await page.goto(EDITOR_PATH);
    await page.getByLabel('Token', { exact: true }).fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/^Signed in as /)).toBeVisible();
  }

  test.describe('nothing the author types is lost', () => {
    // GitHub refuses on purpose here (403: the rate limit spent), and a request is dropped on the way.
    test.use({ expectedProblem: /status of (400|401|403)|ERR_EMPTY_RESPONSE|ERR_CONNECTION/ });

    test('opening while GitHub refuses forgets no draft, and a save GitHub never answers says so and keeps it', async ({
      page,
    }) => {
      const drafts = draftBranchOf(AUTHOR.login);
      await signIn(page, github.tokenFor(AUTHOR));
      await openFile(page, 'Pages', 'Home');
      const heading = page.locator('#root_sections_0_heading');
      await heading.fill('Typed, not yet saved');
      await expect(saveButton(page)).toHaveText('Save (1 file)');

      // GitHub's rate limit is spent: the editor cannot open the site, says so, and forgets nothing.
      github.rateLimited = true;
      page.on('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await expect(status(page)).toHaveText(
        /^Could not open the site: GitHub asks the editor to wait: try again at .*\. Any unsaved changes are kept in this browser: they open again once the site does\.$/,
      );
      github.rateLimited = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(status(page)).toHaveText(`Restored your unsaved changes to ${HOME}.`);
      await expect(page.getByText(`Signed in as ${AUTHOR.login}`)).toBeVisible();
      await openFile(page, 'Pages', 'Home');
      await expect(heading).toHaveValue('Typed, not yet saved');

      // The save's request is lost on the way, again and again (a browser sends a dropped request again by itself,
      // on each connection it kept open): the editor says so in words, and the text stays.
      for (let tries = 0; tries < 6; tries++) github.faults.push({ kind: 'drop', body: 'createCommitOnBranch' });
      await saveButton(page).click();
      await expect(status(page)).toHaveText(
        /^Not saved: GitHub could not be reached\. .* Save again to try once more\. Should the save go through after all, the editor will say so\.$/,
      );
      await expect(heading).toHaveValue('Typed, not yet saved');
      github.faults.length = 0;
      await saveButton(page).click();
      await expect(status(page)).toHaveText(`Saved ${HOME}.`);
      expect(onBranch(drafts, HOME).sections[0]!.heading).toBe('Typed, not yet saved');
    });

    test('drafts are kept per tab and per account: a closed tab’s text is offered, never another person’s', async ({
      page,
      context,
    }) => {
      await signIn(page, github.tokenFor(AUTHOR));
      await openFile(page, 'Pages', 'Home');
      await page.locator('#root_sections_0_heading').fill('From the first tab');
      const second = await context.newPage();
      await signIn(second, github.tokenFor(AUTHOR));
      await expect(status(second)).toHaveText('Choose a file to edit.');
      await openFile(second, 'Pages', 'Home');
      const heading = second.locator('#root_sections_0_heading');
      await expect(heading).not.toHaveValue('From the first tab');
      await heading.fill('From the second tab');

      // The first tab closes; the second, loaded again, has its own text, and the first's set aside beside it.
      second.on('dialog', (dialog) => void dialog.accept());
      await page.close({ runBeforeUnload: false });
      await second.reload();
      await expect(status(second)).toHaveText(
        `Restored your unsaved changes to ${HOME}. 1 unsaved text waits for your choice, below.`,
      );
      const aside = second.getByRole('region', { name: `Unsaved text for ${HOME}` });
      await expect(aside).toContainText('from a tab you closed, beside this tab');
      await openFile(second, 'Pages', 'Home');
      await expect(heading).toHaveValue('From the second tab');
      await aside.getByRole('button', { name: "Use it instead of this tab's" }).click();
      await expect(heading).toHaveValue('From the first tab');
      await aside.getByRole('button', { name: 'Show the text' }).click();
      await expect(aside.getByRole('textbox')).toHaveValue(/From the second tab/);

      // Signed out, and in as another person on the same browser: none of the first person's text.
      await second.getByRole('button', { name: 'Sign out' }).click();
      const kofi = { login: 'kofi', name: 'Kofi Boateng', email: 'kofi@example.org', canWrite: true };
      await second.getByLabel('Token', { exact: true }).fill(github.tokenFor(kofi));
      await second.getByRole('button', { name: 'Sign in' }).click();
      await expect(second.getByText('Signed in as kofi')).toBeVisible();
      await expect(status(second)).toHaveText('Choose a file to edit.');
      await expect(second.getByRole('region', { name: /^Unsaved text for / })).toHaveCount(0);
      await openFile(second, 'Pages', 'Home');
      await expect(heading).toHaveValue(onBranch('main', HOME).sections[0]!.heading);
    });
  });

  /**
   * An author's session without a terminal: signs in with a pasted token, changes the home page's heading, saves,
   * reloads, publishes, meets a teammate's change to the same heading and keeps theirs in words, sees History and
   * undoes the publish. `tap` is how they press: a click, or a finger on a phone.
   */
  async function authorSession(page: Page, phone: boolean) {
    const press = (locator: ReturnType<Page['locator']>) => (phone ? locator.tap() : locator.click());
    const show = (part: 'Files' | 'Edit' | 'Preview') =>
      phone
        ? press(page.getByRole('group', { name: 'Show' }).getByRole('button', { name: part, exact: true }))
        : undefined;
    const nothingSideways = async () => {
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    };
    // Undo asks before it publishes; the author says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    const drafts = draftBranchOf(AUTHOR.login);
    const before = onBranch('main', HOME).sections[0]!.heading;

    await page.goto(EDITOR_PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site editor');
    await expectNoAxeViolations(page);
    await nothingSideways();
    await page.getByLabel('Token', { exact: true }).fill(github.tokenFor(AUTHOR));
    await press(page.getByRole('button', { name: 'Sign in' }));
    await expect(page.getByText(`Signed in as ${AUTHOR.login}`)).toBeVisible();
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await nothingSideways();

    // Edit and save: the change goes to the author's own drafts, not to the live site.
    await press(fileList(page).getByRole('button', { name: 'Home', exact: true }));
    const heading = page.locator('#root_sections_0_heading');
    await heading.fill('Stories That Move Accra');
    await show('Preview');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Stories That Move Accra');
    await show('Edit');
    await expectNoAxeViolations(page);
    await press(saveButton(page));
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(onBranch(drafts, HOME).sections[0]!.heading).toBe('Stories That Move Accra');
    expect(onBranch('main', HOME).sections[0]!.heading).toBe(before);

    // Saved is safe: a reload (or another device) opens the saved version.
    await page.reload();
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await show('Files');
    await press(fileList(page).getByRole('button', { name: 'Home', exact: true }));
    await expect(heading).toHaveValue('Stories That Move Accra');

    // A teammate publishes another heading meanwhile; publishing asks, in words, which to keep.
    teammatePublishes(site, HOME, (home) => (home.sections[0].heading = 'Made Together'));
    await press(page.getByRole('button', { name: 'Publish', exact: true }));
    const panel = page.getByRole('dialog', { name: 'Publish' });
    await panel.getByLabel('What you changed, for your colleagues').fill('A headline for the new season');
    await press(panel.getByRole('button', { name: 'Publish to the live site' }));
    await expect(panel.getByText('A teammate changed the same field')).toBeVisible({ timeout: 20_000 });
    // Said as it happened: who changed it, from what, to what, and what the author wrote.
    await expect(
      panel.getByText(
        /^Kofi Boateng changed it from “.+” to “Made Together”; you changed it to “Stories That Move Accra”\.$/,
      ),
    ).toBeVisible();
    await expect(panel.getByRole('radio', { name: /Take Kofi Boateng's:.*Made Together/ })).toBeVisible();
    await press(panel.getByRole('radio', { name: /Keep yours:.*Stories That Move Accra/ }));
    await press(panel.getByRole('button', { name: 'Bring their changes in with these choices' }));
    await press(panel.getByRole('button', { name: 'Publish to the live site' }));
    await expect(panel.getByText('Your changes are on their way: the site updates in about 2 minutes.')).toBeVisible({
      timeout: 20_000,
    });
    expect(onBranch('main', HOME).sections[0]!.heading).toBe('Stories That Move Accra');
    expect(git(site.remote, 'log', '--format=%an|%s', 'main').split('\n').slice(0, 2)).toEqual([
      `${AUTHOR.name}|A headline for the new season`,
      `Kofi Boateng|${HOME} changed`,
    ]);
    await press(panel.getByRole('button', { name: 'Close' }));

    // History says who changed what; Undo takes the publish back with a new commit.
    await press(page.getByRole('button', { name: 'History', exact: true }));
    const history = page.getByRole('dialog', { name: 'History of the live site' });
    await expect(history.getByText('Kofi Boateng,')).toBeVisible({ timeout: 20_000 });
    await press(history.getByRole('button', { name: 'Undo this change: A headline for the new season' }));
    await expect(history.getByText('Your changes are on their way: the site updates in about 2 minutes.')).toBeVisible({
      timeout: 20_000,
    });
    expect(onBranch('main', HOME).sections[0]!.heading).toBe('Made Together');
    expect(git(site.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(
      `${AUTHOR.name}|Undo: A headline for the new season`,
    );
    await expect(history.getByText('Undo: A headline for the new season')).toBeVisible();
    // The editor shows the site as it now is.
    await press(history.getByRole('button', { name: 'Close' }));
    await show('Edit');
    await expect(heading).toHaveValue('Made Together');
    await nothingSideways();
  }

  test('an author signs in, edits, saves, reloads, publishes through a teammate’s change and undoes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await authorSession(page, false);
  });

  test.describe('after Publish, until the change is live', () => {
    const served = join(deliverySite('json').dist, SITE_VERSION_FILE);
    let before: string;
    test.beforeEach(() => (before = readFileSync(served, 'utf8')));
    // The site Cloudflare's runtime serves goes back to the build it was, and the next test starts once the runtime,
    // which follows its folder, serves it so.
    test.afterEach(async ({ request }) => {
      writeFileSync(served, before);
      await expect
        .poll(async () => (await request.get(`/${SITE_VERSION_FILE}`)).text(), { timeout: 20_000 })
        .toBe(before);
    });

    /**
     * Signs in with a pasted token. The page's clock is the test's, so the watch can look again at once rather than at
     * its next turn.
     */
    async function signIn(page: Page) {
      await page.clock.install();
      await page.goto(EDITOR_PATH);
      await page.getByLabel('Token', { exact: true }).fill(github.tokenFor(AUTHOR));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(status(page)).toHaveText('Choose a file to edit.');
    }

    /** Changes the home page's heading, saves and publishes it: the panel. */
    async function publishHeading(page: Page, heading: string) {
      await openFile(page, 'Pages', 'Home');
      await page.locator('#root_sections_0_heading').fill(heading);
      await saveButton(page).click();
      await expect(status(page)).toHaveText(`Saved ${HOME}.`);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Publish' });
      await panel.getByRole('button', { name: 'Publish to the live site' }).click();
      await expect(panel.getByText('Your changes are on their way')).toBeVisible({ timeout: 20_000 });
      expect(onBranch('main', HOME).sections[0]!.heading).toBe(heading);
      return panel;
    }

    /** Moves the page's clock to the watch's next look (every 5 s in its first minute), until `watch` says `text`. */
    async function nextLooksUntil(page: Page, watch: Locator, text: string | RegExp) {
      await expect(async () => {
        await page.clock.fastForward(5_000);
        await expect(watch).toHaveText(text, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    }

    test('says in words that the host’s build failed, and the live site did not change, with the build’s log; published again, says it is building, then "Live now" once the host serves a build of the new commit', async ({
      page,
    }) => {
      // Two publishes, each watched until the host has answered.
      test.setTimeout(90_000);
      await signIn(page);

      const failing = await publishHeading(page, 'Broken On Purpose');
      const commit = git(site.remote, 'rev-parse', 'main');
      const log = 'https://app.netlify.com/sites/loom/deploys/64f0';
      // Netlify posts its build's status on the commit, as it does on GitHub.
      const postStatus = (body: object) =>
        fetch(`${github.url}/repos/${REPOSITORY.owner}/${REPOSITORY.name}/statuses/${commit}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${github.tokenFor(AUTHOR)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ context: 'netlify/loom/deploy', target_url: log, ...body }),
        });
      await postStatus({ state: 'pending', description: 'Netlify deploy started' });
      const failed = failing.getByRole('status').filter({ hasText: /Building|failed/ });
      await nextLooksUntil(page, failed, 'Building on Netlify…');
      await postStatus({ state: 'failure', description: 'Build script returned non-zero exit code: 2' });
      await nextLooksUntil(
        page,
        failed,
        "The site's build failed: Build script returned non-zero exit code: 2 (Netlify). The live site did not change. See the build’s log",
      );
      await expect(failed.getByRole('link', { name: 'See the build’s log' })).toHaveAttribute('href', log);
      await failing.getByRole('button', { name: 'Close' }).click();

      // The author fixes it and publishes again: the watch follows the new commit, which no host has reported on.
      const panel = await publishHeading(page, 'Live Before Lunch');
      const watch = panel.getByRole('status').filter({ hasText: /Building|Live now/ });
      await expect(watch).toHaveText('Building the site…');
      // The host builds the commit just published and serves it (the build's own writer of /site-version.json).
      writeSiteVersion(deliverySite('json').dist, git(site.remote, 'rev-parse', 'main'));
      await nextLooksUntil(page, watch, /^Live now \(after (\d+ s|1 min( \d+ s)?)\)\. Open the live site$/);
      await expect(watch.getByRole('link', { name: 'Open the live site' })).toHaveAttribute('href', /\/$/);
      // The editor bar says it too, once the panel is closed.
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Live now' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('the same session by touch at 390 × 844, with nothing wider than the screen', async ({ page }) => {
      test.setTimeout(90_000);
      await authorSession(page, true);
    });
  });
});
