/**
 * The checker in a browser worker: it is sent a site's files held in memory and this project's schemas, and answers
 * with what check-site.ts finds, off the page's thread. It is the same checker the CLI, the build and the editor's
 * server run; nothing it imports uses a Node API (the browser test bundles it for the browser alone).
 */
import type { AnySchemaObject } from 'ajv';
import { checkSite, type ConfigValidation } from './check-site.ts';
import { siteContentsInMemory } from './site-contents.ts';

/** What the worker is sent: every file of the site by its path (config/site.json), and the schemas by theirs. */
export interface CheckRequest {
  readonly files: ReadonlyMap<string, string | Uint8Array | null>;
  readonly schemas: ReadonlyMap<string, AnySchemaObject>;
  /** Unsaved texts of config files by their path under config/, or null for a file to be removed. */
  readonly unsaved?: ReadonlyMap<string, string | null>;
}

export type CheckAnswer = ConfigValidation | { readonly error: string };

/** Checks one request; a bug of the checker comes back in words, never as a worker that stopped answering. */
export function answerCheck(request: CheckRequest): CheckAnswer {
  try {
    return checkSite(siteContentsInMemory(request.files, request.schemas), { unsaved: request.unsaved });
  } catch (error) {
    return { error: `The check could not run: ${error instanceof Error ? error.message : String(error)}` };
  }
}

// In a worker (and only there), each message is a request and gets its answer.
const scope = globalThis as unknown as {
  WorkerGlobalScope?: unknown;
  onmessage: ((event: { data: CheckRequest }) => void) | null;
  postMessage: (answer: CheckAnswer) => void;
};
if (typeof scope.WorkerGlobalScope !== 'undefined')
  scope.onmessage = (event) => scope.postMessage(answerCheck(event.data));
