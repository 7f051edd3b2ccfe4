import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BODY_IDLE_MS, BodyIdle, BodyTooLarge, readBody } from './request-body.ts';

/** A request body as a stream the test writes to, as a client sends it. */
const body = (headers: Record<string, string> = {}) =>
  Object.assign(new PassThrough(), { headers }) as unknown as IncomingMessage & PassThrough;

afterEach(() => vi.useRealTimers());

describe('reading a request body', () => {
  it('reads a body sent in parts, however slowly, as long as it keeps coming', async () => {
    vi.useFakeTimers();
    const request = body();
    const read = readBody(request, 1000);
    for (const part of ['{"a"', ':', '1}']) {
      request.write(part);
      await vi.advanceTimersByTimeAsync(BODY_IDLE_MS - 1);
    }
    request.end();
    expect((await read).toString()).toBe('{"a":1}');
  });

  it('stops waiting for a body that stalls midway, and says so', async () => {
    vi.useFakeTimers();
    const request = body();
    const read = readBody(request, 1000);
    request.write('x'.repeat(100));
    const refused = expect(read).rejects.toBeInstanceOf(BodyIdle);
    await vi.advanceTimersByTimeAsync(BODY_IDLE_MS);
    await refused;
  });

  it('refuses a body larger than the limit, as declared and as sent', async () => {
    await expect(readBody(body({ 'content-length': '2000' }), 1000)).rejects.toBeInstanceOf(BodyTooLarge);
    const request = body();
    const read = readBody(request, 10);
    request.end('x'.repeat(11));
    await expect(read).rejects.toBeInstanceOf(BodyTooLarge);
  });
});
