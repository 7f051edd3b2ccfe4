import { DELIVERY_TIMEOUT_MS, receiverPath } from '../../src/testing/delivery-sites.ts';
import {
  field,
  fillValidApplication,
  fillValidInquiry,
  toasts,
  VALID_APPLICATION,
  VALID_INQUIRY,
} from '../spec/answers.ts';
import type { Answer } from './receiver.ts';
import type { Page } from '../fixtures.ts';
import { expect, test, visit } from './delivery-test.ts';

const CONTENT_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' };
const sendMessage = (page: Page) => page.getByRole('button', { name: 'Send Message' });
const submitApplication = (page: Page) => page.getByRole('button', { name: 'Submit Application' });

// The browser reports each failure a test provokes: a 500 answer, a dropped connection.
const PROVOKED_FAILURE = /status of 500|ERR_EMPTY_RESPONSE|ERR_CONNECTION_(CLOSED|RESET)/;

/**
 * The two delivery sites differ only in how the answers are encoded: the request's body and content type
 * (src/content/delivery-methods.ts), which the "sends exactly the typed answers" tests check on each, and the CORS
 * preflight before a JSON post, which the receiver answers alike whatever it then does with the post. What a page
 * does when delivery fails, with a double click or a filled trap field, and the security policy cannot differ between
 * them, so those tests run on the JSON site only.
 */
const onTheJsonSiteOnly = () =>
  test.skip(({ encoding }) => encoding !== 'json', 'the encoding changes only the request body and content type');

const FAILURES: { answer: Answer; what: string }[] = [
  { answer: 'error', what: 'a 500 answer' },
  { answer: 'drop', what: 'a network error' },
  { answer: 'hang', what: `no answer within ${DELIVERY_TIMEOUT_MS} ms` },
];

test.describe('contact form, delivering for real', () => {
  test('sends exactly the typed answers, shows "Sending..." until the receiver answers, then "Message Sent"', async ({
    page,
    receiver,
    encoding,
    baseURL,
  }) => {
    await visit(page, '/contact');
    await fillValidInquiry(page);
    const answer = receiver.holdAnswers();
    await sendMessage(page).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer();
    await expect(toasts(page)).toContainText('Message Sent');
    await expect(toasts(page)).toContainText("We'll get back to you within 24 hours.");
    expect(receiver.received).toEqual([
      {
        path: receiverPath('contact-inquiry'),
        host: expect.stringMatching(/^127\.0\.0\.1:/),
        origin: baseURL,
        contentType: CONTENT_TYPES[encoding],
        fields: VALID_INQUIRY,
      },
    ]);
    await expect(field(page, 'Name')).toHaveValue('');
  });

  test.describe('when delivery fails', () => {
    onTheJsonSiteOnly();
    test.use({ expectedProblem: PROVOKED_FAILURE });
    for (const { answer, what } of FAILURES) {
      test(`after ${what}, says "Submission Failed", keeps every answer, and sending again delivers`, async ({
        page,
        receiver,
      }) => {
        await visit(page, '/contact');
        await fillValidInquiry(page);
        receiver.answerWith(answer);
        await sendMessage(page).click();
        await expect(toasts(page)).toContainText('Submission Failed');
        await expect(toasts(page)).toContainText('Something went wrong. Please try again.');
        await expect(toasts(page)).toHaveAttribute('data-toast-type', 'error');
        for (const [label, key] of [
          ['Name', 'name'],
          ['Email', 'email'],
          ['Company', 'company'],
          ['Service of Interest', 'service'],
          ['Message', 'message'],
        ] as const) {
          await expect(field(page, label)).toHaveValue(VALID_INQUIRY[key]);
        }
        await expect(sendMessage(page)).toBeEnabled();
        // The browser may have tried more than once; each attempt carried the same answers.
        const attempts = receiver.received.length;
        expect(receiver.received.map((delivery) => delivery.fields)).toEqual(Array(attempts).fill(VALID_INQUIRY));

        receiver.answerWith('ok');
        await sendMessage(page).click();
        await expect(toasts(page).filter({ hasText: 'Message Sent' })).toBeVisible();
        expect(receiver.received.slice(attempts).map((delivery) => delivery.fields)).toEqual([VALID_INQUIRY]);
      });
    }
  });

  test.describe('a double click and the trap field', () => {
    onTheJsonSiteOnly();

    test('a double click delivers once', async ({ page, receiver }) => {
      await visit(page, '/contact');
      await fillValidInquiry(page);
      const answer = receiver.holdAnswers();
      await sendMessage(page).dblclick();
      await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      answer();
      await expect(toasts(page)).toContainText('Message Sent');
      expect(receiver.received.map((delivery) => delivery.fields)).toEqual([VALID_INQUIRY]);
    });

    test('a filled trap field looks sent to the spam software, and nothing reaches the receiver', async ({
      page,
      receiver,
    }) => {
      await visit(page, '/contact');
      await fillValidInquiry(page);
      await page
        .locator('input[name="website"]')
        .evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
      await sendMessage(page).click();
      await expect(toasts(page)).toContainText('Message Sent');
      // Anything sent would have arrived by now: the receiver answers at once.
      await page.waitForTimeout(500);
      expect(receiver.received).toEqual([]);
    });
  });
});

