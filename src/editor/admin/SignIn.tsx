import { useId, useState, type FormEvent } from 'react';
import settings from 'virtual:site-editor-settings';
import { GitHubApi } from '../github/github-api.ts';
import { SIGN_IN_PATH } from '../github/token-exchange.ts';
import { keepNextSignIn, rememberSignIn, type SignIn as SignInDetails } from './sign-in-storage.ts';

/**
 * The editor's door when no one is signed in in this tab: "Sign in with GitHub" where the host exchanges GitHub's
 * code for a token (functions/, netlify/), and everywhere a fine-grained token the author makes on GitHub and pastes,
 * checked with GitHub before it is kept. The repository is asked for only when the site's build could not tell.
 */
export function SignIn({
  known,
  notice,
  onSignedIn,
}: {
  known: Partial<SignInDetails>;
  /** Why the author is asked to sign in again, when they were signed in. */
  notice?: string;
  onSignedIn: (given: SignInDetails) => void;
}) {
  const id = useId();
  const [repository, setRepository] = useState(known.repository ?? '');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);
  // Off unless the author asks: a token kept on a shared computer would sign the next person in.
  const [keep, setKeep] = useState(false);
  const needsToken = !known.token;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = { repository: repository.trim(), token: known.token ?? token.trim() };
    const [owner, repo, ...rest] = given.repository.split('/');
    if (!owner || !repo || rest.length > 0) {
      setProblem(
        'Write the repository as its owner and name with a slash between, as in its address: loom-media/site.',
      );
      return;
    }
    if (!given.token) {
      setProblem('Paste the token GitHub showed you when you made it.');
      return;
    }
    setChecking(true);
    setProblem(undefined);
    try {
      const api = new GitHubApi({ api: settings.api, owner, repo, token: given.token });
      const [viewer, found] = await Promise.all([api.viewer(), api.repository()]);
      if (!found.canWrite)
        throw new Error(
          `${viewer.login} may read ${given.repository} but not change it. Give the token "Contents: Read and write" for this repository, or ask whoever manages it for write access.`,
        );
      rememberSignIn(given, keep);
      onSignedIn(given);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <main className="sign-in">
      <h1>Site editor</h1>
      {notice && (
        <p role="alert" className="sign-in-problem">
          {notice}
        </p>
      )}
      <p>
        Sign in with the GitHub account that may change this site. What you save is kept in the site&apos;s repository,
        in drafts of your own, and goes live when you publish.
      </p>
      {needsToken && (
        <div className="field keep-signed-in">
          <input
            id={`${id}-keep`}
            type="checkbox"
            checked={keep}
            onChange={(event) => setKeep(event.target.checked)}
            aria-describedby={`${id}-keep-help`}
          />
          <label htmlFor={`${id}-keep`}>Keep me signed in on this device</label>
          <p id={`${id}-keep-help`}>
            Every tab of this browser then opens signed in, until you sign out. Leave it off on a computer others use.
          </p>
        </div>
      )}
      {settings.signIn && needsToken && (
        <p>
          <a className="button primary" href={SIGN_IN_PATH} onClick={() => keepNextSignIn(keep)}>
            Sign in with GitHub
          </a>
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>
          {!needsToken ? 'Which site?' : settings.signIn ? 'Or sign in with a token' : 'Sign in with a token'}
        </h2>
        {needsToken && (
          <p>
            On GitHub, open Settings, Developer settings, Fine-grained tokens, and make a token for this site&apos;s
            repository only, with <strong>Contents</strong> and <strong>Pull requests</strong> set to &ldquo;Read and
            write&rdquo;. Paste it here: it stays in this tab (or on this device, if you asked), and Sign out forgets
            it.
          </p>
        )}
        {!settings.repository && (
          <p className="field">
            <label htmlFor={`${id}-repository`}>Repository (owner/name)</label>
            <input
              id={`${id}-repository`}
              value={repository}
              onChange={(event) => setRepository(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="loom-media/site"
              required
            />
          </p>
        )}
        {needsToken && (
          <p className="field">
            <label htmlFor={`${id}-token`}>Token</label>
            <input
              id={`${id}-token`}
              type="password"
              value={token}
              onChange={(event) => setToken(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </p>
        )}
        <button type="submit" className="primary" disabled={checking}>
          {checking ? 'Checking with GitHub…' : needsToken ? 'Sign in' : 'Open the editor'}
        </button>
        {problem && (
          <p role="alert" className="sign-in-problem">
            {problem}
          </p>
        )}
      </form>
    </main>
  );
}
