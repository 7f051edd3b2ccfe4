/**
 * The editor at the site's own address (/admin/), for authors with nothing installed: the same editor as npm run
 * edit (app/EditorApp.tsx), talking to the site's repository on GitHub from the browser (github/github-backend.ts)
 * once the author has signed in.
 */
import { StrictMode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import settings from 'virtual:site-editor-settings';
import { EditorApp } from '../app/EditorApp.tsx';
import { draftsInThisBrowser } from '../app/browser-drafts.ts';
import { EditorStore } from '../app/editor-store.ts';
import { GitHubApi } from '../github/github-api.ts';
import { GitHubRefusal } from '../github/github-http.ts';
import { GitHubBackend } from '../github/github-backend.ts';
import { heldUploadsInBrowser } from './held-uploads.ts';
import { siteWorker } from './site-worker-client.ts';
import { SignIn } from './SignIn.tsx';
import { currentSignIn, forgetSignIn, KEPT_TOKEN_KEY, type SignIn as SignInDetails } from './sign-in-storage.ts';
import '../app/editor.css';
import './admin.css';

/** Where the published site is: the folder the editor's own folder (admin/) is in. */
const siteBase = window.location.pathname.slice(0, window.location.pathname.lastIndexOf('/admin/') + 1);

function editorFor({ token, repository }: SignInDetails): { store: EditorStore; backend: GitHubBackend } {
  const [owner = '', repo = ''] = repository.split('/');
  const worker = siteWorker();
  const backend = new GitHubBackend({
    api: new GitHubApi({ api: settings.api, owner, repo, token }),
    check: (request) => worker({ check: request }),
    checkAndPreview: worker,
    // The schemas load beside the file list, not before it.
    checkSchemas: async () => new Map(Object.entries((await import('virtual:site-editor-schemas')).checkSchemas)),
    formSchemas: async () => (await import('virtual:site-editor-schemas')).formSchemas,
    siteAddress: (path) => `${siteBase}${path.replace(/^\//, '')}`,
    // The live site is the one this editor is part of: what it serves is what went live on this host.
    liveAddress: new URL(siteBase, window.location.origin).href,
    heldUploads: heldUploadsInBrowser,
  });
  // Unsaved changes are kept in this browser, per account and tab, until they are saved or discarded, as npm run edit
  // keeps them.
  return { store: new EditorStore(backend, draftsInThisBrowser), backend };
}

function SignedIn({ signIn, onSignedOut }: { signIn: SignInDetails; onSignedOut: (words: string) => void }) {
  const [{ store, backend }] = useState(() => editorFor(signIn));
  const [who, setWho] = useState<string>();
  // Asked again once the site opens, when GitHub could not say at first (its rate limit spent, out of reach).
  const opened = useSyncExternalStore(store.subscribe, () => store.getState().files.length > 0);
  useEffect(() => {
    if (who) return;
    backend.account().then(
      (account) => setWho(account.login),
      (refusal: unknown) => {
        // A token GitHub no longer takes (expired, withdrawn, mistyped) leads back to signing in, with why.
        if (refusal instanceof GitHubRefusal && refusal.kind === 'signed-out') {
          forgetSignIn();
          onSignedOut(refusal.message);
        }
      },
    );
  }, [backend, onSignedOut, opened, who]);
  const signOut = () => {
    forgetSignIn();
    window.location.replace(window.location.pathname);
  };
  // Signed out in another tab of this device: this tab, signed in with the same kept token, signs out too.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === KEPT_TOKEN_KEY && event.newValue === null && event.oldValue === signIn.token) signOut();
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [signIn.token]);
  return (
    <EditorApp
      store={store}
      account={
        <p className="editor-account">
          {who ? <span>Signed in as {who}</span> : null}{' '}
          <button type="button" className="link" onClick={signOut}>
            Sign out
          </button>
        </p>
      }
    />
  );
}

function AdminApp() {
  const [signIn, setSignIn] = useState(currentSignIn);
  const [notice, setNotice] = useState<string>();
  const signedOut = useCallback((words: string) => {
    setNotice(words);
    setSignIn(currentSignIn());
  }, []);
  return signIn.token && signIn.repository ? (
    <SignedIn signIn={signIn as SignInDetails} onSignedOut={signedOut} />
  ) : (
    <SignIn known={signIn} notice={notice} onSignedIn={setSignIn} />
  );
}

/**
 * Whether this page is inside another page's frame. A host that sends no headers (GitHub Pages) cannot forbid framing
 * (frame-ancestors has no effect in a page's own policy), so the editor refuses to work there itself: another site
 * could otherwise lay its page over the editor's buttons. A frame whose top cannot even be compared counts as framed.
 */
function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/** What a framed editor shows: no sign-in, no drafts, no token read; only the way to open it on its own. */
function Framed() {
  return (
    <main className="sign-in">
      <h1>Site editor</h1>
      <p role="alert">
        The site editor does not work inside another page. Open it on its own, in a tab of its own:{' '}
        <a href={window.location.href} target="_top" rel="noopener noreferrer">
          {window.location.href}
        </a>
      </p>
    </main>
  );
}

createRoot(document.getElementById('editor')!).render(
  <StrictMode>{isFramed() ? <Framed /> : <AdminApp />}</StrictMode>,
);
