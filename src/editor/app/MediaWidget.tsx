import { getDefaultRegistry } from '@rjsf/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState, type DragEvent } from 'react';
import { Dialog, useDialog } from './Dialog.tsx';
import { useBackend, useHeldUploads } from './backend.ts';
import { HeldUploadsList } from './HeldUploadsList.tsx';
import { sizeInWords, Thumbnail } from './media-parts.tsx';
import { withinDeadline } from './deadlines.ts';
import { OldPoster, OldWebmCopy } from './video-pair.tsx';
import { FIELD_FILE_KINDS, isFileKind, uploadMimeTypes } from '../../content/file-formats.ts';
import type { MediaFile } from '../protocol/files.ts';
import { isRefusal } from '../protocol/publishing.ts';

const DefaultText = getDefaultRegistry().widgets.TextWidget!;

/**
 * What a field of a kind ("x-file-kind" in the schemas) takes, in words, and what the file chooser offers
 * (src/content/file-formats.ts).
 */
const wantedFor = (kind: string | undefined) =>
  kind && isFileKind(kind)
    ? { words: FIELD_FILE_KINDS[kind].short, accept: uploadMimeTypes(kind).join(',') }
    : { words: 'a picture or video', accept: 'image/*,video/mp4,video/webm' };

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
  const heldUploads = useHeldUploads();

  const list = () =>
    withinDeadline(backend.listMedia(kind)).then(
      (answer) => (isRefusal(answer) ? setError(answer.error) : setFiles(answer.files)),
      (failure: Error) => setError(failure.message),
    );
  const open = () => {
    setError('');
    setBusy('');
    dialog.open();
    void list();
    void heldUploads?.refresh();
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
      const uploaded = await withinDeadline(backend.uploadMedia(file, kind));
      if (isRefusal(uploaded)) return setError(uploaded.error);
      pick(uploaded.src);
      void heldUploads?.refresh();
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
        {heldUploads && <HeldUploadsList uploads={heldUploads} onChanged={list} />}
      </Dialog>
    </div>
  );
}
