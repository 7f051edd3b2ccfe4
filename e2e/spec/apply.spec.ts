import { expect, expectNoAxeViolations, test, visit, watchMoment, type Page } from '../fixtures.ts';
import { field, fillValidApplication, toasts } from './answers.ts';

const submit = (page: Page) => page.getByRole('button', { name: 'Submit Application' });
const errorOf = async (page: Page, name: string) => {
  const id = await field(page, name).getAttribute('id');
  return page.locator(`[id="${id}__error"]`);
};

test.describe('creator application', () => {
  test('has a heading, the three sections and a submit button, and nothing marked before the first submit', async ({
    page,
  }) => {
    await visit(page, '/influencers/apply');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Our Influencer Network');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Personal Information',
      'Social Media Presence',
      'Content Details',
    ]);
    await expect(page.getByRole('group', { name: 'Personal Information' }).getByRole('textbox')).toHaveCount(3);
    await expect(submit(page)).toBeEnabled();
    await field(page, 'Full Name').fill('A');
    await field(page, 'Email Address').fill('nope');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  });

  test('an empty submit shows every field its own message and focuses the first', async ({ page }) => {
    await visit(page, '/influencers/apply');
    await submit(page).click();
    const expected: [string, string][] = [
      ['Full Name', 'Name must be at least 2 characters'],
      ['Email Address', 'Invalid email address'],
      ['Phone Number', 'Phone number must be at least 10 digits'],
      ['Primary Platform', 'Required'],
      ['Total Followers', 'Please provide your follower count'],
      ['Content Niche', 'Please select your niche'],
      ['Bio', 'Bio must be at least 50 characters'],
      ['Rate Range per Post', 'Please provide your rate range'],
      ['Why do you want to join our network?', 'Please tell us why you want to join (at least 50 characters)'],
    ];
    for (const [name, message] of expected) {
      await expect(await errorOf(page, name)).toHaveText(message);
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, name)).toHaveAttribute(
        'aria-describedby',
        new RegExp(`${await field(page, name).getAttribute('id')}__error`),
      );
    }
    await expect(field(page, 'Full Name')).toBeFocused();
    for (const optional of ['Instagram', 'Portfolio or Media Kit'])
      await expect(field(page, optional)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/must NOT|must match/)).toHaveCount(0);
  });

  test('the form in its error state passes axe', async ({ page }) => {
    await visit(page, '/influencers/apply');
    await submit(page).click();
    await expect(field(page, 'Full Name')).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('after the first submit, fields re-validate as the visitor types, at the spec bounds', async ({ page }) => {
    await visit(page, '/influencers/apply');
    await submit(page).click();
    const checks: [string, string, string | null][] = [
      ['Full Name', 'A', 'Name must be at least 2 characters'],
      ['Full Name', 'Al', null],
      ['Full Name', 'a'.repeat(100), null],
      ['Phone Number', '024123456', 'Phone number must be at least 10 digits'],
      ['Phone Number', '0241234567', null],
      ['Phone Number', '0'.repeat(20), null],
      ['Bio', 'b'.repeat(49), 'Bio must be at least 50 characters'],
      ['Bio', 'b'.repeat(50), null],
      ['Bio', 'b'.repeat(501), 'Bio must be less than 500 characters'],
      ['Bio', 'b'.repeat(500), null],
      [
        'Why do you want to join our network?',
        'w'.repeat(49),
        'Please tell us why you want to join (at least 50 characters)',
      ],
      ['Why do you want to join our network?', 'w'.repeat(50), null],
      ['Email Address', 'ama@example', 'Invalid email address'],
      ['Email Address', 'ama@example.com', null],
      ['Portfolio or Media Kit', 'amamensah.com', 'Please provide a valid URL'],
      ['Portfolio or Media Kit', 'https://amamensah.com/kit', null],
      ['Portfolio or Media Kit', '', null],
    ];
    for (const [name, value, message] of checks) {
      await field(page, name).fill(value);
      const error = await errorOf(page, name);
      if (message) await expect(error, `${name} = ${value.length} characters`).toHaveText(message);
      else await expect(error, `${name} = ${value.length} characters`).toHaveCount(0);
    }
  });

  test('sending disables the button with "Submitting..." for 1.5 s, then thanks the creator, toasts and moves on after 3 s', async ({
    page,
  }) => {
    await page.clock.install();
    await visit(page, '/influencers/apply');
    await fillValidApplication(page);
    const logged = page.waitForEvent('console', (message) => message.type() === 'log');
    // The page's time is held from the moment of sending, and moved on by the test, so the waits are the page's own.
    const sent = await watchMoment(page, 'click');
    await submit(page).click();
    await sent.holdAt(1200);
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const data = await (await logged).args()[0]!.jsonValue();
    expect(data).toMatchObject({
      fullName: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '+233241234567',
      instagram: '@ama.moves',
      primaryPlatform: 'tiktok',
      followers: '50K',
      niche: 'fitness',
      rateRange: '$200 - $500',
    });
    await page.clock.runFor(200);
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await page.clock.runFor(200);
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('get back to you within 5 business days');
    await expect(toasts(page)).toContainText('Application Submitted!');
    await expect(toasts(page)).toContainText(
      "We'll review your application and get back to you within 5 business days.",
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Directory' })).toHaveAttribute(
      'href',
      '/influencers/',
    );

    // Still here just before its 3 s are up; gone once they are.
    await page.clock.runFor(2800);
    await expect(page).toHaveURL(/\/influencers\/apply\/$/);
    await page.clock.runFor(400);
    await expect(page).toHaveURL(/\/influencers\/$/);
  });

  test('keeps what was typed through a reload, and forgets it once sent', async ({ page }) => {
    await page.clock.install();
    await visit(page, '/influencers/apply');
    await field(page, 'Full Name').fill('Ama Mensah');
    await field(page, 'Content Niche').selectOption('food');
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(field(page, 'Full Name')).toHaveValue('Ama Mensah');
    await expect(field(page, 'Content Niche')).toHaveValue('food');
    await fillValidApplication(page);
    // Its 1.5 s of sending on the page's clock: held after the click, then moved past them.
    const sent = await watchMoment(page, 'click');
    await submit(page).click();
    await sent.holdAt(1200);
    await page.clock.runFor(400);
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('form-draft:creator-application'))).toBeNull();
  });

  test('leaving before the redirect cancels it', async ({ page }) => {
    await page.clock.install();
    await visit(page, '/influencers/apply');
    await fillValidApplication(page);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about\/$/);
    // Past the moment the thanks would have moved on: still where the visitor went.
    await page.clock.runFor(3500);
    await expect(page).toHaveURL(/\/about\/$/);
  });
});
