import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { BareRepository } from './bare-repository.ts';
import {
  graphqlAnswerProblems,
  graphqlRequestProblems,
  restAnswerProblems,
  restRequestProblems,
} from './github-api-check.ts';
import {
  answerApi,
  noBuildRecords,
  type Account,
  type ApiAnswer,
  type StandInRepository,
} from './github-stand-in-api.ts';

/**
 * A stand-in for GitHub, for tests: GitHub itself cannot run on this machine. It answers exactly the parts of GitHub
 * the editor uses, as GitHub documents them, and nothing else: the OAuth web flow (the authorize page, which here
 * approves at once, and the token endpoint, which checks the app's secret, the code, its address and PKCE as GitHub
 * does), and the REST and GraphQL calls of src/editor/github/github-api.ts on one repository, kept in a real bare git
 * repository (github-stand-in-api.ts, bare-repository.ts). Small on purpose, so that a reader can check it against
 * GitHub's documentation.
 *
 * Held to GitHub's own description of its API (github-api-check.ts): every REST request's endpoint, query and body, and
 * every answer's status and body, against the JSON schemas of github-api-schemas.json (from GitHub's OpenAPI
 * description of api.github.com, @octokit/openapi in the version the file names, the one @octokit/openapi-types was
 * made from); every GraphQL document, its variables and its answer's data against GitHub's schema
 * (@octokit/graphql-schema). A mismatch is answered 500 in words and kept in `violations`, and close() then fails, so the test that used it fails. The answers
 * carry every field GitHub always sends (github-stand-in-answers.ts). `npx tsx scripts/github-api-schemas.ts` writes
 * the schemas file again (after a new @octokit/openapi-types, or for a new endpoint). The sign-in pages of github.com
 * are not part of that description and are not checked by it.
 */
export interface GitHubStandIn {
  /** Its address: GitHub's (github.com) for signing in, and its API's (api.github.com) too. */
  readonly url: string;
  /** The app the stand-in knows: a site's GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET. */
  readonly app: { readonly clientId: string; readonly secret: string };
  /** The tokens it has given by signing in, newest last. */
  readonly tokens: readonly string[];
  /** How many times its token endpoint was asked. */
  readonly tokenRequests: number;
  /** Every API request, as "METHOD /path", oldest first. */
  readonly requests: readonly string[];
  /**
   * Each request the stand-in was sent and each answer it gave that GitHub's description would not have, in words
   * (github-api-check.ts); each was answered 500 with the same words. close() fails while there is one: a test that
   * means to send one takes it out of this list.
   */
  readonly violations: string[];
  /** Whether the author, asked on the authorize page, refuses the app. */
  refuse: boolean;
  /** Whether GitHub's rate limit is spent: every API request is refused until it is not. */
  rateLimited: boolean;
  /** Branches that take changes only through a pull request. */
  readonly protectedBranches: Set<string>;
  /**
   * Faults of the network between the editor and GitHub, for the next API requests that match: the request is done
   * and its answer lost on the way ('lose-answer'), or it is never answered ('hang'), or it never arrives ('drop'), or
   * it is done `ms` after the editor gave up waiting for it, its answer lost ('land-late'), or answered `ms` late
   * ('slow').
   * Each fault is used once.
   */
  readonly faults: StandInFault[];
  /** A token for an account (as a fine-grained token the author pastes); signing in gives the first account's. */
  tokenFor(account: Account): string;
  /** Withdraws a token, as an author who revokes it or a token that expires. */
  revoke(token: string): void;
  close(): Promise<void>;
}

/** A fault of the network for one request that matches: by its method and path, and a text its body holds. */
export interface StandInFault {
  readonly kind: 'lose-answer' | 'hang' | 'drop' | 'land-late' | 'slow';
  /** How long after the editor gave up a 'land-late' request is done, or how late a 'slow' one is answered. */
  readonly ms?: number;
  readonly method?: string;
  readonly path?: RegExp;
  readonly body?: string;
}

interface Grant {
  readonly redirectUri: string;
  readonly challenge: string;
}

