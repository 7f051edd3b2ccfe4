// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import config from 'virtual:site-shell';
import { afterEach, describe, expect, it } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { siteSystem } from '../theme/system.ts';
import { notifications, showToast, Toaster } from './Toaster.tsx';

const notification = (index: number) => ({
  type: 'error' as const,
  title: `Title ${index}`,
  description: `Description ${index}`,
});

const renderToaster = () =>
  render(
    <ChakraProvider value={siteSystem()}>
      <Toaster />
    </ChakraProvider>,
  );

describe('notifications', () => {
  afterEach(() => {
    cleanup();
    act(() => notifications.clear());
  });

  it(`shows at most toasts.maxVisible (${config.site.toasts.maxVisible}) at once`, () => {
    renderToaster();
    act(() => {
      for (let index = 0; index < config.site.toasts.maxVisible + 2; index++) showToast(notification(index));
    });
    expect(screen.getAllByRole('status')).toHaveLength(config.site.toasts.maxVisible);
  });

  it('shows a notification the same as one on screen only once', () => {
    renderToaster();
    act(() => {
      for (let index = 0; index < 5; index++) showToast({ type: 'success', title: 'Same', description: 'Same text' });
    });
    expect(screen.getAllByText('Same')).toHaveLength(1);
  });

  it('names each toast by its title and describes it by its text, in a region named by toasts.regionLabel', () => {
    renderToaster();
    act(() => showToast(notification(1)));
    const region = screen.getByRole('region', { name: config.site.toasts.regionLabel });
    expect(within(region).getByRole('status', { name: 'Title 1', description: 'Description 1' })).toBeTruthy();
  });

  it('closes a toast with its button, named by toasts.closeLabel', async () => {
    renderToaster();
    act(() => showToast(notification(1)));
    act(() => screen.getByRole('button', { name: config.site.toasts.closeLabel }).click());
    expect(screen.getByRole('status', { name: 'Title 1' }).dataset.state).toBe('closed');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
