import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EditorApp } from './EditorApp.tsx';
import './editor.css';

createRoot(document.getElementById('editor')!).render(
  <StrictMode>
    <EditorApp />
  </StrictMode>,
);
