// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublishStatus, SentChanges } from '../protocol/publishing.ts';
import { OutcomeView } from './publish-dialogs.tsx';

afterEach(cleanup);

const STATUS = { branch: 'main', updateMinutes: 2 } as PublishStatus;
const WENT = { commit: 'c'.repeat(40), message: 'Undo: FAQs' };
const REVIEW = 'https://github.com/loom/site/pull/7';

/** What the Publish panel or History shows once a change went out. */
function shown(outcome: SentChanges): string {
  render(<OutcomeView outcome={outcome} status={STATUS} onChoose={() => undefined} />);
  return screen.getByRole('status').textContent ?? '';
}

describe('a change that went out, as the Publish panel and History show it', () => {
  it('says a published change is on its way, with what an undo kept, and no review to ask for', () => {
    const kept = 'Its changes to one other file (README.md) stay as they are.';
    expect(shown({ status: 'published', branch: 'main', ...WENT, kept })).toBe(
      `Your changes are on their way: the site updates in about 2 minutes.${kept}`,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('sends the author to the review of a change sent for review, or names its branch where there is no review page', () => {
    expect(shown({ status: 'sent-for-review', branch: 'site-editor/x', link: REVIEW, ...WENT })).toBe(
      `Ask a colleague to review your changes at the link below. The site updates once they accept them.Ask a colleague to review: ${REVIEW}`,
    );
    expect(screen.getByRole('link', { name: REVIEW }).getAttribute('href')).toBe(REVIEW);
    cleanup();
    expect(shown({ status: 'sent-for-review', branch: 'site-editor/x', ...WENT, afterAll: 'found' })).toBe(
      'Published: it reached the site although the answer was lost on the way. Your changes are on the branch "site-editor/x". Ask a colleague to review and accept them; the site updates then.',
    );
  });
});
