/**
 * What `npm run edit` runs first (scripts/edit.ts): it copies the editor's code aside, compiled (code-snapshot.ts), and
 * starts the editor's server process from that copy (editor-process.ts), on the same address for the whole session.
 * When the process stops unexpectedly (killed, out of memory), it starts it again at once, and the page reconnects;
 * when the author restarts it to use code that Get latest brought in, it takes a new copy first.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { codeCopiesFolder, compiledEntryPoint, isCompleteCopy, snapshotCode } from './code-snapshot.ts';

/** The exit code of an editor process that the author asked to restart, with the code as it is now. */
export const RESTART_EXIT_CODE = 75;

/** What the editor's process tells the launcher once it answers. */
export interface EditorReady {
  readonly type: 'ready';
  readonly url: string;
  readonly editorPort: number;
  readonly previewPort: number;
}

export interface LaunchOptions {
  /** The project whose code the editor runs. */
  readonly projectDir: string;
  /** The site it edits: a folder with config/ and public/. */
  readonly siteDir: string;
  readonly token: string;
  readonly editorPort: number;
  /** 0 for any free port; after the first start, the port it got, so the session keeps its addresses. */
  readonly previewPort: number;
}

/** Starts that stop this soon, this many times in a row, end the session: the editor cannot start. */
const QUICK_STOP_MS = 5_000;
const QUICK_STOPS = 3;

/**
 * Starts the editor and keeps it running until Ctrl+C (or the process is told to stop); resolves with the exit code.
 */
export function launchEditor(options: LaunchOptions): Promise<number> {
  let previewPort = options.previewPort;
  let child: ChildProcess | undefined;
  let stopping = false;
  let quickStops = 0;
  let announced = false;

  const stop = () => {
    stopping = true;
    child?.kill('SIGTERM');
  };
  // Ctrl+C, a kill, or the terminal closing: the editor stops, and its git commands with it.
  process.on('SIGINT', stop).on('SIGTERM', stop).on('SIGHUP', stop);
  // The code the author started with: a restart after a crash runs it again; only a restart the author asked for
  // (to use what Get latest brought in) takes a new copy.
  let code: string | undefined;

  return new Promise((resolve) => {
    const start = async (why?: string, fresh = false) => {
      if (!fresh && code !== undefined && !isCompleteCopy(code)) {
        console.error(
          'The editor stopped, and the copy of its code it was running is gone (its cache was cleared), so it does not start again with other code by itself. Run npm run edit again.',
        );
        return resolve(1);
      }
      try {
        if (fresh || code === undefined) code = await snapshotCode(options.projectDir);
      } catch (error) {
        // Ctrl+C reaches the compiler too, which then stops: that is the author stopping, not a failure.
        if (stopping) return resolve(0);
        console.error(
          `The editor could not prepare its copy of its code in ${codeCopiesFolder()}, so it cannot start: ${(error as Error).message}`,
        );
        return resolve(1);
      }
      if (stopping) return resolve(0);
      const started = Date.now();
      child = fork(compiledEntryPoint(code, 'editor-process'), [options.siteDir], {
        cwd: code,
        env: {
          ...process.env,
          EDIT_TOKEN: options.token,
          EDIT_PORT: String(options.editorPort),
          EDIT_PREVIEW_PORT: String(previewPort),
          EDIT_THREAD_CODE: compiledEntryPoint(code, 'workspace-worker'),
        },
        // The copy is compiled JavaScript: this process's own options go along (--inspect, a memory limit), tsx's not.
        execArgv: [...withoutTypeScriptLoader(process.execArgv), '--enable-source-maps'],
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (message: EditorReady) => {
        if (message?.type !== 'ready') return;
        previewPort = message.previewPort;
        quickStops = 0;
        if (!announced)
          console.log(
            `Editing ${join(options.siteDir, 'config')}. Open this address (it holds this session's key; Ctrl+C to stop):\n\n  ${message.url}\n`,
          );
        else if (why) console.log(`The editor ${why}. The page in the browser reconnects by itself.`);
        announced = true;
      });
      child.on('exit', (exitCode, signal) => {
        if (stopping || signal === 'SIGINT' || signal === 'SIGTERM' || exitCode === 0) return resolve(exitCode ?? 0);
        if (exitCode === RESTART_EXIT_CODE) return void start('started again with the latest code', true);
        quickStops = Date.now() - started < QUICK_STOP_MS ? quickStops + 1 : 0;
        if (!announced || quickStops >= QUICK_STOPS) return resolve(exitCode ?? 1);
        console.error(`The editor stopped unexpectedly (${signal ?? `exit code ${exitCode}`}); starting it again.`);
        void start('started again after stopping unexpectedly; nothing saved was lost');
      });
    };
    void start();
  });
}

/** Node's options without those that load tsx (`--import tsx`, or tsx's own `--require` and `--import` of files). */
export function withoutTypeScriptLoader(execArgv: readonly string[]): string[] {
  const loads = (value: string | undefined) => value !== undefined && /(^|[/\\])tsx([/\\]|$)/.test(value);
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const option = execArgv[index]!;
    const [flag, inline] = option.split(/=(.*)/s);
    if (!['--import', '--require', '-r', '--loader', '--experimental-loader'].includes(flag!)) kept.push(option);
    else if (inline !== undefined ? !loads(inline) : !loads(execArgv[index + 1])) kept.push(option);
    else if (inline === undefined) index++;
  }
  return kept;
}
