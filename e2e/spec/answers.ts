import { APPLICATION_LABELS, INQUIRY_LABELS, VALID_APPLICATION, VALID_INQUIRY } from '../../src/testing/spec-answers';
import type { Page } from '../fixtures';

export { VALID_APPLICATION, VALID_INQUIRY };

/** A field of the page's form by its accessible name (the label without its "*" mark, which screen readers do not read). */
export const field = (page: Page, name: string) => {
  const main = page.getByRole('main');
  return main.getByRole('textbox', { name, exact: true }).or(main.getByRole('combobox', { name, exact: true }));
};

/** The notifications on screen. */
export const toasts = (page: Page) => page.locator('[data-toast-type]');

/** Types each answer into the field with its label, or picks it in a drop-down list. */
async function fill(page: Page, labels: Record<string, string>, answers: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(answers)) {
    const input = field(page, labels[name]!);
    if ((await input.evaluate((element) => element.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
}

export const fillValidApplication = (page: Page) => fill(page, APPLICATION_LABELS, VALID_APPLICATION);
export const fillValidInquiry = (page: Page) => fill(page, INQUIRY_LABELS, VALID_INQUIRY);
