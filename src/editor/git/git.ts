/**
 * The one way the editor runs git. Every command is a fixed list of arguments given to the git program itself (no
 * shell), inside the site's own repository; what an author writes (a message, a file's path) reaches git only on
 * its standard input. Git uses the author's own settings and credentials, as it does in their terminal, but can never
 * stop to ask for a password: a push that needs one fails, and the editor says so.
 */
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { endGroup, recordGroup } from './git-groups.ts';
import { refuse, type Refused } from '../protocol/refusals.ts';

/** How long one git command that works on this computer alone may take. */
const GIT_TIME_LIMIT_MS = 120_000;
/** After git is stopped, how long its output may stay open (a helper that ignored the signal) before it is let go. */
const CLOSE_GRACE_MS = 2_000;

/** Variables that would point git at another repository, index or work tree than the site's. */
const REDIRECTING_VARIABLES =
  /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|PREFIX|CONFIG|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+)$/;

/** A git command that did not succeed, with what git said (addresses' passwords removed). */
export class GitFailed extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0]} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${exitCode}`}`);
  }
}

/** A git command stopped because it took longer than it may: a remote that never answered, usually. */
export class GitTimedOut extends GitFailed {
  constructor(
    args: readonly string[],
    readonly seconds: number,
    stderr: string,
  ) {
    super(args, null, `${stderr}\n(stopped after ${seconds} s)`.trim());
  }
}

/** Text git prints with any password in an address (https://user:secret@host/...) blanked out. */
const withoutSecrets = (text: string) => text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@');

export interface GitOptions {
  /** What git reads on its standard input: a message, paths, or objects. */
  readonly input?: string | Buffer;
  /** Extra settings of git's own, such as GIT_INDEX_FILE for a scratch index; never the author's text. */
  readonly env?: Readonly<Record<string, string>>;
  /** Exit codes that are answers, not failures (such as 1 for "not an ancestor"). */
  readonly okExitCodes?: readonly number[];
  /**
   * How long it may take before it is stopped, with every program it started; a fetch or push gets the site's own
   * limit.
   */
  readonly timeLimitMs?: number;
}

export interface GitResult {
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly exitCode: number;
}

/** Where a path really is, links followed; undefined where nothing is. */
function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** A site's git repository: its top folder is the site's folder itself. */
export class Git {
  private constructor(
    readonly root: string,
    /** Where git keeps the repository (its .git folder), as git said when the repository was found. */
    readonly gitDir: string,
  ) {}

  /**
   * The repository whose top folder is `siteDir`, or the reason there is none: the editor publishes only a site that
   * is a repository of its own, never a folder inside another project's. Asked of git each time: a folder may become
   * a repository, or stop being one, or move, at any moment.
   */
  static async of(siteDir: string): Promise<Git | Refused> {
    const root = realpathSync(siteDir);
    const probe = new Git(root, '');
    // Its top folder and its git folder, a line each, in one command.
    const top = await probe
      .run(['rev-parse', '--show-toplevel', '--absolute-git-dir'], { okExitCodes: [128] })
      .catch((error: Error) => ({ exitCode: -1, stdout: Buffer.alloc(0), stderr: error.message }));
    if (top.exitCode !== 0) return refuse(/ENOENT/.test(top.stderr) ? 'noGit' : 'notARepository');
    const said = top.stdout.toString('utf8');
    // A folder's name may hold a line break: the site's own is recognised whole.
    if (said.startsWith(`${root}\n`)) return new Git(root, said.slice(root.length + 1).replace(/\n$/, ''));
    // Any other answer is asked again a question at a time, so that each is one path whatever its name holds.
    const ask = (question: string) =>
      probe.run(['rev-parse', question]).then(
        (answer) => answer.stdout.toString('utf8').replace(/\n$/, ''),
        () => undefined,
      );
    const shown = await ask('--show-toplevel');
    if (shown === undefined) return refuse('notARepository');
    if (realPath(shown) !== root) return refuse('insideAnotherRepository', shown);
    const gitDir = await ask('--absolute-git-dir');
    return gitDir === undefined ? refuse('notARepository') : new Git(root, gitDir);
  }

  /** Runs `git <args>` in the repository; resolves with its output, or rejects with GitFailed. */
  run(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) if (!REDIRECTING_VARIABLES.test(name)) env[name] = value;
    Object.assign(env, {
      // Never wait for a person at a terminal: a missing credential is an error the editor explains.
      GIT_TERMINAL_PROMPT: '0',
      GCM_INTERACTIVE: 'never',
      SSH_ASKPASS_REQUIRE: 'never',
      GIT_EDITOR: 'false',
      GIT_PAGER: 'cat',
      // Messages the editor can recognise, in one language.
      LC_ALL: 'C',
      LANGUAGE: 'C',
      ...options.env,
    });
    const timeLimitMs = options.timeLimitMs ?? GIT_TIME_LIMIT_MS;
    return new Promise((resolve, reject) => {
      // detached: a session and process group of its own, with no terminal a credential prompt could open, and one
      // signal that reaches every program git starts (git remote-http, ssh), so none outlives a stop.
      const commandLine = ['git', '-C', this.root, '-c', 'core.quotepath=off', ...args];
      const child = spawn(commandLine[0]!, commandLine.slice(1), {
        env,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
      // Recorded while it runs, every command, so that none outlives the editor (git-groups.ts).
      const forget =
        child.pid === undefined ? () => undefined : recordGroup(this.root, child.pid, `git ${args[0]}`, commandLine);
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      let timedOut = false;
      let settled = false;
      const stopGroup = () => child.pid !== undefined && endGroup(child.pid);
      const timer = setTimeout(() => {
        timedOut = true;
        stopGroup();
        // A helper that kept git's output open is not waited for: the answer goes out now.
        setTimeout(() => finish(null), CLOSE_GRACE_MS).unref();
      }, timeLimitMs);
      const finish = (code: number | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        forget();
        child.stdout.destroy();
        child.stderr.destroy();
        const said = withoutSecrets(Buffer.concat(stderr).toString('utf8'));
        if (timedOut) reject(new GitTimedOut(args, Math.round(timeLimitMs / 1000), said));
        else if (code === 0 || (code !== null && options.okExitCodes?.includes(code)))
          resolve({ stdout: Buffer.concat(stdout), stderr: said, exitCode: code });
        else {
          // What git said on both outputs: a push with --porcelain reports a refused branch on its standard output.
          reject(
            new GitFailed(args, code, `${said}\n${withoutSecrets(Buffer.concat(stdout).toString('utf8'))}`.trim()),
          );
        }
      };
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.on('error', (error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        forget();
        reject(error);
      });
      child.on('close', (code) => finish(code));
      // Git is done, but a program it started may hold its output open: that is not waited for long.
      child.on('exit', (code) =>
        setTimeout(() => {
          if (settled) return;
          stopGroup();
          finish(code);
        }, CLOSE_GRACE_MS).unref(),
      );
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
    });
  }

  /** The text git prints, trimmed. */
  async text(args: readonly string[], options?: GitOptions): Promise<string> {
    return (await this.run(args, options)).stdout.toString('utf8').trim();
  }

  /** Whether a command exits with 0 (for yes-or-no questions such as merge-base --is-ancestor). */
  async succeeds(args: readonly string[]): Promise<boolean> {
    return (await this.run(args, { okExitCodes: [1, 128] })).exitCode === 0;
  }
}
