/**
 * The preview of the editor at /admin/ (see preview/preview-host.tsx): a frame sandboxed without an origin of its own,
 * so nothing in it can reach the editor's page, its token or its drafts. It talks only to the page that framed it
 * (the site's origin), keeps its pages in memory, and takes the files the payload brings.
 */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { takeHostedFiles } from './hosted-files.ts';
import type { PreviewPayload } from '../../protocol/files.ts';

/** The editor's page is at the site's own origin, the address this frame was loaded from. */
export const editorOrigin = window.location.origin;

/** The page to open on, which the editor names after "#": /about. */
export const initialPath = () => decodeURIComponent(window.location.hash.slice(1)) || '/';

export function PreviewRouter({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={[initialPath()]}>{children}</MemoryRouter>;
}

export function takeFiles(payload: PreviewPayload): void {
  takeHostedFiles(payload.files ?? {}, payload.media ?? {});
}
