import { getDefaultRegistry } from '@rjsf/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useRef, useState, type DragEvent } from 'react';
import { Dialog, useDialog } from './Dialog.tsx';
import { useBackend } from './backend.ts';
import { withinDeadline } from './deadlines.ts';
import { FIELD_FILE_KINDS, isFileKind, mediaOfPath, uploadMimeTypes } from '../../content/file-formats.ts';
import { editorDrawing } from '../../content/schema-keywords.ts';
import type { FormContext } from './schema-for-drawing.ts';
import type { MediaFile } from '../protocol/files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';

const DefaultText = getDefaultRegistry().widgets.TextWidget!;
const DefaultTextarea = getDefaultRegistry().widgets.TextareaWidget!;

/**
 * What a field of a kind ("x-file-kind" in the schemas) takes, in words, and what the file chooser offers
 * (src/content/file-formats.ts).
 */
const wantedFor = (kind: string | undefined) =>
  kind && isFileKind(kind)
    ? { words: FIELD_FILE_KINDS[kind].short, accept: uploadMimeTypes(kind).join(',') }
    : { words: 'a picture or video', accept: 'image/*,video/mp4,video/webm' };

const sizeInWords = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const isVideo = (src: string) => mediaOfPath(src) === 'video';

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
function OldWebmCopy({ props }: { props: WidgetProps }) {
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
function OldPoster({ props }: { props: WidgetProps }) {
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
      props.onChange(
        (await withinDeadline(backend.uploadMedia(await stillOf(mp4.value as string, backend), 'image'))).src,
      );
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

/** A small view of a file in public/, as the site would show it. */
function Thumbnail({ src }: { src: string }) {
  const { addressOf } = useBackend();
  return isVideo(src) ? (
    <video className="media-thumb" src={addressOf(src)} muted preload="metadata" aria-hidden="true" />
  ) : (
    <img className="media-thumb" src={addressOf(src)} alt="" loading="lazy" />
  );
}

/**
 * A field that names a file in public/ ("x-asset" in the schemas): the path can be typed, or chosen from the pictures
 * and videos in public/media/ that fit the field, or uploaded by dropping a file or picking one. The server saves an
 * upload under a safe name after checking that it is the kind of file the field needs, and the field takes its path.
 */
export function MediaWidget(props: WidgetProps) {
  const { id, value, label, schema, disabled, readonly } = props;
  const kind = typeof schema['x-file-kind'] === 'string' ? schema['x-file-kind'] : undefined;
  const wanted = wantedFor(kind);
  const dialog = useDialog();
  const [files, setFiles] = useState<MediaFile[]>();
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const backend = useBackend();

  const open = () => {
    setError('');
    setBusy('');
    dialog.open();
    withinDeadline(backend.listMedia(kind)).then(
      (answer) => setFiles(answer.files),
      (failure: Error) => setError(failure.message),
    );
  };
  const pick = (src: string) => {
    props.onChange(src);
    dialog.close();
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    setBusy(`Uploading ${file.name}…`);
    try {
      pick((await withinDeadline(backend.uploadMedia(file, kind))).src);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy('');
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <div className="media-field">
      <div className="media-row">
        <DefaultText {...props} />
        <button type="button" onClick={open} disabled={disabled || readonly} aria-describedby={ariaDescribedByIds(id)}>
          Choose or upload…
        </button>
      </div>
      {typeof value === 'string' && value.startsWith('/') && <Thumbnail src={value} />}
      {kind === 'mp4' && <OldWebmCopy props={props} />}
      {(kind === 'image' || kind === 'photo') && <OldPoster props={props} />}
      <Dialog
        dialog={dialog}
        title={`Choose ${wanted.words} for “${label}”`}
        className="media-dialog"
        busy={busy}
        onClose={() => setDragging(false)}
        closeLabel="Cancel"
      >
        <div
          className={`media-drop${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p>Drop {wanted.words} here (it joins public/media/ when you save the file that uses it), or</p>
          <label>
            upload one from your computer:{' '}
            <input type="file" accept={wanted.accept} onChange={(event) => void upload(event.target.files?.[0])} />
          </label>
        </div>
        {error && (
          <p role="alert" className="media-error">
            {error}
          </p>
        )}
        {files && files.length === 0 && <p>public/media/ holds no {wanted.words.replace(/^an? /, '')} yet.</p>}
        <ul className="media-grid" aria-label={`Files for “${label}”`}>
          {files?.map((file) => (
            <li key={file.src}>
              <button type="button" onClick={() => pick(file.src)} aria-pressed={file.src === value}>
                <Thumbnail src={file.src} />
                <span>{file.src}</span>
                <small>
                  {sizeInWords(file.bytes)}
                  {file.held
                    ? ' · uploaded, joins the site when you save'
                    : file.used === false
                      ? ' · not used by any page'
                      : ''}
                </small>
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}

/** How long a link box waits after the last key before the checker's word on it shows: "/abo" is not yet a mistake. */
const TYPING_PAUSE_MS = 1500;

/**
 * A field that links somewhere ("x-internal-link" in the schemas): the site's pages are offered by name as the author
 * types, and any other address (https://..., mailto:...) can still be written. While the author is typing, its
 * problem waits (editor.css hides it): it shows once they pause, pick a page or leave the box.
 */
export function LinkWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    options,
    onChange,
    onBlur,
    onFocus,
    registry,
  } = props;
  const { pages } = registry.formContext as FormContext;
  const read = (text: string) => (text === '' ? options.emptyValue : text);
  const [typing, setTyping] = useState(false);
  const pause = useRef<number>(undefined);
  const typed = (text: string) => {
    window.clearTimeout(pause.current);
    // A page picked from the list is a whole address: nothing to wait for.
    const picked = pages.some((page) => page.address === text);
    setTyping(!picked);
    if (!picked) pause.current = window.setTimeout(() => setTyping(false), TYPING_PAUSE_MS);
    onChange(read(text));
  };
  return (
    <>
      <input
        data-typing={typing || undefined}
        id={id}
        name={id}
        type="text"
        className="form-control"
        list={`${id}__pages`}
        value={typeof value === 'string' ? value : ''}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        placeholder={placeholder}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => typed(event.target.value)}
        onBlur={(event) => {
          window.clearTimeout(pause.current);
          setTyping(false);
          onBlur(id, read(event.target.value));
        }}
        onFocus={(event) => onFocus(id, read(event.target.value))}
      />
      <datalist id={`${id}__pages`}>
        {pages.map((page) => (
          <option key={page.address} value={page.address}>
            {page.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

/**
 * Text, a link with the site's pages offered, or a file of public/ with its picker when the field names one; a text
 * its schema says is written over several lines ("x-lines") is a box that many lines tall.
 */
export function TextOrMediaWidget(given: WidgetProps) {
  // An empty box shows an example of what to write: the schema's, or its kind of block's ready-made one.
  const { schema } = given;
  const example =
    typeof schema['x-example'] === 'string'
      ? schema['x-example']
      : Array.isArray(schema.examples) && typeof schema.examples[0] === 'string'
        ? schema.examples[0]
        : undefined;
  // A required text the author empties stays in the file, empty, so the checker says so at its box; an optional one
  // goes.
  const options = { ...given.options, emptyValue: given.required ? '' : undefined };
  const props =
    given.placeholder || !example
      ? { ...given, options }
      : { ...given, options, placeholder: `e.g. ${example.split('\n')[0]!}` };
  // What the schema's own keywords say the field is (src/content/schema-keywords.ts).
  switch (editorDrawing(schema)) {
    case 'lines':
      return <DefaultTextarea {...props} options={{ ...options, rows: Number(schema['x-lines']) }} />;
    case 'media':
      return <MediaWidget {...props} />;
    case 'link':
      return <LinkWidget {...props} />;
    default:
      return <DefaultText {...props} />;
  }
}
