import settings from 'virtual:site-editor-settings';
import { TOKEN_STORAGE_KEY } from '../github/token-exchange.ts';

/** Who is signed in in this tab: the token GitHub gave, and the repository of the site. */
export interface SignIn {
  readonly token: string;
  readonly repository: string;
}

/** The repository an author named, when the build could not tell it; kept for their next visit. */
const REPOSITORY_KEY = 'editor-github-repository';

/**
 * The sign-in this tab holds: the token lives in the tab's session storage only (closing the tab forgets it; the
 * token exchange hands it over there), never in an address, a cookie or the repository.
 */
export function currentSignIn(): Partial<SignIn> {
  return {
    token: sessionStorage.getItem(TOKEN_STORAGE_KEY) || undefined,
    repository: settings.repository || localStorage.getItem(REPOSITORY_KEY) || undefined,
  };
}

export function rememberSignIn(given: SignIn): void {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, given.token);
  if (!settings.repository) localStorage.setItem(REPOSITORY_KEY, given.repository);
}

/** Sign out: the token is forgotten at once; what is saved stays in the repository. */
export function forgetSignIn(): void {
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
}
