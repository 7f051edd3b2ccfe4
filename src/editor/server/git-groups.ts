/**
 * Nothing git does outlives the editor. Every git command runs in a process group of its own (git.ts), which is
 * recorded here while it runs: in memory, so that the editor's exit (a normal stop, Ctrl+C, a closed terminal) ends
 * every group still alive, and in a small file per group in the editor's own folder inside .git, so that after a stop
 * no handler could see (SIGKILL, a crash, a power cut) the next start ends any group still alive before it touches the
 * author's copy: a fetch or push, and as well a reset, update-index or merge that works on this computer alone. A
 * group is ended only when its first process is still the very one recorded (same id and start time, or where the
 * system gives no start time, the same command line), so a process id the system has given to another program since is
 * never touched; it is asked to stop first (git then removes its lock files), and killed if it does not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What is kept of a running group: its first process's id, and what tells that process from a later one. */
interface RecordedGroup {
  readonly pid: number;
  /** When the process started, as the system says ('' where it does not say cheaply). */
  readonly started: string;
  /** The git command, for the words said when it is ended. */
  readonly command: string;
  /** The whole command line it was started with, arguments joined by spaces. */
  readonly commandLine?: string;
}

/** How long a group asked to stop may take before it is killed. */
const STOP_GRACE_MS = 2_000;

/**
 * When a process started, as the system says, to tell it from a later one given the same id; undefined if unknown.
 * Read from /proc on Linux, at no cost worth counting; other systems are told apart by their command line instead.
 */
export function processStartOf(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    // Field 22 of /proc/<pid>/stat, after the command in parentheses (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The command line a process runs now, arguments joined by spaces; undefined if unknown. */
function commandLineOf(pid: number): string | undefined {
  try {
    if (process.platform === 'linux')
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').split('\0').join(' ') || undefined;
    if (process.platform === 'win32') return undefined;
    return (
      execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** Whether the process with a recorded id is still the one recorded: its start time, or its command line, the same. */
function isStillRecorded(record: RecordedGroup): boolean {
  if (record.started !== '') return processStartOf(record.pid) === record.started;
  return record.commandLine !== undefined && commandLineOf(record.pid) === record.commandLine;
}

/** Sends a whole process group a signal at once (0: none, only whether it is there); false when it is gone. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Ends a whole process group at once; false when it was gone already. */
const endGroup = (pid: number) => signalGroup(pid, 'SIGKILL');

/** The groups this process started and that still run: ended all at once when it exits, however it exits. */
const live = new Map<number, string | undefined>();
let endingOnExit = false;

function endAllOnExit(): void {
  if (endingOnExit) return;
  endingOnExit = true;
  process.on('exit', () => {
    for (const [pid, file] of live) {
      endGroup(pid);
      if (file) rmSync(file, { force: true });
    }
  });
}

/**
 * The folder of running groups in the editor's own folder of a repository (`<root>/.git/site-editor/running`), made
 * when missing; never one reached through a link.
 */
function runningFolder(root: string): string | undefined {
  try {
    let folder = join(root, '.git');
    if (!lstatSync(folder).isDirectory()) return undefined;
    for (const part of ['site-editor', 'running']) {
      folder = join(folder, part);
      if (!existsSync(folder)) mkdirSync(folder);
      if (!lstatSync(folder).isDirectory()) return undefined;
    }
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Records a group git just started in the repository at `root`, on disk and in memory, with the command line it was
 * started with; returns what ends its record once it is done. A file of a few bytes written and removed per command.
 */
export function recordGroup(root: string, pid: number, command: string, commandLine: readonly string[]): () => void {
  endAllOnExit();
  const folder = runningFolder(root);
  const file = folder ? join(folder, String(pid)) : undefined;
  if (file) {
    const started = processStartOf(pid) ?? '';
    const record: RecordedGroup = { pid, started, command, commandLine: commandLine.join(' ') };
    try {
      writeFileSync(file, JSON.stringify(record));
    } catch {
      // Not recorded on disk: the exit still ends it.
    }
  }
  live.set(pid, file);
  return () => {
    live.delete(pid);
    if (file) rmSync(file, { force: true });
  };
}

/**
 * Ends every group a stopped editor left running in the repository at `root` (whose first process is still the one
 * recorded), and forgets the records: run when the editor starts, before anything else. Each is asked to stop first, so
 * git removes its lock files, and killed if it has not within a moment. Returns the commands ended.
 */
export async function endLeftoverGroups(root: string): Promise<string[]> {
  const folder = runningFolder(root);
  if (!folder) return [];
  const ended: { pid: number; command: string }[] = [];
  for (const name of readdirSync(folder)) {
    const file = join(folder, name);
    try {
      const record = JSON.parse(readFileSync(file, 'utf8')) as RecordedGroup;
      if (isStillRecorded(record) && signalGroup(record.pid, 'SIGTERM')) ended.push(record);
    } catch {
      // A record half written when the editor stopped: its group, if any, is not known well enough to end.
    }
    rmSync(file, { force: true });
  }
  // A group is gone once no process of it is left to signal.
  const alive = () => ended.filter(({ pid }) => signalGroup(pid, 0));
  for (let waited = 0; alive().length > 0 && waited < STOP_GRACE_MS; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  for (const { pid } of alive()) endGroup(pid);
  return ended.map(({ command }) => command);
}
