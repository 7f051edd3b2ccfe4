import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { listenTo, postTo, type FromPreview } from '../preview/messages.ts';
import { useBackend } from './backend.ts';
import type { PreviewAddress, PreviewPayload } from '../protocol/files.ts';

/**
 * The widths the preview shows the site at, in CSS pixels: a phone's, and the narrowest laptop's, which the site
 * already lays out as a desktop, so that fitted to the pane its text is as large as it can be.
 */
export const PREVIEW_WIDTHS = { Phone: 390, Desktop: 1024 } as const;
/** How large the preview is drawn: fitted to its pane, or larger, scrolled sideways within it. */
export const PREVIEW_ZOOMS = [
  ['fit', 'Fit to pane'],
  ['0.75', '75 %'],
  ['1', '100 %'],
] as const;
type Zoom = (typeof PREVIEW_ZOOMS)[number][0];
/** Below this width the editor shows one part at a time (editor.css has the same breakpoint). */
export const NARROW_SCREEN = '(max-width: 899px)';
type Width = keyof typeof PREVIEW_WIDTHS;

export interface PreviewPaneProps {
  /** The newest valid config, as the server cut it for the renderer. */
  readonly payload: PreviewPayload | undefined;
  /** The pages that show the file being edited; the first is shown when the file is opened. */
  readonly addresses: readonly PreviewAddress[];
  /** True while the unsaved config has errors, so the preview shows the last valid version. */
  readonly behind: boolean;
}

/**
 * The site beside the form, drawn by its own renderer in a frame from the unsaved config, at phone or desktop width.
 * A desktop-wide page is scaled down to fit, or shown larger when the author chooses; links inside it work as on the
 * site.
 */
export function PreviewPane({ payload, addresses, behind }: PreviewPaneProps) {
  const backend = useBackend();
  const [{ origin: previewOrigin, sandbox, address }] = useState(() => backend.previewFrame());
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // On a phone the preview starts at phone width, as the author's visitors on phones see the site.
  const [width, setWidth] = useState<Width>(() => (window.matchMedia(NARROW_SCREEN).matches ? 'Phone' : 'Desktop'));
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [shown, setShown] = useState('/');
  const [boxWidth, setBoxWidth] = useState(0);
  const [initialPath] = useState(() => addresses[0]?.path ?? '/');
  const firstAddress = addresses[0]?.path;

  useEffect(
    () =>
      listenTo<FromPreview>(
        () => frame.current?.contentWindow,
        previewOrigin,
        (message) => {
          if (message.type === 'ready') setReady(true);
          if (message.type === 'shown') setShown(message.path);
        },
      ),
    [previewOrigin],
  );
  useEffect(() => {
    if (ready && payload && frame.current?.contentWindow)
      postTo(frame.current.contentWindow, previewOrigin, { type: 'draw', payload });
  }, [ready, payload, previewOrigin]);
  const show = (path: string) =>
    frame.current?.contentWindow && postTo(frame.current.contentWindow, previewOrigin, { type: 'show', path });
  // Opening another file (or moving a page to another address) shows the page that shows it.
  useEffect(() => {
    if (ready && firstAddress) show(firstAddress);
  }, [ready, firstAddress]);

  useLayoutEffect(() => {
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry!.contentRect.width));
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);
  const pixels = PREVIEW_WIDTHS[width];
  const fitted = boxWidth > 0 ? Math.min(1, boxWidth / pixels) : 1;
  const scale = zoom === 'fit' ? fitted : Math.max(fitted, Number(zoom));

  return (
    <section aria-labelledby="preview-heading" className="editor-preview">
      <div className="preview-bar">
        <h2 id="preview-heading">Preview</h2>
        <label>
          Page{' '}
          <select
            value={addresses.some((address) => address.path === shown) ? shown : ''}
            onChange={(event) => event.target.value && show(event.target.value)}
          >
            {!addresses.some((address) => address.path === shown) && <option value="">{shown}</option>}
            {addresses.map((address) => (
              <option key={address.path} value={address.path}>
                {address.label}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Preview width" className="preview-widths">
          {(Object.keys(PREVIEW_WIDTHS) as Width[]).map((name) => (
            <button key={name} type="button" aria-pressed={width === name} onClick={() => setWidth(name)}>
              {name}
            </button>
          ))}
        </div>
        <label>
          Size{' '}
          <select value={zoom} onChange={(event) => setZoom(event.target.value as Zoom)}>
            {PREVIEW_ZOOMS.map(([value, words]) => (
              <option key={value} value={value}>
                {value === 'fit' ? `${words} (${Math.round(fitted * 100)} %)` : words}
              </option>
            ))}
          </select>
        </label>
      </div>
      {behind && (
        <p className="preview-behind">
          The preview shows the last version without errors. Fix the problems listed to see your newest change.
        </p>
      )}
      <div ref={box} className="preview-box" data-zoomed={scale > fitted || undefined}>
        {/* Opened once the server has answered this page's first check: from then on the frame may load the preview. */}
        {payload && (
          // As wide as the page is drawn, so a larger size scrolls sideways by just what it adds.
          <div className="preview-page" style={{ width: pixels * scale }}>
            <iframe
              ref={frame}
              title={`Preview of ${shown}`}
              src={address(initialPath)}
              // No way to move the editor's tab or open dialogs over it.
              sandbox={sandbox}
              className="preview-frame"
              style={{ width: pixels, height: `${100 / scale}%`, transform: `scale(${scale})` }}
            />
          </div>
        )}
      </div>
    </section>
  );
}
