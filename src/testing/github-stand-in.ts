import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub, for tests: GitHub itself cannot run on this machine. It answers exactly the parts of GitHub
 * the editor uses, as GitHub documents them, and nothing else: so far the OAuth web flow (the authorize page, which
 * here approves at once, and the token endpoint, which checks the app's secret, the code, its address and PKCE as
 * GitHub does). Small on purpose, so that a reader can check it against GitHub's documentation.
 */
export interface GitHubStandIn {
  readonly url: string;
  /** The app the stand-in knows: a site's GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET. */
  readonly app: { readonly clientId: string; readonly secret: string };
  /** The tokens it has given, newest last. */
  readonly tokens: readonly string[];
  /** How many times its token endpoint was asked. */
  readonly tokenRequests: number;
  /** Whether the author, asked on the authorize page, refuses the app. */
  refuse: boolean;
  close(): Promise<void>;
}

interface Grant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string;
}

/** Starts the stand-in on a port of its own (or the one given), knowing one app (a new one, or the one given). */
export async function startGitHubStandIn(
  options: { port?: number; app?: GitHubStandIn['app'] } = {},
): Promise<GitHubStandIn> {
  const grants = new Map<string, Grant>();
  const tokens: string[] = [];
  const app = options.app ?? {
    clientId: `Iv1.${randomBytes(8).toString('hex')}`,
    secret: randomBytes(20).toString('hex'),
  };
  let tokenRequests = 0;

  const authorize = (url: URL, response: ServerResponse) => {
    const given = url.searchParams;
    const redirectUri = given.get('redirect_uri') ?? '';
    if (given.get('client_id') !== app.clientId || !/^https?:\/\//.test(redirectUri))
      return answer(response, 404, 'text/plain', 'No such application.');
    const back = new URL(redirectUri);
    if (standIn.refuse) back.searchParams.set('error', 'access_denied');
    else {
      if (given.get('code_challenge_method') !== 'S256')
        return answer(response, 400, 'text/plain', 'Only S256 code challenges are accepted.');
      const code = randomBytes(10).toString('hex');
      grants.set(code, { clientId: app.clientId, redirectUri, challenge: given.get('code_challenge') ?? '' });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', given.get('state') ?? '');
    response.writeHead(302, { Location: back.toString() }).end();
  };

  // GitHub answers 200 with an error field when it refuses an exchange.
  const exchange = (form: URLSearchParams, response: ServerResponse) => {
    tokenRequests += 1;
    if (form.get('client_id') !== app.clientId || form.get('client_secret') !== app.secret)
      return json(response, {
        error: 'incorrect_client_credentials',
        error_description: 'The client_id and/or client_secret passed are incorrect.',
      });
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge)
      return json(response, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      });
    const token = `gho_${randomBytes(18).toString('base64url')}`;
    tokens.push(token);
    return json(response, { access_token: token, token_type: 'bearer', scope: 'repo' });
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') return authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token')
      return void bodyOf(request).then((body) => exchange(new URLSearchParams(body), response));
    answer(response, 404, 'application/json', JSON.stringify({ message: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const standIn: GitHubStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    app,
    tokens,
    get tokenRequests() {
      return tokenRequests;
    },
    refuse: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

function answer(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'Content-Type': type }).end(body);
}

const json = (response: ServerResponse, body: object) =>
  answer(response, 200, 'application/json', JSON.stringify(body));

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
