import type { PreviewPayload } from '../protocol/files.ts';

/** What the editor page tells its preview: draw the site from new config, or show an address. */
export type ToPreview =
  { readonly type: 'draw'; readonly payload: PreviewPayload } | { readonly type: 'show'; readonly path: string };

/** What the preview tells the editor page: it is listening, it drew a payload, or it shows an address now. */
export type FromPreview =
  { readonly type: 'ready' } | { readonly type: 'drawn' } | { readonly type: 'shown'; readonly path: string };

/**
 * The other side's origin, which the server wrote into the page (<meta name="preview-origin"> in the editor's page,
 * <meta name="editor-origin"> in the preview's): the editor and its preview are two origins that talk only by message.
 */
export function originFromPage(name: 'preview-origin' | 'editor-origin'): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? 'null';
}

/**
 * Sends a message to the other window, delivered only if it still is at `origin`. A sandboxed preview (the editor at
 * /admin/) has no origin to name ("null"): it is told by its window alone, and is sent nothing but the site's config.
 */
export function postTo(target: Window, origin: string, message: ToPreview | FromPreview): void {
  target.postMessage(message, origin === 'null' ? '*' : origin);
}

/** Listens to messages from one window at one origin; returns how to stop. */
export function listenTo<M>(
  source: () => Window | null | undefined,
  origin: string,
  onMessage: (message: M) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin === origin && event.source === source()) onMessage(event.data as M);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
