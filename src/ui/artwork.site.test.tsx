// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/App.tsx';
import { ServiceMark } from './artwork.tsx';

afterEach(cleanup);

/** The drawing's path of a service's tile, or the picture it shows instead. */
function tileOf(service: Parameters<typeof ServiceMark>[0]['service']) {
  const { container } = render(
    <AppProviders>
      <ServiceMark service={service} />
    </AppProviders>,
  );
  return { path: container.querySelector('path')?.getAttribute('d'), picture: container.querySelector('img') };
}

describe("a service's tile", () => {
  it('shows the drawing the author chose, else the one of its kind, else the spark', () => {
    const camera = tileOf({ id: 'production' }).path;
    expect(tileOf({ id: 'video', artwork: 'camera' }).path).toBe(camera);
    expect(tileOf({ id: 'production', artwork: 'calendar' }).path).not.toBe(camera);
    const spark = tileOf({ id: 'event-coverage' }).path;
    expect(spark).toBe(tileOf({ id: 'podcasts', artwork: 'spark' }).path);
    expect(
      new Set([
        camera,
        spark,
        tileOf({ id: 'strategy' }).path,
        tileOf({ id: 'influencer' }).path,
        tileOf({ id: 'media' }).path,
      ]).size,
    ).toBe(5);
  });

  it('shows an uploaded picture in place of the drawing, sized so nothing moves, and silent to screen readers', () => {
    const { path, picture } = tileOf({ id: 'event-coverage', artwork: 'calendar', picture: '/media/events.png' });
    expect(path).toBeUndefined();
    expect(picture).toMatchObject({ alt: '' });
    expect(picture!.getAttribute('src')).toBe('/media/events.png');
    expect([picture!.getAttribute('width'), picture!.getAttribute('height')]).toEqual(['52', '52']);
  });
});
