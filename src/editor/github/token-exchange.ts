/**
 * Signing in to the editor with GitHub, on the host that serves the site (a Cloudflare Pages Function, a Netlify
 * Function: functions/ and netlify/ call this). GitHub's token endpoint needs the app's secret and sends no CORS
 * headers, so the browser cannot ask it itself; this does, and keeps nothing: the state and the PKCE verifier travel
 * in a short-lived cookie of this origin, and the token goes straight to the tab that asked, never into an address, a
 * log or a store. Web APIs only (fetch, Web Crypto), so any host's runtime runs it.
 *
 *   GET /api/editor/sign-in     → GitHub's authorize page, with a fresh state and code challenge
 *   GET /api/editor/signed-in   ← GitHub sends the author back with a code; the code becomes a token, which a page of
 *                                 this origin hands to the editor's tab (sessionStorage), then opens the editor
 */
import { toBase64 } from '../model/base64.ts';

/** What the host holds: the GitHub app's id and secret (the two secrets docs/editor.md asks for), and where GitHub is. */
export interface SignInSettings {
  readonly GITHUB_CLIENT_ID?: string;
  readonly GITHUB_CLIENT_SECRET?: string;
  /** GitHub's address: https://github.com unless the site's repository lives on GitHub Enterprise. */
  readonly GITHUB_URL?: string;
}

export const SIGN_IN_PATH = '/api/editor/sign-in';
export const SIGNED_IN_PATH = '/api/editor/signed-in';
/** Where the editor lives on the site, which the author is taken back to once signed in. */
export const EDITOR_PATH = '/admin/';
/** Where the editor's tab finds the token the sign-in brought (the tab's sessionStorage). */
export const TOKEN_STORAGE_KEY = 'editor-github-token';

// __Host-: sent only to this origin over HTTPS (or to this computer), on every path, never set by a subdomain.
const COOKIE = '__Host-editor-sign-in';
const COOKIE_LIFETIME_S = 600;

/** Answers a request to one of the sign-in addresses; any other address is not this function's. */
export async function answerSignIn(
  request: Request,
  settings: SignInSettings,
  fetchGitHub: typeof fetch = fetch,
): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') return page(405, 'This address only opens pages.');
  const clientId = settings.GITHUB_CLIENT_ID?.trim();
  const secret = settings.GITHUB_CLIENT_SECRET?.trim();
  if (!clientId || !secret)
    return page(
      503,
      'Signing in with GitHub is not set up on this host: set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (docs/editor.md), or sign in with a token instead.',
    );
  const github = (settings.GITHUB_URL?.trim() || 'https://github.com').replace(/\/+$/, '');
  const redirectUri = `${url.origin}${SIGNED_IN_PATH}`;
  if (url.pathname === SIGN_IN_PATH) return startSignIn(github, clientId, redirectUri);
  if (url.pathname === SIGNED_IN_PATH)
    return finishSignIn(request, url, { github, clientId, secret, redirectUri }, fetchGitHub);
  return page(404, 'There is no page at this address.');
}

async function startSignIn(github: string, clientId: string, redirectUri: string): Promise<Response> {
  const state = randomText();
  const verifier = randomText();
  const authorize = new URL(`${github}/login/oauth/authorize`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    // An OAuth app needs a scope to write to the repository; a GitHub App ignores it and asks for its own permissions.
    scope: 'repo',
    state,
    code_challenge: await challengeOf(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return new Response(null, {
    status: 302,
    headers: {
      Location: authorize.toString(),
      'Set-Cookie': `${COOKIE}=${state}.${verifier}; Path=/; Max-Age=${COOKIE_LIFETIME_S}; HttpOnly; Secure; SameSite=Lax`,
      'Cache-Control': 'no-store',
    },
  });
}

interface Exchange {
  readonly github: string;
  readonly clientId: string;
  readonly secret: string;
  readonly redirectUri: string;
}

async function finishSignIn(request: Request, url: URL, exchange: Exchange, fetchGitHub: typeof fetch) {
  const [state, verifier] = cookieOf(request.headers.get('Cookie'), COOKIE)?.split('.') ?? [];
  const given = url.searchParams;
  if (given.get('error') === 'access_denied')
    return page(403, 'You did not allow the editor to use your GitHub account, so you are not signed in.', true);
  // The state proves this sign-in began in this browser, on this site: anything else is another site's doing.
  if (!state || !verifier || !sameText(given.get('state') ?? '', state))
    return page(400, 'This sign-in did not start here, or took longer than 10 minutes. Sign in again.', true);
  const code = given.get('code');
  if (!code) return page(400, 'GitHub sent no sign-in code. Sign in again.', true);
  let answer: { access_token?: string; error?: string; error_description?: string };
  try {
    const response = await fetchGitHub(`${exchange.github}/login/oauth/access_token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: exchange.clientId,
        client_secret: exchange.secret,
        code,
        redirect_uri: exchange.redirectUri,
        code_verifier: verifier,
      }),
    });
    answer = (await response.json()) as typeof answer;
  } catch {
    return page(502, 'GitHub could not be reached to finish signing in. Try again in a moment.', true);
  }
  if (!answer.access_token)
    return page(
      502,
      answer.error === 'incorrect_client_credentials'
        ? "GitHub refused this site's app: GITHUB_CLIENT_ID or GITHUB_CLIENT_SECRET on the host is not the app's. Ask whoever set up the site."
        : `GitHub did not sign you in (${answer.error_description ?? answer.error ?? 'no reason given'}). Sign in again.`,
      true,
    );
  return handOver(answer.access_token);
}

/**
 * The page that gives the token to the editor's tab: a script of its own (allowed by its nonce, and nothing else is)
 * writes it to the tab's sessionStorage and opens the editor in its place, so Back never returns here.
 */
function handOver(token: string): Response {
  const nonce = randomText();
  // JSON, with "<" escaped, can never end the script element it is written in.
  const value = JSON.stringify(token).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><p>Signing in…</p><script nonce="${nonce}">sessionStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${value}); location.replace(${JSON.stringify(EDITOR_PATH)});</script></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      ...PAGE_HEADERS,
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      'Set-Cookie': clearedCookie(),
    },
  });
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
} as const;

const clearedCookie = () => `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;

/** A page that says what happened, with a way back to the editor; the sign-in's cookie is cleared when it ended. */
function page(status: number, words: string, ended = false): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in to the editor</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Signing in to the editor</h1><p>${escapeHtml(words)}</p><p><a href="${EDITOR_PATH}">Back to the editor</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...PAGE_HEADERS,
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      ...(ended ? { 'Set-Cookie': clearedCookie() } : {}),
    },
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function cookieOf(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** 32 random bytes as URL-safe text: a state, a verifier, a nonce. */
function randomText(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

async function challengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

function base64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Compares in time that does not depend on where two texts differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
