import { VALID_APPLICATION, VALID_INQUIRY } from '../../src/testing/spec-answers.ts';
import { expect, expectAddress, expectTexts, test, type FirefoxPage } from './firefox.ts';

/**
 * The spec's behaviours in Firefox ESR, on the spec site: a small suite beside the Chromium one, for what differs
 * between engines (popovers, view transitions, forms, history).
 */

const cardNames = 'main article h3';
const toast = '[data-toast-type]';

/** Presses a button by its words (buttons of the page's main part, unless `within` says otherwise). */
async function press(firefox: FirefoxPage, words: string, within = 'main'): Promise<void> {
  await firefox.page.locator(`${within} button::-p-text(${words})`).click();
}

/** Types into a field of a form, replacing what it held. */
async function type(firefox: FirefoxPage, selector: string, value: string): Promise<void> {
  await firefox.page.locator(selector).fill(value);
}

/** Waits for a notification whose text holds `words`. */
async function expectToast(firefox: FirefoxPage, words: string): Promise<void> {
  await firefox.page.waitForFunction(
    (css, text) => [...document.querySelectorAll(css)].some((element) => element.textContent?.includes(text)),
    {},
    toast,
    words,
  );
}

test('every page renders its main heading without a console error', async ({ firefox }) => {
  for (const [path, heading] of [
    ['/', 'Weaving Stories Into Impact'],
    ['/work/', "Stories We've Brought to Life"],
    ['/services/', 'Everything Your Story Needs'],
    ['/influencers/', 'Find the Right Voices for Your Brand'],
    ['/influencers/1/', 'Amara Okafor'],
    ['/influencers/apply/', 'Join Our Influencer Network'],
    ['/about/', 'We Are Loom Media'],
    ['/contact/', "Let's Connect"],
  ]) {
    await firefox.visit(path!);
    await expectTexts(firefox.page, 'h1', [heading!]);
  }
});

test('the directory searches and filters, keeps them in the address, and links each card to its profile', async ({
  firefox,
}) => {
  await firefox.visit('/influencers/');
  await expectTexts(firefox.page, '[role="status"]', ['6 influencers found']);
  // Typed at once, with no pause before the first key: the island attaches as the typing goes on.
  await firefox.page.locator('input[type="search"]').fill('ama');
  await expectTexts(firefox.page, cardNames, ['Amara Okafor', 'Ama Serwaa']);
  await expectTexts(firefox.page, '[role="status"]', ['2 influencers found']);
  await press(firefox, 'YouTube');
  await expectTexts(firefox.page, cardNames, ['Ama Serwaa']);
  await expectAddress(firefox, '/influencers/?q=ama&platform=youtube');
  await firefox.page.locator('main article a::-p-text(Ama Serwaa)').click();
  await expectAddress(firefox, '/influencers/5/');
  // Back as the browser's button does; the page may come back from the back-forward cache, with no new load to wait
  // for.
  await firefox.page.evaluate(() => history.back());
  await expectAddress(firefox, '/influencers/?q=ama&platform=youtube');
  await expectTexts(firefox.page, cardNames, ['Ama Serwaa']);
});

test('the Work filter shows the projects of one category, and All Projects all of them', async ({ firefox }) => {
  await firefox.visit('/work/');
  await press(firefox, 'Strategy');
  await expectTexts(firefox.page, 'main article h3', ['Brand Reboot', 'Market Entry Playbook']);
  await expectAddress(firefox, '/work/?filter=strategy');
  await press(firefox, 'All Projects');
  await expectTexts(firefox.page, 'main article h3', [
    'Rhythm of Accra',
    'Glow Naturally',
    'Brand Reboot',
    'Taste of Home',
    'Campus Ambassadors',
    'Market Entry Playbook',
  ]);
});

