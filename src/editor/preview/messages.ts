import type { PreviewPayload } from '../server/preview';

/** Where the preview's pages are: /site-preview/work shows the page /work. */
export const PREVIEW_BASE = '/site-preview';

/** What the editor page tells its preview: draw the site from new config, or show an address. */
export type ToPreview = { readonly type: 'draw'; readonly payload: PreviewPayload } | { readonly type: 'show'; readonly path: string };

/** What the preview tells the editor page: it is listening, it drew a payload, or it shows an address now. */
export type FromPreview = { readonly type: 'ready' } | { readonly type: 'drawn' } | { readonly type: 'shown'; readonly path: string };

/** Sends a message to another window of the editor, never to another origin. */
export function postTo(target: Window, message: ToPreview | FromPreview): void {
  target.postMessage(message, window.location.origin);
}

/** Listens to messages from one window of the editor's own origin; returns how to stop. */
export function listenTo<M>(source: () => Window | null | undefined, onMessage: (message: M) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin === window.location.origin && event.source === source()) onMessage(event.data as M);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
