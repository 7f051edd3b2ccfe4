/**
 * The editor's preview: the site drawn by its own renderer (routes, layout, sections, forms) from the unsaved config
 * the editor page sends, inside an iframe at phone or desktop width. Nothing is reloaded on a change: the new config
 * replaces the old in the stand-in modules, what the current page needs is loaded, and the page is drawn again.
 */
import { StrictMode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppProviders } from '../../app/App.tsx';
import { createRoutes, pageAt, SiteRoutes } from '../../app/routes.tsx';
import { RouterLinks } from '../../app/router-navigation.tsx';
import { ErrorResetKey } from '../../layout/ErrorScreen.tsx';
import { preloadPage } from '../../page/PageView.tsx';
import { applyPreview, previewShell } from './preview-site.ts';
import { listenTo, postTo, type ToPreview } from './messages.ts';
import { newestOnly } from './newest-only.ts';
import { editorOrigin, initialPath, PreviewRouter, takeFiles } from './preview-host.tsx';
import type { PreviewPayload } from '../protocol/files.ts';

const editorWindow = () => window.parent;

/** The version of the config drawn, which React reads to draw again. */
let drawn = 0;
const watchers = new Set<() => void>();
const watchDrawn = (watcher: () => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};

/** The page shown, as a path of the site: what a new payload is drawn for. */
let currentPath = initialPath();

/** Draws the newest payload once what the current page needs has loaded, so the page never blinks while it loads. */
let newest: PreviewPayload | undefined;
let drawing = false;
async function draw(payload: PreviewPayload): Promise<void> {
  newest = payload;
  if (drawing) return;
  drawing = true;
  try {
    while (newest) {
      const next = newest;
      newest = undefined;
      takeFiles(next);
      applyPreview(next);
      const match = pageAt(createRoutes(previewShell), currentPath);
      if (match) await preloadPage(match.page, match.params).catch(() => undefined);
      drawn++;
      for (const watcher of watchers) watcher();
      document.documentElement.dataset.previewDrawn = String(drawn);
      postTo(editorWindow(), editorOrigin, { type: 'drawn' });
    }
  } finally {
    drawing = false;
  }
}

/** Follows the editor page's requests to show an address, and tells it which address the preview shows. */
function AddressSync() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const newest = newestOnly();
    const stop = listenTo<ToPreview>(editorWindow, editorOrigin, (message) => {
      if (message.type !== 'show') return;
      // The page is loaded first, so it replaces the one before without a blank moment. Only the newest request
      // navigates: a page asked for earlier that loads later (the list the file opened on, before the profile the
      // author moved into) never replaces it.
      const match = pageAt(createRoutes(previewShell), message.path.split('?')[0]!);
      const loaded = (match ? preloadPage(match.page, match.params) : Promise.resolve()).catch(() => undefined);
      void newest(loaded, () => navigate(message.path));
    });
    // Ready only once this listens: the editor sends the page to show as soon as it hears it, and a message sent
    // before the first render's effects ran was lost (on a busy machine, the preview stayed on its first page).
    postTo(editorWindow(), editorOrigin, { type: 'ready' });
    return stop;
  }, [navigate]);
  useEffect(() => {
    currentPath = pathname;
    postTo(editorWindow(), editorOrigin, { type: 'shown', path: `${pathname}${search}` });
  }, [pathname, search]);
  return null;
}

function PreviewSite() {
  const version = useSyncExternalStore(watchDrawn, () => drawn);
  const { pathname } = useLocation();
  // The pages, and so the routes, are those of the config drawn last.
  const routes = useMemo(() => (version > 0 ? createRoutes(previewShell) : []), [version]);
  // A page that failed to draw (the profile of a creator just deleted, a section mid-edit) is drawn again with the
  // next config or at the next address: the preview recovers by itself, never needing a reload.
  return version > 0 ? (
    <ErrorResetKey value={`${version} ${pathname}`}>
      <SiteRoutes routes={routes} />
    </ErrorResetKey>
  ) : null;
}

listenTo<ToPreview>(editorWindow, editorOrigin, (message) => {
  if (message.type === 'draw') void draw(message.payload);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <PreviewRouter>
        <RouterLinks>
          <AddressSync />
          <PreviewSite />
        </RouterLinks>
      </PreviewRouter>
    </AppProviders>
  </StrictMode>,
);
