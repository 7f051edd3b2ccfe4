// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewEntryDialog } from './NewEntryDialog.tsx';
import type { NewEntryRequest } from '../protocol/files.ts';

afterEach(cleanup);

describe('a new page', () => {
  it('created before the list of blocks has arrived starts with the block the dialog shows first', async () => {
    const onCreate = vi.fn(async (_request: NewEntryRequest) => undefined);
    const { rerender } = render(<NewEntryDialog what="page" kinds={[]} onCreate={onCreate} />);
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '/press' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Press | {name}' } });
    fireEvent.submit(screen.getByLabelText('Address').closest('form')!);
    await vi.waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]![0]).toEqual({
      what: 'page',
      route: '/press',
      title: 'Press | {name}',
      sectionType: 'page-hero',
    });
    // Once the list is there, the block chosen is the one sent.
    rerender(
      <NewEntryDialog
        what="page"
        kinds={[
          { type: 'page-hero', name: 'Page opening', description: 'The opening block.' },
          { type: 'faq-list', name: 'Frequently asked questions', description: 'The questions.' },
        ]}
        onCreate={onCreate}
      />,
    );
    fireEvent.change(screen.getByLabelText('First block'), { target: { value: 'faq-list' } });
    fireEvent.submit(screen.getByLabelText('Address').closest('form')!);
    await vi.waitFor(() => expect(onCreate).toHaveBeenCalledTimes(2));
    expect(onCreate.mock.calls[1]![0]).toMatchObject({ sectionType: 'faq-list' });
  });
});
