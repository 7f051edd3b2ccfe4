/** The editor of npm run edit: its page, talking to the editor's own server on this computer. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { draftsInThisBrowser } from './browser-drafts.ts';
import { EditorApp } from './EditorApp.tsx';
import { EditorStore } from './editor-store.ts';
import { localBackend } from './local-backend.ts';
import './editor.css';

// Drafts are kept in this browser, per tab, so a reload or a restart of the editor loses nothing typed.
const store = new EditorStore(localBackend, draftsInThisBrowser);

createRoot(document.getElementById('editor')!).render(
  <StrictMode>
    <EditorApp store={store} />
  </StrictMode>,
);
