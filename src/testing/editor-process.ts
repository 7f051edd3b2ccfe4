/**
 * For the editor's tests: the editor as `npm run edit` runs it (scripts/edit.ts: the launcher and the editor's process
 * it starts from a copy of the code), in real processes of its own, for the tests that stop it midway, hang its remote
 * or change its code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../checker/project-folders.ts';
import { TOKEN_HEADER } from '../editor/protocol/headers.ts';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: Record<string, any>;
}

export class RunningEditor {
  readonly token = 'b'.repeat(64);
  #output = '';
  #watchers = new Set<() => void>();

  private constructor(
    readonly launcher: ChildProcess,
    readonly port: number,
  ) {
    const take = (chunk: Buffer) => {
      this.#output += chunk.toString('utf8');
      for (const watcher of this.#watchers) watcher();
    };
    launcher.stdout!.on('data', take);
    launcher.stderr!.on('data', take);
  }

  /**
   * Starts `npm run edit` on `siteDir`, from the project at `projectDir` (this one by default), with `env` added (git's
   * settings, SITE_EDITOR_HALT_AT), and resolves once its page answers.
   */
  static async start(siteDir: string, env: Record<string, string>, projectDir = PROJECT_ROOT): Promise<RunningEditor> {
    const port = await freePort();
    const launcher = spawn(process.execPath, ['--import', 'tsx', join(projectDir, 'scripts/edit.ts'), siteDir], {
      cwd: projectDir,
      env: { ...process.env, ...env, EDIT_PORT: String(port), EDIT_TOKEN: 'b'.repeat(64) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const editor = new RunningEditor(launcher, port);
    await editor.waitFor(/Open this address/);
    return editor;
  }

  /** Everything both processes printed so far. */
  get output(): string {
    return this.#output;
  }

  /**
   * Resolves with the first match of `pattern` in what the editor printed from `from` on (a length of `output`), now
   * or later (at most `ms`).
   */
  waitFor(pattern: RegExp, from = 0, ms = 60_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(this.#output.slice(from));
        if (!found) return;
        this.#watchers.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.#watchers.delete(check);
        reject(new Error(`The editor never printed ${pattern}. It printed:\n${this.#output}`));
      }, ms);
      this.#watchers.add(check);
      check();
    });
  }

  /**
   * Kills the editor's process (not the launcher) the way a crash does, once it halts at `step` (printed after `from`,
   * a length of `output`); returns its pid.
   */
  async killAt(step: string, from: number): Promise<number> {
    const [, pid] = (await this.waitFor(
      new RegExp(`site-editor halted at ${step.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(process (\\d+)\\)`),
      from,
    ))!;
    process.kill(Number(pid), 'SIGKILL');
    return Number(pid);
  }

  /** The editor's server process, which the launcher started (Linux: its children as /proc lists them). */
  editorPid(): number {
    const children = readFileSync(`/proc/${this.launcher.pid}/task/${this.launcher.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    if (children.length !== 1) throw new Error(`The launcher has ${children.length} processes, not one.`);
    return Number(children[0]);
  }

  /** Calls the editor's API as its page does: with the token, from its own origin. */
  async api(path: string, body?: unknown, signal?: AbortSignal): Promise<ApiAnswer> {
    const origin = `http://127.0.0.1:${this.port}`;
    const response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { [TOKEN_HEADER]: this.token, origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  /**
   * Resolves once the editor started again since `from` (a length of `output`, taken before it stopped) answers: its
   * launcher says so as soon as the new process listens.
   */
  async answering(from: number, ms = 60_000): Promise<void> {
    await this.waitFor(/The editor started again/, from, ms);
    const { status } = await this.api('/api/session');
    if (status !== 200)
      throw new Error(`The editor started again but answered ${status}. It printed:\n${this.#output}`);
  }

  /** Stops the launcher and the editor's process, as Ctrl+C does. */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.launcher.exitCode !== null || this.launcher.signalCode !== null) return resolve();
      this.launcher.once('exit', () => resolve());
      this.launcher.kill('SIGTERM');
    });
  }
}

/** The processes whose command line holds `text` (Linux: from /proc). */
export function processesNaming(text: string): string[] {
  return processesWhere((command) => command.includes(text));
}

/**
 * The processes at work on `folder` (Linux: from /proc): those whose command line names it, or whose working folder
 * is in it. A push's git-receive-pack names the repository it receives into, and its hooks run inside it.
 */
export function processesAt(folder: string): string[] {
  const real = realpathSync(folder);
  const inside = (path: string) => path === real || path.startsWith(`${real}/`);
  return processesWhere((command, pid) => command.includes(folder) || command.includes(real) || inside(cwdOf(pid)));
}

/** A process's working folder; none for one that has ended (or another user's). */
function cwdOf(pid: string): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
}

/** The processes, each as `pid: command line`, for which `matches` holds. */
function processesWhere(matches: (command: string, pid: string) => boolean): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // A process that has ended but was not yet collected (a zombie) holds nothing and has an empty command line.
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
        return matches(command, pid) ? [`${pid}: ${command}`] : [];
      } catch {
        return [];
      }
    });
}
