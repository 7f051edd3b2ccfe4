import type { SectionBehaviour } from '../section-types.ts';

/** What the component writes on the video's place: its poster and its sources, best first. */
interface VideoPlace {
  readonly poster: string;
  readonly sources: readonly { readonly src: string; readonly type: string }[];
}

/** A silent looping video that starts on its own. */
function videoOf({ poster, sources }: VideoPlace): HTMLVideoElement {
  const video = document.createElement('video');
  // Muted as a property: browsers start a video on their own only when it is silent (the attribute alone is not read).
  Object.assign(video, { autoplay: true, muted: true, loop: true, playsInline: true, preload: 'metadata', poster });
  for (const { src, type } of sources) video.append(Object.assign(document.createElement('source'), { src, type }));
  return video;
}

/**
 * Adds the background video, silent and looping, unless the visitor asked their device for less motion (then the
 * poster stays and nothing is downloaded), and lets its button pause and play it. The button's own state decides, not
 * the video's: before playback has started the video reads as paused, and "Pause" must still pause it.
 */
export const behaviour: SectionBehaviour = (section) => {
  const place = section.querySelector<HTMLElement>('[data-video]');
  const button = section.querySelector<HTMLButtonElement>('button[data-pause-label]');
  if (!place || !button) return () => undefined;
  const lessMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let video: HTMLVideoElement | undefined;
  let paused = false;

  const show = () => {
    const moving = !lessMotion.matches;
    if (moving && !video) place.append((video = videoOf(JSON.parse(place.dataset.video ?? '{}') as VideoPlace)));
    if (!moving && video) {
      video.remove();
      video = undefined;
    }
    button.hidden = !moving;
    button.toggleAttribute('data-paused', paused);
    button.setAttribute('aria-label', (paused ? button.dataset.playLabel : button.dataset.pauseLabel) ?? '');
    if (video && paused) video.pause();
    else if (video) video.play()?.catch(() => undefined);
  };
  const toggle = () => {
    paused = !paused;
    show();
  };

  button.addEventListener('click', toggle);
  lessMotion.addEventListener('change', show);
  show();
  return () => {
    button.removeEventListener('click', toggle);
    lessMotion.removeEventListener('change', show);
    video?.remove();
  };
};