test.describe('the contact form', () => {
  test('an empty send shows "Missing Information" and marks the first field; a valid one "Message Sent", which goes after 4 s', async ({
    firefox,
  }) => {
    await firefox.visit('/contact/');
    await type(firefox, '#root_name', 'Kojo Asare');
    await press(firefox, 'Send Message');
    await expectToast(firefox, 'Missing Information');
    expect(await firefox.page.$eval(toast, (element) => element.getAttribute('data-toast-type'))).toBe('error');
    expect(await firefox.page.$eval('#root_email', (input) => input.getAttribute('aria-invalid'))).toBe('true');
    expect(await firefox.page.$eval('#root_name', (input) => (input as HTMLInputElement).value)).toBe('Kojo Asare');

    await type(firefox, '#root_email', VALID_INQUIRY.email);
    await type(firefox, '#root_message', VALID_INQUIRY.message);
    await firefox.page.select('#root_service', VALID_INQUIRY.service);
    await press(firefox, 'Send Message');
    await expectToast(firefox, 'Message Sent');
    const shown = Date.now();
    expect(await firefox.page.$eval('#root_name', (input) => (input as HTMLInputElement).value)).toBe('');
    // The notification goes after its 4 seconds, with the error one before it.
    await firefox.page.waitForFunction(
      (css) => document.querySelectorAll(css).length === 0,
      { timeout: 10_000 },
      toast,
    );
    expect(Date.now() - shown).toBeGreaterThan(2_500);
  });
});

test.describe('the creator application', () => {
  test('an empty send names each required field; valid answers thank the creator and move to the directory after 3 s', async ({
    firefox,
  }) => {
    test.setTimeout(60_000);
    await firefox.visit('/influencers/apply/');
    await press(firefox, 'Submit Application');
    await firefox.page.waitForFunction(() => document.activeElement?.id === 'root_fullName');
    expect(await firefox.page.$eval('main', (main) => main.textContent)).toContain(
      'Name must be at least 2 characters',
    );

    for (const [name, value] of Object.entries(VALID_APPLICATION)) {
      const selector = `#root_${name}`;
      if (await firefox.page.$eval(selector, (element) => element.tagName === 'SELECT'))
        await firefox.page.select(selector, value);
      else await type(firefox, selector, value);
    }
    await press(firefox, 'Submit Application');
    await firefox.page.waitForFunction(() =>
      document.querySelector('main')?.textContent?.includes('Application Received!'),
    );
    await expectToast(firefox, 'Application Submitted!');
    await expectAddress(firefox, '/influencers/');
    await expectTexts(firefox.page, 'h1', ['Find the Right Voices for Your Brand']);
  });
});

test('on a phone, the menu button opens the links, Escape closes it, and a link followed closes it', async ({
  firefox,
}) => {
  await firefox.page.setViewport({ width: 375, height: 812 });
  await firefox.visit('/');
  const toggle = 'header button[popovertarget="site-menu"]';
  expect(await firefox.page.$eval(toggle, (button) => button.getAttribute('aria-expanded'))).toBe('false');
  await firefox.page.locator(toggle).click();
  await firefox.page.waitForFunction(
    (css) => document.querySelector(css)?.getAttribute('aria-expanded') === 'true',
    {},
    toggle,
  );
  expect(await firefox.page.$eval('#site-menu', (menu) => menu.matches(':popover-open'))).toBe(true);
  await firefox.page.keyboard.press('Escape');
  await firefox.page.waitForFunction(
    (css) => document.querySelector(css)?.getAttribute('aria-expanded') === 'false',
    {},
    toggle,
  );
  await firefox.page.locator(toggle).click();
  await firefox.page.locator('#site-menu a::-p-text(About)').click();
  await expectAddress(firefox, '/about/');
  expect(await firefox.page.$eval(toggle, (button) => button.getAttribute('aria-expanded'))).toBe('false');
});

