/**
 * Talking to GitHub from the browser (and from Node alike, fetch only): REST and GraphQL requests with the author's
 * token in a header and never a cookie, each ended after REQUEST_TIMEOUT_MS, and every refusal turned into a
 * GitHubRefusal that says in words what happened and what to do. github-api.ts asks its questions through it.
 */
// Types only: GitHub's own description of its REST API, so a path or a field GitHub does not have fails the type check.
import type { paths } from '@octokit/openapi-types';
import { refusalWords } from '../protocol/refusals.ts';

/** How long a request to GitHub may take before the editor gives up on it and says so. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface GitHubSettings {
  /** The REST API's address: https://api.github.com, or https://<host>/api/v3 on GitHub Enterprise. */
  readonly api: string;
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
}

export type RefusalKind =
  'signed-out' | 'no-permission' | 'not-found' | 'rate-limited' | 'protected' | 'moved' | 'unreachable' | 'refused';

/**
 * The status of a refusal the page takes as an action's answer, as npm run edit's server answers its own (protocol/
 * editor-backend.ts: one rule for both editors). A sign-in GitHub no longer takes leads back to signing in, an answer
 * that never came may still land, and a status nobody foresaw is GitHub's failure: those three are thrown.
 */
const ANSWERED_STATUS: Partial<Record<RefusalKind, number>> = {
  'no-permission': 403,
  protected: 403,
  'not-found': 404,
  moved: 409,
  'rate-limited': 429,
};

/** GitHub said no, or could not be reached: what happened, in the author's words. */
export class GitHubRefusal extends Error {
  /** Its status when the page takes it as the action's answer (protocol/refusals.ts, isAnsweredRefusal). */
  readonly status: number | undefined;

  constructor(
    readonly kind: RefusalKind,
    words: string,
  ) {
    super(words);
    this.name = 'GitHubRefusal';
    this.status = ANSWERED_STATUS[kind];
  }

  /** Whether no answer came (protocol/editor-backend.ts, isAnswerLost): what was asked may have been done. */
  get answerLost(): boolean {
    return this.kind === 'unreachable';
  }
}

/** A REST path as GitHub's description names it: its template, as "/repos/{owner}/{repo}/git/trees/{tree_sha}". */
export type RestPath = keyof paths;
/** The methods GitHub answers on a path, as the request sends them ("GET", "POST"). */
export type RestMethod<P extends RestPath> = Uppercase<Extract<keyof paths[P], string>>;
type Operation<P extends RestPath, M extends RestMethod<P>> = paths[P][Lowercase<M> & keyof paths[P]];

/**
 * What a request names besides the template: its path's parameters (but owner and repo, the site's own) and its query,
 * as GitHub's description types them.
 */
export type RestParams<P extends RestPath, M extends RestMethod<P>> = (Operation<P, M> extends {
  parameters: { path: infer Given };
}
  ? Omit<Given, 'owner' | 'repo'>
  : unknown) &
  (Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : unknown);

/** The JSON body GitHub takes on a path, when it takes one. */
export type RestBody<P extends RestPath, M extends RestMethod<P>> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** GitHub's answer to a request that went through: the JSON of its 2xx answers. */
export type RestAnswer<P extends RestPath, M extends RestMethod<P>> =
  Operation<P, M> extends { responses: infer Answers }
    ? JsonOf<Answers[Extract<keyof Answers, 200 | 201 | 202>]>
    : never;
type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Json } } ? Json : undefined;

/** The body as an argument: required where GitHub requires one, optional where it may be left out, else none. */
type BodyArgument<P extends RestPath, M extends RestMethod<P>> =
  Operation<P, M> extends { requestBody: unknown }
    ? [body: RestBody<P, M>]
    : Operation<P, M> extends { requestBody?: unknown }
      ? [body?: RestBody<P, M>]
      : [];

export class GitHubHttp {
  readonly #settings: GitHubSettings;
  readonly #fetch: typeof fetch;
  /** Ends every request of an action the page stopped waiting for, and keeps any more from starting. */
  readonly #stopped?: AbortSignal;

  constructor(settings: GitHubSettings, fetchImpl: typeof fetch = (...args) => fetch(...args), stopped?: AbortSignal) {
    this.#settings = { ...settings, api: settings.api.replace(/\/+$/, '') };
    this.#fetch = fetchImpl;
    this.#stopped = stopped;
  }

  /** The same requests, for one action: once `stopped` fires, none of them starts and those under way end. */
  until(stopped: AbortSignal): GitHubHttp {
    return new GitHubHttp(this.#settings, this.#fetch, stopped);
  }

  /** The site's repository, as owner/name. */
  get repository(): string {
    return `${this.#settings.owner}/${this.#settings.repo}`;
  }

  /**
   * A REST request, named as GitHub's description names it: its method, its path template ({owner} and {repo} are the
   * site's), the template's other parameters and the query in `params` (each escaped; the query in the order given),
   * and its body; answered with GitHub's answer as the description types it.
   */
  rest<P extends RestPath, M extends RestMethod<P>>(
    method: M,
    path: P,
    params: RestParams<P, M>,
    ...body: BodyArgument<P, M>
  ): Promise<RestAnswer<P, M>> {
    return this.#request(
      method,
      `${this.#settings.api}${this.#filled(path, params as Record<string, unknown>)}`,
      body[0],
    );
  }

