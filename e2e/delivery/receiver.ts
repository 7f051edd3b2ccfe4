import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One delivery as the receiver got it. */
export interface Received {
  readonly path: string;
  /** The Host the request was addressed to, such as 127.0.0.1:4322. */
  readonly host: string;
  readonly origin: string | undefined;
  readonly contentType: string | undefined;
  /** The answers, read as the content type says: JSON, or form-encoded. */
  readonly fields: Record<string, unknown>;
}

/**
 * How the receiver answers a delivery: "ok" (200), "error" (500), "drop" (closes the connection without a word, as
 * an unreachable network does) or "hang" (never answers, so the site's timeout has to end it).
 */
export type Answer = 'ok' | 'error' | 'drop' | 'hang';

/**
 * A form endpoint on this machine (127.0.0.1), as a form service or webhook would be: it records what it receives
 * and answers as the test tells it. It allows cross-origin posts from any page (CORS), as form services do, so only
 * the site's own Content-Security-Policy decides where answers may go.
 */
export class Receiver {
  readonly received: Received[] = [];
  private answer: Answer = 'ok';
  private delayMs = 0;
  /** While set, every answer waits for it: the page stays in its sending state until the test moves on. */
  private held: Promise<void> | undefined;
  private releaseHeld: (() => void) | undefined;
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;

  /**
   * How every delivery from now on is answered, after `delayMs`. A browser may send a post again by itself when a
   * connection drops, so a failure stands until the test says otherwise, as a real outage would.
   */
  answerWith(answer: Answer, delayMs = 0): void {
    this.answer = answer;
    this.delayMs = delayMs;
  }

  /**
   * Holds every answer from now on until the returned function is called: what a page shows while it waits is seen
   * however busy the machine is, never raced against a delay.
   */
  holdAnswers(): () => void {
    this.held = new Promise((resolve) => (this.releaseHeld = resolve));
    return () => this.release();
  }

  private release(): void {
    this.releaseHeld?.();
    this.held = undefined;
    this.releaseHeld = undefined;
  }

  reset(): void {
    this.received.length = 0;
    this.answerWith('ok');
    this.release();
  }

  async start(port: number): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // A worker that replaced one after a failed test may find the port still closing for a moment.
    for (let attempt = 0; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          this.server!.once('error', reject);
          this.server!.listen(port, '127.0.0.1', resolve);
        });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const origin = request.headers.origin;
    response.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    response.setHeader('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type, Accept',
          'Access-Control-Max-Age': '0',
        })
        .end();
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'POST, OPTIONS' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const contentType = request.headers['content-type'];
    const fields: Record<string, unknown> = contentType?.startsWith('application/json')
      ? (JSON.parse(body) as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(body));
    this.received.push({ path: request.url ?? '', host: request.headers.host ?? '', origin, contentType, fields });

    const { answer, delayMs } = this;
    await this.held;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (answer === 'hang') return;
    if (answer === 'drop') {
      request.socket.destroy();
      return;
    }
    const status = answer === 'ok' ? 200 : 500;
    response
      .writeHead(status, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(answer === 'ok' ? { ok: true } : { error: 'Something broke on our side.' }));
  }
}
