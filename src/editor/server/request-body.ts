import type { IncomingMessage } from 'node:http';
import { Refused, refusalWords } from '../protocol/refusals.ts';

/** A request whose body was larger than the route accepts; `limit` is what it accepts, in bytes. */
export class BodyTooLarge extends Refused {
  constructor(readonly limit: number) {
    super('requestTooLarge', refusalWords('requestTooLarge'));
  }
}

/**
 * How long a body may send nothing before the editor stops waiting for it: a stalled request holds nothing for long.
 */
export const BODY_IDLE_MS = 10_000;

/** A request whose body stopped arriving midway. */
export class BodyIdle extends Refused {
  constructor() {
    super('requestStalled', refusalWords('requestStalled', String(BODY_IDLE_MS / 1000)));
  }
}

/**
 * Hands the request's body to `take` chunk by chunk, until it ends (true) or `take` returns false (false). After a
 * stop the rest of the body is read and dropped as it arrives, never held, so the answer can go out at once. A body
 * that sends nothing for BODY_IDLE_MS rejects with BodyIdle.
 */
export function eachChunk(request: IncomingMessage, take: (chunk: Buffer) => boolean): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let idle: NodeJS.Timeout;
    const wait = () => {
      clearTimeout(idle);
      idle = setTimeout(() => onError(new BodyIdle()), BODY_IDLE_MS);
    };
    const detach = () => {
      clearTimeout(idle);
      request.off('data', onData).off('end', onEnd).off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      wait();
      let goOn: boolean;
      try {
        goOn = take(chunk);
      } catch (error) {
        goOn = false;
        onError(error as Error);
        return;
      }
      if (!goOn) {
        detach();
        request.resume();
        resolve(false);
      }
    };
    const onEnd = () => {
      detach();
      resolve(true);
    };
    const onError = (error: Error) => {
      detach();
      request.resume();
      reject(error);
    };
    request.on('data', onData).on('end', onEnd).on('error', onError);
    wait();
  });
}

/** The request's body, when it is at most `limit` bytes (as declared and as sent); BodyTooLarge otherwise. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    request.resume();
    throw new BodyTooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const whole = await eachChunk(request, (chunk) => {
    size += chunk.length;
    chunks.push(chunk);
    return size <= limit;
  });
  if (!whole) throw new BodyTooLarge(limit);
  return Buffer.concat(chunks, size);
}
