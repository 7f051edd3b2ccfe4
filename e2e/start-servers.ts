/**
 * Starts every server the browser tests use at once, and says so on its output once each answers at its address
 * (playwright.config.ts waits for that line). Playwright starts the servers of its `webServer` list one after another,
 * and asks each whether it answers at growing intervals of up to a second, so eleven servers took about 20 s before
 * the first test; started together, they answer in the time of the slowest.
 *
 * The servers come in $E2E_SERVERS as JSON: a name, a shell command, the address that answers once it is ready and how
 * long it may take. A server whose address already answers before it starts, one that exits, and one that does not
 * answer in time each stop the run, named. The servers are this process's children, in its process group, so they
 * end with it when the test run ends it.
 */
import { spawn } from 'node:child_process';

export interface TestServer {
  readonly name: string;
  readonly command: string;
  /** Answers with a status Playwright takes for "ready" (2xx, 3xx, 400 to 403) once the server is up. */
  readonly url: string;
  readonly timeoutMs: number;
}

/** How often an address is asked again while its server starts. */
const POLL_MS = 100;

/** Whether the server at `url` answers as ready (redirects followed). */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status < 300 || (response.status >= 400 && response.status <= 403);
  } catch {
    return false;
  }
}

/** Starts one server and resolves once it answers; rejects, naming it, when it exits or runs out of time first. */
async function start(server: TestServer): Promise<void> {
  if (await answers(server.url))
    throw new Error(`${server.url} (${server.name}) already answers: stop what runs on that port.`);
  const child = spawn(server.command, { shell: true, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) process.stderr.write(`[${server.name}] ${line}\n`);
  });
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`${server.name} stopped before it answered (exit code ${code}).`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + server.timeoutMs;
  const ready = (async () => {
    while (!(await answers(server.url))) {
      if (Date.now() > deadline)
        throw new Error(`${server.name} did not answer at ${server.url} within ${server.timeoutMs / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  await Promise.race([ready, exited]);
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as TestServer[];
try {
  await Promise.all(servers.map(start));
  console.log(`Every test server answers (${servers.length}).`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
