// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/routes.tsx';
import type { Page, VideoHeroSection } from '../../generated/config-types.ts';
import { renderSite } from '../../testing/render-site.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const hero: VideoHeroSection = {
  type: 'video-hero',
  heading: 'Video test heading',
  text: 'Video test text.',
  actions: [{ label: 'Video test action', href: '/' }],
  video: {
    webm: '/media/hero.webm',
    mp4: '/media/hero.mp4',
    poster: '/media/hero-poster.jpg',
    pauseLabel: 'Video test pause',
    playLabel: 'Video test play',
  },
};
const page: Page = { route: '/__video-test-page__', title: 'Video test', description: 'Video test.', sections: [hero] };

describe('the background video', () => {
  it('plays silently once shown, pauses on "Pause" even before playback has started, and plays on "Play"', async () => {
    // Playback has not started yet: the video still reads as paused.
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const { container } = await renderSite(page.route, createRoutes({ pages: [page] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Video test pause' }));
    expect([pause.mock.calls.length, play.mock.calls.length]).toEqual([1, 1]);
    const video = container.querySelector('video')!;
    expect({ muted: video.muted, autoplay: video.autoplay, loop: video.loop, playsInline: video.playsInline }).toEqual({
      muted: true,
      autoplay: true,
      loop: true,
      playsInline: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Video test play' }));
    expect([pause.mock.calls.length, play.mock.calls.length]).toEqual([1, 2]);
    expect(screen.getByRole('button', { name: 'Video test pause' })).toBeTruthy();
  });

  it('keeps the poster, downloads no video and shows no button for visitors who asked for less motion', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => Object.assign(matchMedia(query), { matches: query.includes('reduce') });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    try {
      const { container } = await renderSite(page.route, createRoutes({ pages: [page] }));
      await screen.findByRole('heading', { name: 'Video test heading' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(play).not.toHaveBeenCalled();
      expect(container.querySelector('video')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Video test pause' })).toBeNull();
      expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/hero-poster.jpg');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('plays an MP4 alone when no WebM copy is given', async () => {
    const mp4Only: Page = {
      ...page,
      route: '/__video-mp4-only__',
      sections: [{ ...hero, video: { ...hero.video, webm: undefined } }],
    };
    const { container } = await renderSite(mp4Only.route, createRoutes({ pages: [mp4Only] }));
    await screen.findByRole('button', { name: 'Video test pause' });
    expect(
      [...container.querySelectorAll('video source')].map((source) => [
        source.getAttribute('type'),
        source.getAttribute('src'),
      ]),
    ).toEqual([['video/mp4', '/media/hero.mp4']]);
  });
});