/**
 * Starts the stand-in on a port of its own (or the one given), knowing one app (a new one, or the one given), and the
 * repository (a bare git repository, named owner/name) and accounts given.
 */
export async function startGitHubStandIn(
  options: {
    port?: number;
    app?: GitHubStandIn['app'];
    repository?: { path: string; owner: string; name: string };
    accounts?: readonly Account[];
  } = {},
): Promise<GitHubStandIn> {
  const grants = new Map<string, Grant>();
  const tokens: string[] = [];
  const holders = new Map<string, Account>();
  const requests: string[] = [];
  const violations: string[] = [];
  const accounts = options.accounts ?? [{ login: 'ama', name: 'Ama Mensah', email: 'ama@example.org', canWrite: true }];
  const app = options.app ?? {
    clientId: `Iv1.${randomBytes(8).toString('hex')}`,
    secret: randomBytes(20).toString('hex'),
  };
  const repository: StandInRepository | undefined = options.repository && {
    git: new BareRepository(options.repository.path),
    owner: options.repository.owner,
    name: options.repository.name,
    pulls: [],
    builds: noBuildRecords(),
    accounts,
  };
  let tokenRequests = 0;
  // Answers are made one at a time, in the order begun: one that waits on git never lets another see its work half
  // done, nor a test see it after the answer was lost or the stand-in closed.
  let answering: Promise<unknown> = Promise.resolve();

  const tokenFor = (account: Account) => {
    const token = `github_pat_${randomBytes(18).toString('base64url')}`;
    holders.set(token, account);
    return token;
  };

  const authorize = (url: URL, response: ServerResponse) => {
    const given = url.searchParams;
    const redirectUri = given.get('redirect_uri') ?? '';
    if (given.get('client_id') !== app.clientId || !/^https?:\/\//.test(redirectUri))
      return send(response, { status: 404, body: 'No such application.' });
    const back = new URL(redirectUri);
    if (standIn.refuse) back.searchParams.set('error', 'access_denied');
    else {
      if (given.get('code_challenge_method') !== 'S256')
        return send(response, { status: 400, body: 'Only S256 code challenges are accepted.' });
      const code = randomBytes(10).toString('hex');
      grants.set(code, { redirectUri, challenge: given.get('code_challenge') ?? '' });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', given.get('state') ?? '');
    send(response, { status: 302, headers: { Location: back.toString() } });
  };

  // GitHub answers 200 with an error field when it refuses an exchange.
  const exchange = (form: URLSearchParams): ApiAnswer => {
    tokenRequests += 1;
    if (form.get('client_id') !== app.clientId || form.get('client_secret') !== app.secret)
      return {
        body: {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
        },
      };
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge)
      return {
        body: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
      };
    const token = tokenFor(accounts[0]!);
    tokens.push(token);
    return { body: { access_token: token, token_type: 'bearer', scope: 'repo' } };
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') return authorize(url, response);
    void bodyOf(request).then((body) => {
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token')
        return send(response, exchange(new URLSearchParams(body)));
      // The API answers the browser from any origin, as GitHub's does, with the token in a header.
      if (request.method === 'OPTIONS') return send(response, { status: 204 });
      requests.push(`${request.method} ${url.pathname}`);
      const method = request.method ?? 'GET';
      const graphql = method === 'POST' && url.pathname === '/graphql';
      // Held to GitHub's description: a request GitHub would not take, or an answer it would never give, is a 500 that
      // says why, and a violation that fails the test.
      const violated = (problems: string[]): ApiAnswer => {
        violations.push(...problems);
        return { status: 500, body: { message: `Not as GitHub's API is described: ${problems.join(' ')}` } };
      };
      const checked = (answer: ApiAnswer): ApiAnswer => {
        const status = answer.status ?? 200;
        const problems = !graphql
          ? restAnswerProblems(method, url, status, answer.body)
          : status === 200
            ? graphqlAnswerProblems(body, answer.body)
            : [];
        return problems.length === 0 ? answer : violated(problems);
      };
      const refused = graphql ? graphqlRequestProblems(body) : restRequestProblems(method, url, body);
      if (refused.length > 0) return send(response, violated(refused));
      const fault = standIn.faults.findIndex(
        (candidate) =>
          (candidate.method === undefined || candidate.method === request.method) &&
          (candidate.path === undefined || candidate.path.test(url.pathname)) &&
          (candidate.body === undefined || body.includes(candidate.body)),
      );
      const { kind, ms = 0 } = fault === -1 ? { kind: undefined } : standIn.faults.splice(fault, 1)[0]!;
      if (kind === 'hang') return;
      if (kind === 'drop') return void request.socket.destroy();
      const token = /^(?:Bearer|token) (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      const caller = token ? holders.get(token) : undefined;
      const answer = (): Promise<ApiAnswer> => {
        const done = answering.then(() =>
          answerSafely({ method, url, body }, caller!, repository, standIn.protectedBranches, standIn.url),
        );
        answering = done;
        return done.then(checked);
      };
      if (kind === 'lose-answer') {
        // Done, as GitHub would do it, and the answer lost on the way back.
        return void (caller ? answer() : Promise.resolve()).then(() => request.socket.destroy());
      }
      // GitHub went on with a request the editor stopped waiting for, and did it later.
      if (kind === 'land-late')
        return void request.socket.once('close', () => setTimeout(() => caller && answer(), ms));
      if (kind === 'slow')
        return void setTimeout(async () => send(response, caller ? await answer() : checked(badCredentials)), ms);
      if (standIn.rateLimited)
        return send(
          response,
          checked({
            status: 403,
            headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 600) },
            body: { message: 'API rate limit exceeded', documentation_url: DOCUMENTATION },
          }),
        );
      if (!caller) return send(response, checked(badCredentials));
      void answer().then((done) => send(response, done));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const standIn: GitHubStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    app,
    tokens,
    get tokenRequests() {
      return tokenRequests;
    },
    requests,
    violations,
    refuse: false,
    rateLimited: false,
    protectedBranches: new Set(),
    faults: [],
    tokenFor,
    revoke: (token) => void holders.delete(token),
    // Connections still open (a keep-alive socket of the browser or of the host's function) are ended, not waited for:
    // the test is over. What GitHub would not have done fails it.
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await answering;
      await repository?.git.close();
      if (violations.length > 0)
        throw new Error(`The GitHub stand-in was used as GitHub's API never is:\n${violations.join('\n')}`);
    },
  };
  return standIn;
}

/** Where GitHub's errors point to. */
const DOCUMENTATION = 'https://docs.github.com/rest';
const badCredentials: ApiAnswer = {
  status: 401,
  body: { message: 'Bad credentials', documentation_url: DOCUMENTATION },
};

/** The API's answer; a fault of the stand-in's own answers 500, as GitHub's would, instead of leaving the request open. */
async function answerSafely(...args: Parameters<typeof answerApi>): Promise<ApiAnswer> {
  try {
    return await answerApi(...args);
  } catch (fault) {
    return { status: 500, body: { message: `The stand-in failed: ${(fault as Error).message}` } };
  }
}

function send(response: ServerResponse, answer: ApiAnswer) {
  // The editor may have stopped waiting (or the stand-in closed) while the answer was made.
  if (response.req.socket.destroyed) return;
  const text =
    answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  // Compressed for a client that takes it, as GitHub's API answers: a phone's wait is the bytes it is sent.
  const compressed = text.length > 1024 && /\bgzip\b/.test(String(response.req.headers['accept-encoding'] ?? ''));
  response
    .writeHead(answer.status ?? 200, {
      ...(compressed ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      'Content-Type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-GitHub-Api-Version',
      'Access-Control-Allow-Methods': 'GET, POST, PATCH, OPTIONS',
      'Access-Control-Expose-Headers': 'x-ratelimit-remaining, x-ratelimit-reset, retry-after',
      ...answer.headers,
    })
    .end(compressed ? gzipSync(text) : text);
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
