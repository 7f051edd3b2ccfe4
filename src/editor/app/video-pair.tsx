/**
 * A video's pair of files, as the media field under each says: a WebM copy that is another video than its MP4, and a
 * still picture ("poster") left from the video before, with the offer to remove the one or make the other anew.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useBackend } from './backend.ts';
import { withinDeadline } from './deadlines.ts';
import type { FormContext } from './schema-for-drawing.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import { isRefusal } from '../protocol/publishing.ts';

/** A file's name without its folder and ending: hero for /media/hero.mp4. */
const stemOf = (path: string) =>
  path
    .replace(/^.*\//, '')
    .replace(/\.[^.]*$/, '')
    .toLowerCase();

/**
 * Under a video's MP4: when its WebM copy is another video (the author replaced the MP4 only), browsers that play
 * WebM would keep showing the old one. The MP4 alone is enough, so the editor offers to remove the WebM copy.
 */
export function OldWebmCopy({ props }: { props: WidgetProps }) {
  const webm = (props.registry.formContext as FormContext).sibling(props.id, 'webm');
  if (typeof props.value !== 'string' || typeof webm.value !== 'string' || stemOf(webm.value) === stemOf(props.value))
    return null;
  return (
    <p className="media-pair" role="status">
      The WebM copy of this video ({webm.value}) is another video: browsers that play WebM would keep showing it. The
      MP4 alone is enough.{' '}
      <button type="button" onClick={webm.remove}>
        Remove the WebM copy
      </button>
    </p>
  );
}

/** Where in a video to take its still picture from: a moment in, past a fade from black, in seconds. */
const STILL_AT_SECONDS = 1;

/**
 * A still picture of a video in public/ (by its path), as a JPEG file: the frame a moment in, at the video's own size.
 */
async function stillOf(src: string, backend: EditorBackend): Promise<File> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.src = backend.addressOf(src);
  await new Promise<void>((resolve, reject) => {
    video.addEventListener('loadeddata', () => resolve(), { once: true });
    video.addEventListener('error', () => reject(new Error(`${src} could not be read as a video here.`)), {
      once: true,
    });
  });
  video.currentTime = Math.min(STILL_AT_SECONDS, video.duration / 2 || 0);
  await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')!.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error('The still picture could not be made.');
  return new File([blob], `${stemOf(src)}-poster.jpg`, { type: 'image/jpeg' });
}

/**
 * Under a video's still picture ("poster"): when the video was replaced and the still picture was not, visitors see
 * the old video's picture before the new one plays (and instead of it, where it cannot). The editor says so, and can
 * make a new one from the new video's frame.
 */
export function OldPoster({ props }: { props: WidgetProps }) {
  const { sibling } = props.registry.formContext as FormContext;
  const mp4 = sibling(props.id, 'mp4');
  const poster = sibling(props.id, 'poster');
  const [making, setMaking] = useState('');
  const backend = useBackend();
  if (
    typeof mp4.value !== 'string' ||
    mp4.saved === undefined ||
    mp4.value === mp4.saved ||
    poster.value !== poster.saved
  )
    return null;
  const make = async () => {
    setMaking('Making a still picture from the new video…');
    try {
      const still = await withinDeadline(backend.uploadMedia(await stillOf(mp4.value as string, backend), 'image'));
      if (isRefusal(still)) return setMaking(`Not made: ${still.error}`);
      props.onChange(still.src);
      setMaking('');
    } catch (failure) {
      setMaking(`Not made: ${(failure as Error).message}`);
    }
  };
  return (
    <p className="media-pair" role="status">
      The still picture is the old video's: visitors see it before the new video plays, and instead of it where it
      cannot. Choose a new one, or{' '}
      <button type="button" onClick={() => void make()} disabled={!!making && !making.startsWith('Not made')}>
        Make one from the new video
      </button>{' '}
      {making}
    </p>
  );
}
