/**
 * Where the preview runs, for main.tsx: here, npm run edit's preview, served by the editor on a port of its own, in
 * the session's folder. The editor at /admin/ builds the preview with its own version of this module
 * (admin/preview/preview-host.tsx): a sandboxed frame with no server behind it.
 */
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { BASE_PATH, pathInSite } from '../../content/site-paths.ts';
import { originFromPage } from './messages.ts';
import type { PreviewPayload } from '../protocol/files.ts';

/** The editor page's origin: the only one this preview takes messages from and sends them to. */
export const editorOrigin = originFromPage('editor-origin');

/** The preview's pages are addresses of its own origin, in the session's folder. */
export function PreviewRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter basename={BASE_PATH}>{children}</BrowserRouter>;
}

/** The page the preview opens on, as a path of the site: its own address's. */
export const initialPath = () => pathInSite(window.location.pathname);

/** Takes in what a payload brings besides config: nothing here, where the editor's server serves the files. */
export function takeFiles(_payload: PreviewPayload): void {}
