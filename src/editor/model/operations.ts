/**
 * Every save and publish carries an id of its own, written into its commit as a trailer, so that a try made again
 * after an answer was lost on the way recognises its own earlier commit: never a conflict with oneself, never one's
 * own change shown as a teammate's. Plain functions, the same in both editors.
 */
import { contentHash } from '../../content/content-hash.ts';
import type { Attempt } from '../protocol/attempt.ts';

/** The trailer's name, at the end of a commit's message: "Site-Editor-Operation: <id>". */
const OPERATION_TRAILER = 'Site-Editor-Operation';

/**
 * A new random id, in the form of a UUID: from crypto.getRandomValues, which every browser has on every page (where
 * crypto.randomUUID needs a secure one, which a page inside another's frame may not be).
 */
export function randomId(): string {
  const hex = [...globalThis.crypto.getRandomValues(new Uint8Array(16))].map((byte) =>
    byte.toString(16).padStart(2, '0'),
  );
  return `${hex.slice(0, 4).join('')}-${hex.slice(4, 6).join('')}-${hex.slice(6, 8).join('')}-${hex.slice(8, 10).join('')}-${hex.slice(10).join('')}`;
}

/** A new operation's id. */
export const newOperationId = (): string => randomId();

/** Only an id as newOperationId makes them: a trailer never carries anything else. */
const ID = /^[0-9a-f-]{8,64}$/i;

/** The ids an attempt answers to, checked. */
export const idsOf = (attempt: Attempt | undefined): Set<string> =>
  new Set(
    [attempt?.id, ...(attempt?.earlier ?? [])].filter((id): id is string => typeof id === 'string' && ID.test(id)),
  );

/** A commit message with the operation's id as its last line, in git's trailer form. */
export function withOperation(message: string, id: string | undefined): string {
  if (!id || !ID.test(id)) return message;
  return `${message.trimEnd()}\n\n${OPERATION_TRAILER}: ${id}\n`;
}

/** The operation ids a commit message carries (none for a commit made outside the editor). */
function operationsIn(message: string): string[] {
  const found: string[] = [];
  for (const line of message.split('\n')) {
    const match = new RegExp(`^${OPERATION_TRAILER}: *(\\S+) *$`).exec(line.trim());
    if (match && ID.test(match[1]!)) found.push(match[1]!);
  }
  return found;
}

/** Whether a commit message is one of these attempts'. */
export const isOwnAttempt = (message: string, attempt: Attempt | undefined): boolean => {
  const ids = idsOf(attempt);
  return operationsIn(message).some((id) => ids.has(id));
};

/** A commit message without its operation trailer, as the author's history shows it. */
export const withoutOperation = (message: string): string =>
  message
    .split('\n')
    .filter((line) => !line.trim().startsWith(`${OPERATION_TRAILER}:`))
    .join('\n')
    .trimEnd();

/**
 * A short fingerprint of data, the same for the same values whatever the order of keys: what a draft keeps of a save
 * it sent, to know that save's text again without keeping a second copy of it.
 */
export const fingerprintOf = (data: unknown): string => contentHash(stableText(data));

/** JSON with every object's keys in order. */
function stableText(data: unknown): string {
  if (Array.isArray(data)) return `[${data.map(stableText).join(',')}]`;
  if (typeof data === 'object' && data !== null)
    return `{${Object.keys(data)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableText((data as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(data) ?? 'null';
}
