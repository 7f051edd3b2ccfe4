/**
 * Talking to GitHub from the browser (and from Node alike, fetch only): REST and GraphQL requests with the author's
 * token in a header and never a cookie, each ended after REQUEST_TIMEOUT_MS, and every refusal turned into a
 * GitHubRefusal that says in words what happened and what to do. github-api.ts asks its questions through it.
 */
import { refusalWords } from '../protocol/refusals.ts';

/** How long a request to GitHub may take before the editor gives up on it and says so. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface GitHubSettings {
  /** The REST API's address: https://api.github.com, or https://<host>/api/v3 on GitHub Enterprise. */
  readonly api: string;
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
}

export type RefusalKind =
  'signed-out' | 'no-permission' | 'not-found' | 'rate-limited' | 'protected' | 'moved' | 'unreachable' | 'refused';

/** GitHub said no, or could not be reached: what happened, in the author's words. */
export class GitHubRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    words: string,
  ) {
    super(words);
    this.name = 'GitHubRefusal';
  }
}

export class GitHubHttp {
  readonly #settings: GitHubSettings;
  readonly #fetch: typeof fetch;

  constructor(settings: GitHubSettings, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
    this.#settings = { ...settings, api: settings.api.replace(/\/+$/, '') };
    this.#fetch = fetchImpl;
  }

  /** The site's repository, as owner/name. */
  get repository(): string {
    return `${this.#settings.owner}/${this.#settings.repo}`;
  }

  /** A REST request on a path of the API (/repos/…). */
  rest<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.#request<T>(method, `${this.#settings.api}${path}`, body);
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
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (failure) {
      throw new GitHubRefusal(
        'unreachable',
        (failure as Error)?.name === 'TimeoutError'
          ? refusalWords('gitHubNoAnswer', String(REQUEST_TIMEOUT_MS / 1000))
          : refusalWords('gitHubUnreachable'),
      );
    }
    if (response.ok) return (await response.json()) as T;
    throw await this.#refusalOf(response);
  }

  async #refusalOf(response: Response): Promise<GitHubRefusal> {
    const said = ((await response.json().catch(() => ({}))) as { message?: string }).message ?? '';
    const resetAt = Number(response.headers.get('x-ratelimit-reset'));
    const retryAfter = Number(response.headers.get('retry-after'));
    if (
      response.status === 429 ||
      (response.status === 403 && (response.headers.get('x-ratelimit-remaining') === '0' || retryAfter > 0))
    ) {
      const at = new Date(retryAfter > 0 ? Date.now() + retryAfter * 1000 : resetAt * 1000);
      const time = Number.isNaN(at.getTime())
        ? 'in a few minutes'
        : `at ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
      return new GitHubRefusal('rate-limited', refusalWords('rateLimited', time));
    }
    if (response.status === 401) return new GitHubRefusal('signed-out', refusalWords('signedOut'));
    if (response.status === 403)
      return new GitHubRefusal('no-permission', refusalWords('noPermission', this.repository));
    if (response.status === 404) return new GitHubRefusal('not-found', refusalWords('notFound', this.repository));
    return new GitHubRefusal('refused', refusalWords('gitHubRefused', `${response.status}${said ? `: ${said}` : ''}`));
  }
}

export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at += 1) bytes[at] = binary.charCodeAt(at);
  return bytes;
}
