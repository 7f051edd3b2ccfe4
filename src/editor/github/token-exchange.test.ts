import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onRequest as cloudflareFunction } from '../../../functions/api/editor/[[path]].ts';
import netlifyFunction, { config as netlifyConfig } from '../../../netlify/functions/editor-sign-in.mts';
import { startGitHubStandIn, type GitHubStandIn } from '../../testing/github-stand-in.ts';
import {
  answerSignIn,
  EDITOR_PATH,
  SIGN_IN_PATH,
  SIGNED_IN_PATH,
  TOKEN_STORAGE_KEY,
  type SignInSettings,
} from './token-exchange.ts';

const SITE = 'https://agency.example';

let github: GitHubStandIn;
let settings: SignInSettings;
beforeAll(async () => {
  github = await startGitHubStandIn();
});
afterAll(() => github.close());
beforeEach(() => {
  github.refuse = false;
  settings = { GITHUB_CLIENT_ID: github.app.clientId, GITHUB_CLIENT_SECRET: github.app.secret, GITHUB_URL: github.url };
});

/** What a browser keeps of a Set-Cookie header: name=value, or nothing when the cookie is cleared. */
const cookieSet = (response: Response) => /^([^;]*);/.exec(response.headers.get('Set-Cookie') ?? '')?.[1] ?? '';

/** The author opens the sign-in address, and GitHub (the stand-in) sends them back: the address they come back to. */
async function signInAtGitHub(): Promise<{ cookie: string; back: URL; authorize: URL }> {
  const started = await answerSignIn(new Request(`${SITE}${SIGN_IN_PATH}`), settings);
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.get('Location')!);
  const atGitHub = await fetch(authorize, { redirect: 'manual' });
  return { cookie: cookieSet(started), back: new URL(atGitHub.headers.get('Location')!), authorize };
}

/** What the author reads on a page: its text, with characters written as references read back. */
const wordsOf = async (response: Response) =>
  (await response.text())
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

const comeBack = (back: URL | string, cookie: string) =>
  answerSignIn(new Request(back, { headers: cookie ? { Cookie: cookie } : {} }), settings);

describe('signing in to the editor with GitHub, on the host', () => {
  it("sends the author to GitHub with a state and a PKCE challenge, and hands the token to the editor's tab", async () => {
    const { cookie, back, authorize } = await signInAtGitHub();
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: github.app.clientId,
      redirect_uri: `${SITE}${SIGNED_IN_PATH}`,
      code_challenge_method: 'S256',
    });
    expect(cookie).toMatch(/^__Host-editor-sign-in=[\w-]+\.[\w-]+$/);
    const handed = await comeBack(back, cookie);
    expect(handed.status).toBe(200);
    const token = github.tokens.at(-1)!;
    const html = await handed.text();
    // Written to the tab's sessionStorage by the page's one script, which its policy names by nonce; then the editor.
    const nonce = /script-src 'nonce-([\w-]+)'/.exec(handed.headers.get('Content-Security-Policy')!)![1];
    expect(html).toContain(
      `<script nonce="${nonce}">sessionStorage.setItem("${TOKEN_STORAGE_KEY}", "${token}"); location.replace("${EDITOR_PATH}");</script>`,
    );
    expect(handed.headers.get('Cache-Control')).toBe('no-store');
    expect(handed.headers.get('Referrer-Policy')).toBe('no-referrer');
    // The sign-in's cookie is spent, and the token was never in an address.
    expect(cookieSet(handed)).toBe('__Host-editor-sign-in=');
    expect(`${back}${handed.headers.get('Location') ?? ''}`).not.toContain(token);
  });

  it('refuses a return it did not start (no cookie, or another state), without asking GitHub for a token', async () => {
    const { cookie, back } = await signInAtGitHub();
    const asked = github.tokenRequests;
    for (const [address, withCookie] of [
      [back, ''],
      [`${SITE}${SIGNED_IN_PATH}?code=${back.searchParams.get('code')}&state=forged`, cookie],
    ] as const) {
      const refused = await comeBack(address, withCookie);
      expect(refused.status).toBe(400);
      expect(await wordsOf(refused)).toContain('This sign-in did not start here, or took longer than 10 minutes.');
    }
    expect(github.tokenRequests).toBe(asked);
  });

  it("says GitHub's refusal in words: a code used twice, another sign-in's verifier, a wrong secret", async () => {
    const first = await signInAtGitHub();
    expect((await comeBack(first.back, first.cookie)).status).toBe(200);
    const again = await comeBack(first.back, first.cookie);
    expect(again.status).toBe(502);
    expect(await wordsOf(again)).toContain('GitHub did not sign you in (The code passed is incorrect or expired.)');

    const second = await signInAtGitHub();
    const [state] = second.cookie.split('=')[1]!.split('.');
    const otherVerifier = await comeBack(second.back, `__Host-editor-sign-in=${state}.another-verifier`);
    expect(await wordsOf(otherVerifier)).toContain('GitHub did not sign you in');

    const third = await signInAtGitHub();
    settings = { ...settings, GITHUB_CLIENT_SECRET: 'not-the-secret' };
    expect(await wordsOf(await comeBack(third.back, third.cookie))).toContain(
      "GitHub refused this site's app: GITHUB_CLIENT_ID or GITHUB_CLIENT_SECRET on the host is not the app's.",
    );
  });

  it('says so when the author refuses the app, when GitHub cannot be reached, and when the host is not set up', async () => {
    github.refuse = true;
    const refused = await signInAtGitHub();
    const denied = await comeBack(refused.back, refused.cookie);
    expect(denied.status).toBe(403);
    expect(await wordsOf(denied)).toContain('You did not allow the editor to use your GitHub account');

    github.refuse = false;
    const started = await signInAtGitHub();
    settings = { ...settings, GITHUB_URL: 'http://127.0.0.1:9' };
    const unreachable = await comeBack(started.back, started.cookie);
    expect(unreachable.status).toBe(502);
    expect(await wordsOf(unreachable)).toContain('GitHub could not be reached to finish signing in.');

    const notSetUp = await answerSignIn(new Request(`${SITE}${SIGN_IN_PATH}`), {});
    expect(notSetUp.status).toBe(503);
    expect(await wordsOf(notSetUp)).toContain('set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET');
  });

  it('writes a token GitHub sends into its page as text that cannot end the script', async () => {
    const { cookie, back } = await signInAtGitHub();
    const hostile = '</script><script>alert(1)</script>';
    const handed = await answerSignIn(new Request(back, { headers: { Cookie: cookie } }), settings, async () =>
      Response.json({ access_token: hostile }),
    );
    const html = await handed.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain(String.raw`"\u003c/script>\u003cscript>alert(1)\u003c/script>"`);
  });

  it("is what the hosts' functions run, at the two sign-in addresses", async () => {
    expect(netlifyConfig.path).toEqual([SIGN_IN_PATH, SIGNED_IN_PATH]);
    Object.assign(process.env, settings);
    try {
      for (const run of [
        () => cloudflareFunction({ request: new Request(`${SITE}${SIGN_IN_PATH}`), env: settings }),
        () => netlifyFunction(new Request(`${SITE}${SIGN_IN_PATH}`)),
      ]) {
        const started = await run();
        expect(new URL(started.headers.get('Location')!).searchParams.get('client_id')).toBe(github.app.clientId);
      }
    } finally {
      for (const name of Object.keys(settings)) delete process.env[name];
    }
  });
});
