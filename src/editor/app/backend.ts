/**
 * The backend the page's components ask (protocol/editor-backend.ts): the one its store was made with, which EditorApp
 * provides. There is no default: a component drawn outside an editor is a mistake, said at once.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import type { HeldUploadsStore } from './held-uploads-store.ts';

export const BackendContext = createContext<EditorBackend | undefined>(undefined);

export function useBackend(): EditorBackend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('An editor component was drawn outside EditorApp, which gives it its backend.');
  return backend;
}

/** The uploads held for a save (held-uploads-store.ts), where the page gives them: the media picker lists them. */
export const HeldUploadsContext = createContext<HeldUploadsStore | undefined>(undefined);

/** The page's held uploads, where it gives them (undefined in a component drawn on its own). */
export const useHeldUploads = (): HeldUploadsStore | undefined => useContext(HeldUploadsContext);

/** What the page's components read, as EditorApp gives it: the backend, and the uploads held for a save. */
export function PageContexts({
  store,
  children,
}: {
  store: { readonly backend: EditorBackend; readonly uploads: HeldUploadsStore };
  children: ReactNode;
}) {
  return createElement(
    BackendContext.Provider,
    { value: store.backend },
    createElement(HeldUploadsContext.Provider, { value: store.uploads }, children),
  );
}
