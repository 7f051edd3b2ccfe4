import { expect, expectNoAxeViolations, test, visit, watchMoment, type Page } from '../fixtures.ts';
import { emptyFieldMessage, formsOnPages, site, validAnswer } from './live-site.ts';
import { fieldOrderOf } from '../../src/content/form-fields.ts';
import { folderForm } from '../../src/content/site-folder.ts';

const { timing, toasts: toastSettings } = site.site;
const toasts = (page: Page) => page.locator('[data-toast-type]');
/**
 * How soon after a click a test holds the page's time at the earliest: it hears of the click first, and a hold at a
 * moment the page has passed is refused. Holding later costs nothing: the page's time jumps there.
 */
const HELD_NO_SOONER_MS = 1000;
/** The page's time given to draw what follows a moment it waited for (its effects run on its timers too). */
const SETTLE_MS = 100;

/** A field of the form by its label, whatever kind of input it is. */
const field = (page: Page, label: string) => {
  const main = page.getByRole('main');
  return main
    .getByRole('textbox', { name: label, exact: true })
    .or(main.getByRole('combobox', { name: label, exact: true }));
};

for (const { path, name, form } of formsOnPages()) {
  const fields = fieldOrderOf(form.uiSchema);
  const required = fields.filter((field) => form.schema.required?.includes(field));
  const properties = form.schema.properties;
  const submit = (page: Page) => page.getByRole('main').getByRole('button', { name: form.submit.label, exact: true });
  const placeholderOf = (field: string) =>
    (form.uiSchema[field] as { 'ui:placeholder'?: string } | undefined)?.['ui:placeholder'];
  const answers = Object.fromEntries(
    fields.map((field) => [field, validAnswer(field, properties[field]!, placeholderOf(field))]),
  );
  const unanswerable = required.filter((field) => answers[field] === undefined);

  /** Fills every field that a made-up answer can fill, with an answer that keeps its rules. */
  const fillValidAnswers = async (page: Page) => {
    for (const key of fields) {
      const answer = answers[key];
      if (answer === undefined) continue;
      const input = field(page, properties[key]!.title);
      if (properties[key]!.oneOf) await input.selectOption(answer);
      else await input.fill(answer);
    }
  };

  test.describe(`the form config/forms/${name}.json on ${path}`, () => {
    test('shows every field with its label, in order', async ({ page }) => {
      await visit(page, path);
      for (const key of fields) await expect(field(page, properties[key]!.title)).toBeVisible();
      await expect(submit(page)).toBeEnabled();
    });

    test('an empty submit gives each required field its message and focuses the first', async ({ page }) => {
      test.skip(required.length === 0, 'the form has no required field');
      await visit(page, path);
      await submit(page).click();
      for (const key of required) {
        const input = field(page, properties[key]!.title);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator(`[id="${await input.getAttribute('id')}__error"]`)).toHaveText(
          emptyFieldMessage(form, key),
        );
      }
      await expect(field(page, properties[required[0]!]!.title)).toBeFocused();
      if (form.behaviour.whenIncomplete === 'show-toast')
        await expect(toasts(page).first()).toContainText(form.toasts.incomplete!.title);
    });

    test('the form in its error state passes axe', async ({ page }) => {
      await visit(page, path);
      await submit(page).click();
      if (required.length > 0) await expect(field(page, properties[required[0]!]!.title)).toBeFocused();
      // With the toast the form owes, if any (it comes once the form has attached).
      if (form.behaviour.whenIncomplete === 'show-toast') await expect(toasts(page)).toHaveCount(1);
      await expectNoAxeViolations(page);
    });

    test('valid answers are sent: the success notification, then what config says comes next', async ({ page }) => {
      test.skip(unanswerable.length > 0, `no answer can be made up for ${unanswerable.join(', ')} (a pattern)`);
      const { simulateSending, successView, redirectTo, clearOnSuccess } = form.behaviour;
      const sendingMs = simulateSending ? timing.simulatedSubmitMs : 0;
      await page.clock.install();
      await visit(page, path);
      await fillValidAnswers(page);
      // The page's time is held from just after the click (before sending is done, when it lasts that long) and moved
      // on by the test, so sending and the move to the next page take the page's own time, not the test's.
      const sent = await watchMoment(page, 'click');
      await submit(page).click();
      const heldAt = Math.max(sendingMs - SETTLE_MS, HELD_NO_SOONER_MS);
      await sent.holdAt(heldAt);
      if (heldAt < sendingMs) {
        await expect(
          page.getByRole('main').getByRole('button', { name: form.submit.busyLabel, exact: true }),
        ).toBeDisabled();
        await page.clock.runFor(sendingMs - heldAt);
      }
      await page.clock.runFor(SETTLE_MS);
      await expect(toasts(page)).toContainText(form.toasts.success.title);
      await expect(toasts(page)).toContainText(form.toasts.success.description);
      if (successView) {
        await expect(
          page.getByRole('main').getByRole('heading', { name: successView.heading, exact: true }),
        ).toBeVisible();
        await expect(
          page.getByRole('main').getByRole('link', { name: successView.action.label, exact: true }),
        ).toHaveAttribute('href', folderForm(successView.action.href));
      } else if (clearOnSuccess) {
        for (const key of fields) await expect(field(page, properties[key]!.title)).toHaveValue('');
      }
      if (redirectTo?.startsWith('/')) {
        await page.clock.runFor(timing.applicationRedirectMs);
        await expect(page).toHaveURL((url) => url.pathname === folderForm(redirectTo));
      }
    });
  });
}

test.describe('notifications as config/site.json times them', () => {
  const withToast = formsOnPages().find(
    ({ form }) => form.behaviour.whenIncomplete === 'show-toast' && form.schema.required?.length,
  );
  test.skip(!withToast, 'no form shows a notification for missing answers');
  const submit = (page: Page) =>
    page.getByRole('main').getByRole('button', { name: withToast!.form.submit.label, exact: true });

  test(`each stays for timing.toastDurationMs (${timing.toastDurationMs} ms)`, async ({ page }) => {
    await page.clock.install();
    await visit(page, withToast!.path);
    const shown = await watchMoment(page, '[data-toast-type]');
    await submit(page).click();
    // The page's time held just before the notification's time is up, then moved past it.
    await shown.holdAt(timing.toastDurationMs - 200);
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(1_200);
    await expect(toasts(page)).toHaveCount(0);
  });

  test('the same notification again refreshes the one on screen instead of queueing another', async ({ page }) => {
    await page.clock.install();
    await visit(page, withToast!.path);
    for (let i = 0; i < toastSettings.maxVisible + 2; i++) await submit(page).click();
    await expect(toasts(page).first()).toBeVisible();
    // Any second notification would be on screen half a second of the page's time later.
    await page.clock.runFor(500);
    await expect(toasts(page)).toHaveCount(1);
  });
});
