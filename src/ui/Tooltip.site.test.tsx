// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import config from 'virtual:site-shell';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App.tsx';
import { Tooltip } from './Tooltip.tsx';

const delay = config.site.timing.tooltipOpenDelayMs;

const renderTooltip = () => {
  render(
    <AppProviders>
      <Tooltip label="Verified creator">
        <a href="#profile" aria-label="Verified creator">
          ✓
        </a>
      </Tooltip>
    </AppProviders>,
  );
  return screen.getByRole('link').parentElement!;
};

describe('tooltips', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it(`open after the pointer rests on their element for timing.tooltipOpenDelayMs (${delay} ms), and close when it leaves`, () => {
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(delay - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Verified creator');
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('close on Escape, and never open for a touch', () => {
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(delay));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    fireEvent.pointerEnter(trigger, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(delay * 2));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