test.describe('the not-found page', () => {
  test.use({ expectedConsoleError: /404 Error: User attempted to access non-existent route/ });

  test('shows Page Not Found, and Go Back returns to the page the visitor came from', async ({ firefox }) => {
    await firefox.visit('/about/');
    await firefox.page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/a-broken-link';
      link.textContent = 'broken';
      document.querySelector('main')!.append(link);
    });
    await firefox.page.locator('main a::-p-text(broken)').click();
    await firefox.page.waitForSelector('html[data-hydrated]');
    await expectTexts(firefox.page, 'h1', ['Page Not Found']);
    await press(firefox, 'Go Back');
    await expectAddress(firefox, '/about/');
    await expectTexts(firefox.page, 'h1', ['We Are Loom Media']);
  });
});

test.describe('before the islands’ code has arrived', () => {
  /**
   * Opens `path` with the islands' own code (the files the page lists for its script to fetch when needed) held back
   * until the function returned is called: the page script and the first answers arrive as usual.
   */
  async function openWithIslandsHeld(firefox: FirefoxPage, path: string): Promise<() => void> {
    const address = new URL(path, test.info().project.use.baseURL).href;
    const html = await (await fetch(address)).text();
    const held = (/<meta name="island-files" content="([^"]*)">/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
    expect(held).not.toEqual([]);
    let arrive = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await firefox.page.setRequestInterception(true);
    firefox.page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      const wait = held.includes(new URL(request.url()).pathname) ? arrived : Promise.resolve();
      void wait.then(() => request.continue());
    });
    await firefox.page.goto(address);
    return arrive;
  }

  const attached = (firefox: FirefoxPage) => firefox.page.waitForSelector('[data-island][data-attached]');
  const notAttached = async (firefox: FirefoxPage) =>
    expect(await firefox.page.$$eval('[data-island][data-attached]', (islands) => islands.length)).toBe(0);

  test('Send is answered on the page, then the form attaches with the same page and focus', async ({ firefox }) => {
    const codeArrives = await openWithIslandsHeld(firefox, '/influencers/apply/');
    await type(firefox, '#root_fullName', 'Kojo Asare');
    await press(firefox, 'Submit Application');
    await firefox.page.waitForFunction(() => document.activeElement?.id === 'root_email');
    await notAttached(firefox);
    expect(await firefox.page.$eval('#root_email__error', (element) => element.textContent)).toBe(
      'Invalid email address',
    );
    expect(await firefox.page.$eval('#root_fullName', (input) => input.getAttribute('aria-invalid'))).toBeNull();
    // Checked again as the visitor types, after that first Send.
    await type(firefox, '#root_email', 'kojo@example.com');
    await firefox.page.waitForFunction(() => !document.querySelector('#root_email__error'));
    const before = await firefox.page.$eval('form.rjsf', (form) => form.outerHTML);
    codeArrives();
    await attached(firefox);
    expect(await firefox.page.$eval('form.rjsf', (form) => form.outerHTML)).toBe(before);
    expect(await firefox.page.evaluate(() => document.activeElement?.id)).toBe('root_email');
    // The form carries on: a name too short is marked again as it is typed.
    await type(firefox, '#root_fullName', 'K');
    await firefox.page.waitForFunction(
      () => document.querySelector('#root_fullName__error')?.textContent === 'Name must be at least 2 characters',
    );
  });

  test('the search filters the cards on the page and keeps the count, and the island shows the same', async ({
    firefox,
  }) => {
    const codeArrives = await openWithIslandsHeld(firefox, '/influencers/');
    const shown = () =>
      firefox.page.evaluate(() => ({
        cards: [...document.querySelectorAll('main article h3')]
          .filter((name) => name.getClientRects().length > 0)
          .map((name) => name.textContent),
        count: document.querySelector('[role="status"]')?.textContent,
        address: `${location.pathname}${location.search}`,
      }));
    await type(firefox, 'input[type="search"]', 'ama');
    await firefox.page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent?.startsWith('2'));
    await notAttached(firefox);
    const early = await shown();
    expect(early).toEqual({
      cards: ['Amara Okafor', 'Ama Serwaa'],
      count: '2 influencers found',
      address: '/influencers/?q=ama',
    });
    codeArrives();
    await attached(firefox);
    expect(await shown()).toEqual(early);
  });
});