  /** A path template with its parameters in place, and the parameters it does not name as its query. */
  #filled(template: string, params: Record<string, unknown>): string {
    // Owner and repository names, as GitHub allows them, hold nothing a URL escapes.
    const own: Record<string, string> = { owner: this.#settings.owner, repo: this.#settings.repo };
    const named = new Set<string>();
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      named.add(name);
      return own[name] ?? encodePath(String(params[name]));
    });
    const query = Object.entries(params)
      .filter(([name, value]) => !named.has(name) && value !== undefined)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
    return query.length === 0 ? path : `${path}?${query.join('&')}`;
  }

  /** A GraphQL request, answered as GitHub answers it: its data, or its errors. */
  graphql<T>(query: string, variables: Record<string, unknown>): Promise<{ data?: T; errors?: { message: string }[] }> {
    return this.#request('POST', this.#graphql, { query, variables });
  }

  /** A GraphQL query on the site's repository: its answer's `repository`, or a refusal in words. */
  async graphqlRepository<T>(query: string, variables: Record<string, string> = {}): Promise<T> {
    const answer = await this.graphql<{ repository?: T | null }>(query, {
      owner: this.#settings.owner,
      name: this.#settings.repo,
      ...variables,
    });
    const found = answer.data?.repository;
    if (!found)
      throw new GitHubRefusal(
        'refused',
        refusalWords('gitHubGaveNoFiles', answer.errors?.map((error) => error.message).join(' ') ?? 'no reason given'),
      );
    return found;
  }

  get #graphql(): string {
    const { api } = this.#settings;
    return api.endsWith('/api/v3') ? `${api.slice(0, -'/v3'.length)}/graphql` : `${api}/graphql`;
  }

  async #request<T>(method: string, url: string, body?: unknown): Promise<T> {
    if (this.#stopped?.aborted) throw new GitHubRefusal('unreachable', refusalWords('stoppedWaiting'));
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers: {
          Accept: 'application/vnd.github+json',
          Authorization: `Bearer ${this.#settings.token}`,
          'X-GitHub-Api-Version': '2022-11-28',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The token goes in a header, never in a cookie: nothing of the site's is sent along.
        credentials: 'omit',
        cache: 'no-store',
        // A request GitHub never answers ends, so the editor never waits for ever.
        signal: this.#stopped ? AbortSignal.any([timeout, this.#stopped]) : timeout,
      });
    } catch {
      throw new GitHubRefusal(
        'unreachable',
        this.#stopped?.aborted
          ? refusalWords('stoppedWaiting')
          : timeout.aborted
            ? refusalWords('gitHubNoAnswer', String(REQUEST_TIMEOUT_MS / 1000))
            : refusalWords('gitHubUnreachable'),
      );
    }
    if (!response.ok) throw await this.#refusalOf(response);
    // What a network between the author and GitHub may put in GitHub's place (a Wi-Fi's sign-in page) is no answer.
    try {
      return (await response.json()) as T;
    } catch {
      throw new GitHubRefusal('unreachable', refusalWords('notGitHubsAnswer'));
    }
  }

  async #refusalOf(response: Response): Promise<GitHubRefusal> {
    const said = ((await response.json().catch(() => ({}))) as { message?: string }).message ?? '';
    // A header GitHub left out reads as no time at all, never as 1970 ("try again at 12:00 AM").
    const secondsIn = (header: string) => {
      const value = Number(response.headers.get(header) ?? NaN);
      return Number.isFinite(value) && value > 0 ? value : undefined;
    };
    const resetAt = secondsIn('x-ratelimit-reset');
    const retryAfter = secondsIn('retry-after');
    if (
      response.status === 429 ||
      (response.status === 403 && (response.headers.get('x-ratelimit-remaining') === '0' || retryAfter))
    ) {
      const at = retryAfter ? Date.now() + retryAfter * 1000 : resetAt ? resetAt * 1000 : undefined;
      // A time that has passed already, or lies days ahead, is no time to wait for.
      const time =
        at === undefined || at < Date.now() || at > Date.now() + 24 * 3600_000
          ? 'in a few minutes'
          : `at ${new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
      return new GitHubRefusal('rate-limited', refusalWords('rateLimited', time));
    }
    if (response.status === 401) return new GitHubRefusal('signed-out', refusalWords('signedOut'));
    if (response.status === 403)
      return new GitHubRefusal('no-permission', refusalWords('noPermission', this.repository));
    if (response.status === 404) return new GitHubRefusal('not-found', refusalWords('notFound', this.repository));
    return new GitHubRefusal('refused', refusalWords('gitHubRefused', `${response.status}${said ? `: ${said}` : ''}`));
  }
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