test.describe('creator application, delivering for real', () => {
  test('sends exactly the typed answers, shows "Submitting..." until the receiver answers, then the success view', async ({
    page,
    receiver,
    encoding,
  }) => {
    await visit(page, '/influencers/apply');
    await fillValidApplication(page);
    const answer = receiver.holdAnswers();
    await submitApplication(page).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer();
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    await expect(toasts(page)).toContainText('Application Submitted!');
    expect(receiver.received).toEqual([
      expect.objectContaining({
        path: receiverPath('creator-application'),
        contentType: CONTENT_TYPES[encoding],
        fields: VALID_APPLICATION,
      }),
    ]);
  });

  test.describe('when delivery fails', () => {
    onTheJsonSiteOnly();
    test.use({ expectedProblem: PROVOKED_FAILURE });
    test('after a 500 answer, keeps every answer, also through a reload, and sending again delivers', async ({
      page,
      receiver,
    }) => {
      await visit(page, '/influencers/apply');
      await fillValidApplication(page);
      receiver.answerWith('error');
      await submitApplication(page).click();
      await expect(toasts(page)).toContainText('Submission Failed');
      await expect(page.getByRole('heading', { name: 'Application Received!' })).toHaveCount(0);
      await page.reload();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect(field(page, 'Full Name')).toHaveValue(VALID_APPLICATION.fullName);
      await expect(field(page, 'Content Niche')).toHaveValue(VALID_APPLICATION.niche);
      await expect(field(page, 'Why do you want to join our network?')).toHaveValue(VALID_APPLICATION.whyJoin);

      receiver.answerWith('ok');
      await submitApplication(page).click();
      await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
      expect(receiver.received.map((delivery) => delivery.fields)).toEqual([VALID_APPLICATION, VALID_APPLICATION]);
    });
  });
});

test.describe('security policy', () => {
  onTheJsonSiteOnly();
  // The one request the test makes to an origin the policy does not name, which the browser blocks and reports.
  test.use({
    expectedProblem:
      /CSP violation: connect-src http:\/\/localhost|request outside the site: http:\/\/localhost|ERR_BLOCKED_BY_CSP|Content Security Policy/,
  });
  test('lets pages connect to the configured receiver and to no other origin', async ({
    page,
    request,
    receiver,
    receiverOrigin,
  }) => {
    const csp = (await request.get('/contact')).headers()['content-security-policy']!;
    expect(csp.split('; ').filter((directive) => directive.startsWith('connect-src'))).toEqual([
      `connect-src 'self' ${receiverOrigin}`,
    ]);
    // Scripts from the site only; the one inline script a page may run is its Speculation Rules, which are data.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);

    await visit(page, '/contact');
    const post = (url: string) =>
      page.evaluate(
        (target) =>
          fetch(target, {
            method: 'POST',
            body: 'probe=1',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          }).then(
            (response) => response.status,
            (error: Error) => error.name,
          ),
        url,
      );
    expect(await post(`${receiverOrigin}/inbox/probe`)).toBe(200);
    // The same receiver under another name is another origin, which the policy does not name.
    const otherOrigin = receiverOrigin.replace('127.0.0.1', 'localhost');
    expect(await post(`${otherOrigin}/inbox/probe`)).toBe('TypeError');
    // Blocked by both the header's policy and the page's own copy of it (for hosts without headers): each reports it.
    await expect
      .poll(() => page.evaluate(() => [...new Set(window.cspViolations)]))
      .toEqual([`connect-src ${otherOrigin}/inbox/probe`]);
    expect(receiver.received.map((delivery) => delivery.host)).toEqual([receiverOrigin.replace('http://', '')]);
  });
});
