import {
  APPLICATION_LABELS,
  INQUIRY_LABELS,
  VALID_APPLICATION,
  VALID_INQUIRY,
} from '../../src/testing/spec-answers.ts';
import type { FrameLocator, Page } from '../fixtures.ts';

/** Where a form is: a page, or the editor's preview of one. */
type FormScope = Page | FrameLocator;

export { VALID_APPLICATION, VALID_INQUIRY };

/**
 * A field of the page's form by its accessible name (the label without its "*" mark, which screen readers do not read).
 */
export const field = (page: FormScope, name: string) => {
  const main = page.getByRole('main');
  return main.getByRole('textbox', { name, exact: true }).or(main.getByRole('combobox', { name, exact: true }));
};

/** The notifications on screen. */
export const toasts = (page: FormScope) => page.locator('[data-toast-type]');

/** Types each answer into the field with its label, or picks it in a drop-down list. */
async function fill(page: FormScope, labels: Record<string, string>, answers: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(answers)) {
    const input = field(page, labels[name]!);
    if ((await input.evaluate((element) => element.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
}

export const fillValidApplication = (page: FormScope) => fill(page, APPLICATION_LABELS, VALID_APPLICATION);
export const fillValidInquiry = (page: FormScope) => fill(page, INQUIRY_LABELS, VALID_INQUIRY);
