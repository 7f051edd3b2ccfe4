import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header every API request carries with the editor's per-session token. */
export const TOKEN_HEADER = 'x-editor-token';

export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/** The names this editor answers to: the loopback address and localhost, on its own port. */
const hostsOf = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`];

/**
 * Why a request must be refused, or undefined when it may go on:
 * - a Host other than this editor's (a web page whose name was pointed at 127.0.0.1, "DNS rebinding") for any request;
 * - for the API, a missing or wrong token (only the editor's own page has it);
 * - for anything that writes, an Origin other than the editor's own (a web page the author visits cannot post here).
 */
export function refusalFor(request: { method?: string; url?: string; headers: IncomingHttpHeaders }, port: number, token: string): Refusal | undefined {
  const host = request.headers.host ?? '';
  if (!hostsOf(port).includes(host)) return { status: 421, message: `This editor answers only at http://127.0.0.1:${port}/.` };
  const isApi = (request.url ?? '').startsWith('/api/');
  if (!isApi) return undefined;
  const given = request.headers[TOKEN_HEADER];
  if (typeof given !== 'string' || given.length !== token.length || !timingSafeEqual(Buffer.from(given), Buffer.from(token))) {
    return { status: 403, message: 'This request does not carry the editor session token. Reload the editor page.' };
  }
  const writes = !['GET', 'HEAD'].includes(request.method ?? 'GET');
  if (writes && request.headers.origin !== `http://${host}`) {
    return { status: 403, message: 'Changes are accepted only from the editor page itself.' };
  }
  return undefined;
}
