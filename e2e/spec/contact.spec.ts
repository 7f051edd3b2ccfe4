import { expect, expectNoAxeViolations, sectionWithHeading, test, visit, watchMoment, type Page } from '../fixtures.ts';

const toasts = (page: Page) => page.locator('[data-toast-type]');
const submit = (page: Page) => page.getByRole('button', { name: 'Send Message' });

test.describe('contact page', () => {
  test('shows the email as a mailto: link, the phone as a tel: link, and the office address', async ({ page }) => {
    await visit(page, '/contact');
    await expect(page.getByRole('link', { name: 'hello@loommedia.com.gh' })).toHaveAttribute(
      'href',
      'mailto:hello@loommedia.com.gh',
    );
    await expect(page.getByRole('link', { name: '+233 30 290 4417' })).toHaveAttribute('href', 'tel:+233302904417');
    await expect(page.locator('address')).toHaveText(/14 Independence Avenue, Ridge\s*Accra, Ghana/);
  });

  test('links the Instagram, X and LinkedIn profiles', async ({ page }) => {
    await visit(page, '/contact');
    const social = sectionWithHeading(page, 'Follow Us').getByRole('list').last();
    await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/loommedia',
    );
    await expect(social.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/loommedia');
    await expect(social.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      'https://linkedin.com/company/loommedia',
    );
  });

  test('answers the four frequently asked questions when opened', async ({ page }) => {
    await visit(page, '/contact');
    const faqs = sectionWithHeading(page, 'Frequently Asked Questions');
    const questions = faqs.locator('summary');
    await expect(questions).toHaveText([
      'What is your typical turnaround time?',
      'Do you work with small businesses?',
      'How do you choose influencers for a campaign?',
      'Can I hire you for just one service?',
    ]);
    await expect(faqs.getByText(/1-2 weeks/)).toBeHidden();
    await questions.first().click();
    await expect(faqs.getByText(/1-2 weeks for simple content|Simple content takes 1-2 weeks/)).toBeVisible();
    await expect(faqs.getByText(/4-8 weeks/)).toBeVisible();
    await questions.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(faqs.getByText(/small businesses are welcome/)).toBeVisible();
    await questions.nth(2).click();
    await expect(faqs.getByText(/qualitative vetting/)).toBeVisible();
    await questions.nth(3).click();
    await expect(faqs.getByText(/modular/)).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('marks name, email and message required, with an email input and a six-row message box', async ({ page }) => {
    await visit(page, '/contact');
    for (const name of ['Name', 'Email', 'Message'])
      await expect(page.getByRole('textbox', { name, exact: true })).toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: 'Company' })).not.toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '6');
    const service = page.getByRole('combobox', { name: 'Service of Interest' });
    await expect(service.locator('option')).toHaveText([
      'Select a service',
      'Video Production',
      'Brand Strategy',
      'Influencer Marketing',
      'Media Buying',
      'Not Sure / Multiple',
    ]);
    await service.focus();
    await page.keyboard.press('ArrowDown');
    await expect(service).toHaveValue('production');
  });

  test('a submit with a required field empty shows "Missing Information" and keeps what was typed', async ({
    page,
  }) => {
    await visit(page, '/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Kojo Asare');
    await page.getByRole('textbox', { name: 'Message' }).fill('We want a campaign.');
    await submit(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Missing Information');
    await expect(toasts(page)).toContainText('Please fill in all required fields.');
    await expect(toasts(page)).toHaveAttribute('data-toast-type', 'error');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Kojo Asare');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('We want a campaign.');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  });

  test('the form in its error state passes axe', async ({ page }) => {
    await visit(page, '/contact');
    await submit(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('a valid message logs the answers, shows "Message Sent" and clears every field, with no network request', async ({
    page,
  }) => {
    await visit(page, '/contact');
    const logged = page.waitForEvent('console', (message) => message.type() === 'log');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.getByRole('textbox', { name: 'Name' }).fill('Kojo Asare');
    await page.getByRole('textbox', { name: 'Email' }).fill('kojo@brand.com');
    await page.getByRole('textbox', { name: 'Company' }).fill('Brand Ltd');
    await page.getByRole('combobox', { name: 'Service of Interest' }).selectOption('Influencer Marketing');
    await page.getByRole('textbox', { name: 'Message' }).fill('We want a campaign.');
    await submit(page).click();
    await expect(toasts(page)).toContainText('Message Sent');
    await expect(toasts(page)).toContainText("We'll get back to you within 24 hours.");
    await expect(toasts(page)).toHaveAttribute('data-toast-type', 'success');
    const message = await logged;
    expect(await message.args()[0]!.jsonValue()).toEqual({
      name: 'Kojo Asare',
      email: 'kojo@brand.com',
      company: 'Brand Ltd',
      service: 'influencer',
      message: 'We want a campaign.',
    });
    for (const name of ['Name', 'Email', 'Company', 'Message'])
      await expect(page.getByRole('textbox', { name, exact: true })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Service of Interest' })).toHaveValue('');
    expect(requests.filter((url) => !url.includes('/assets/'))).toEqual([]);
  });

  test('software that fills the hidden trap field is told "sent", and nothing is sent; people never reach the field', async ({
    page,
  }) => {
    await visit(page, '/contact');
    const logs: string[] = [];
    page.on('console', (message) => message.type() === 'log' && logs.push(message.text()));
    await page.getByRole('textbox', { name: 'Name' }).fill('Spam Bot');
    await page.getByRole('textbox', { name: 'Email' }).fill('bot@spam.example');
    await page.getByRole('textbox', { name: 'Message' }).fill('Buy followers now.');
    // Keyboard users go from the last field straight to the button: the trap is never focused.
    await page.getByRole('textbox', { name: 'Message' }).press('Tab');
    await expect(submit(page)).toBeFocused();
    await page
      .locator('input[name="website"]')
      .evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
    await submit(page).click();
    await expect(toasts(page)).toContainText('Message Sent');
    expect(logs).toEqual([]);
  });

  test('a bad email address is named under the field', async ({ page }) => {
    await visit(page, '/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Kojo');
    await page.getByRole('textbox', { name: 'Email' }).fill('kojo@');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await submit(page).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
  });
});

test.describe('toasts', () => {
  test('the same toast again refreshes the one on screen instead of queueing another', async ({ page }) => {
    await page.clock.install();
    await visit(page, '/contact');
    for (let i = 0; i < 5; i++) await submit(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(3000);
    // Its four seconds start again from the last click, and it is still the only one.
    const refreshed = await watchMoment(page, 'click');
    await submit(page).click();
    await refreshed.holdAt(3800);
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(1200);
    await expect(toasts(page)).toHaveCount(0);
  });

  test('stay for four seconds', async ({ page }) => {
    await page.clock.install();
    await visit(page, '/contact');
    const shown = await watchMoment(page, '[data-toast-type]');
    await submit(page).click();
    await shown.holdAt(3800);
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(1200);
    await expect(toasts(page)).toHaveCount(0);
  });
});
