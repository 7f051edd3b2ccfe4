// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import config from 'virtual:site-shell';
import { afterEach, describe, expect, it } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { siteSystem } from '../theme/system';
import { showToast } from './notifications';
import { Toaster, toaster } from './Toaster';

const notification = (index: number) => ({ type: 'error' as const, title: `Title ${index}`, description: `Description ${index}` });

describe('notifications', () => {
  afterEach(() => {
    cleanup();
    toaster.remove();
  });

  it(`shows at most toasts.maxVisible (${config.site.toasts.maxVisible}) at once`, async () => {
    render(
      <ChakraProvider value={siteSystem()}>
        <Toaster />
      </ChakraProvider>,
    );
    const total = config.site.toasts.maxVisible + 2;
    await act(async () => {
      for (let index = 0; index < total; index++) showToast(notification(index));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findAllByText(/^Title \d$/)).toHaveLength(config.site.toasts.maxVisible);
  });

  it('shows a notification the same as one on screen only once', async () => {
    render(
      <ChakraProvider value={siteSystem()}>
        <Toaster />
      </ChakraProvider>,
    );
    await act(async () => {
      for (let index = 0; index < 5; index++) showToast({ type: 'success', title: 'Same', description: 'Same text' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findAllByText('Same')).toHaveLength(1);
  });
});
