import settings from 'virtual:site-editor-settings';
import { TOKEN_STORAGE_KEY } from '../github/token-exchange.ts';

/** Who is signed in in this tab: the token GitHub gave, and the repository of the site. */
export interface SignIn {
  readonly token: string;
  readonly repository: string;
}

/** The repository an author named, when the build could not tell it; kept for their next visit. */
const REPOSITORY_KEY = 'editor-github-repository';
/** The token of an author who asked to stay signed in on this device, in the origin's local storage. */
export const KEPT_TOKEN_KEY = 'editor-github-token-kept';
/** Set in the tab while "Sign in with GitHub" is under way by an author who asked to stay signed in. */
const KEEP_WANTED_KEY = 'editor-keep-signed-in';

/**
 * The sign-in this tab holds. The token lives in the tab's session storage (closing the tab forgets it; the token
 * exchange hands it over there) and, when the author asked to stay signed in on this device, in the origin's local
 * storage too, so another tab opens signed in; never in an address, a cookie or the repository. No script of another
 * origin can read either: the editor's policy runs its own scripts only, its preview runs with no origin, and the
 * site's pages run the site's own (README, "Signing in to /admin/").
 */
export function currentSignIn(): Partial<SignIn> {
  const fresh = sessionStorage.getItem(TOKEN_STORAGE_KEY) || undefined;
  // Back from "Sign in with GitHub", asked to stay signed in: the token the exchange handed over is kept.
  if (fresh && sessionStorage.getItem(KEEP_WANTED_KEY)) localStorage.setItem(KEPT_TOKEN_KEY, fresh);
  sessionStorage.removeItem(KEEP_WANTED_KEY);
  return {
    token: fresh ?? (localStorage.getItem(KEPT_TOKEN_KEY) || undefined),
    repository: settings.repository || localStorage.getItem(REPOSITORY_KEY) || undefined,
  };
}

/** Before "Sign in with GitHub" leaves the page: whether the token it brings back is to be kept on this device. */
export function keepNextSignIn(keep: boolean): void {
  if (keep) sessionStorage.setItem(KEEP_WANTED_KEY, '1');
  else sessionStorage.removeItem(KEEP_WANTED_KEY);
}

export function rememberSignIn(given: SignIn, keep = false): void {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, given.token);
  if (keep) localStorage.setItem(KEPT_TOKEN_KEY, given.token);
  else localStorage.removeItem(KEPT_TOKEN_KEY);
  if (!settings.repository) localStorage.setItem(REPOSITORY_KEY, given.repository);
}

/** Sign out: the token is forgotten at once, in this tab and on this device; what is saved stays in the repository. */
export function forgetSignIn(): void {
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.removeItem(KEEP_WANTED_KEY);
  localStorage.removeItem(KEPT_TOKEN_KEY);
}
