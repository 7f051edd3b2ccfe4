/**
 * The backend the page's components ask (protocol/editor-backend.ts): the one its store was made with, which EditorApp
 * provides. There is no default: a component drawn outside an editor is a mistake, said at once.
 */
import { createContext, useContext } from 'react';
import type { EditorBackend } from '../protocol/editor-backend.ts';

export const BackendContext = createContext<EditorBackend | undefined>(undefined);

export function useBackend(): EditorBackend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('An editor component was drawn outside EditorApp, which gives it its backend.');
  return backend;
}
