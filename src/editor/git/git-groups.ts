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
import { join, resolve } from 'node:path';

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
function processStartOf(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    // Field 22 of /proc/<pid>/stat, after the command in parentheses (which may hold spaces): ticks since the system
    // started, so with the id of this boot, which a process of a later boot with the same id and ticks does not share.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return `${bootId()}:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return undefined;
  }
}

let boot: string | undefined;
/** The id of this boot of the system (Linux), read once. */
const bootId = () => (boot ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());

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
export const endGroup = (pid: number) => signalGroup(pid, 'SIGKILL');

/** The groups this process started and that still run: ended all at once when it exits, however it exits. */
const running = new Map<number, string | undefined>();
let endingOnExit = false;

function endAllOnExit(): void {
  if (endingOnExit) return;
  endingOnExit = true;
  process.on('exit', () => {
    for (const [pid, file] of running) {
      endGroup(pid);
      if (file) rmSync(file, { force: true });
    }
  });
}

/**
 * The repository's own folder: `<root>/.git`, or where a `.git` file points (a worktree's, a submodule's); never one
 * reached through a link.
 */
function gitFolderOf(root: string): string | undefined {
  const dotGit = join(root, '.git');
  const stats = lstatSync(dotGit);
  if (stats.isDirectory()) return dotGit;
  if (!stats.isFile()) return undefined;
  const pointed = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
  if (!pointed) return undefined;
  const folder = resolve(root, pointed);
  return lstatSync(folder).isDirectory() ? folder : undefined;
}

/**
 * A folder of the editor's own in a repository (`<git folder>/site-editor/<name>`), made when missing; never one
 * reached through a link.
 */
function editorFolder(root: string, name: string): string | undefined {
  try {
    let folder = gitFolderOf(root);
    if (!folder) return undefined;
    for (const part of ['site-editor', name]) {
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
  const folder = editorFolder(root, 'running');
  const file = folder ? join(folder, String(pid)) : undefined;
  if (file) {
    const started = processStartOf(pid) ?? '';
    const record: RecordedGroup = { pid, started, command, commandLine: commandLine.join(' ') };
    try {
      writeRecord(file, record);
    } catch {
      // Not recorded on disk: the exit still ends it.
    }
  }
  running.set(pid, file);
  return () => {
    running.delete(pid);
    if (file) rmSync(file, { force: true });
  };
}

/**
 * Ends every group a stopped editor left running in the repository at `root` (whose first process is still the one
 * recorded), and forgets the records: run when the editor starts, before anything else. Each is asked to stop first, so
 * git removes its lock files, and killed if it has not within a moment. Returns the commands ended.
 */
export async function endLeftoverGroups(root: string): Promise<string[]> {
  const folder = editorFolder(root, 'running');
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

/**
 * Writes a record as a new file of its own: never through a link or over a file someone put in its place (an old
 * record of the same id, from before a restart of the system, is replaced).
 */
function writeRecord(file: string, record: object): void {
  try {
    writeFileSync(file, JSON.stringify(record), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    rmSync(file, { force: true });
    writeFileSync(file, JSON.stringify(record), { flag: 'wx' });
  }
}

/** The editor running for a site, as its record says, when it still runs; undefined when none does. */
export interface RunningEditor {
  readonly pid: number;
}

/**
 * Claims the site at `root` for this editor: undefined once claimed (for as long as this process lives), or the editor
 * that still runs for it, which a second start must leave alone: ending "leftover" git commands, or putting right
 * what it is doing, would cut the first editor's work short.
 */
export function claimSite(root: string): RunningEditor | undefined {
  const folder = editorFolder(root, 'editor');
  if (!folder) return undefined;
  const file = join(folder, 'process');
  try {
    const other = JSON.parse(readFileSync(file, 'utf8')) as RecordedGroup;
    if (other.pid !== process.pid && isStillRecorded(other)) return { pid: other.pid };
  } catch {
    // No editor recorded, or a record half written: this one claims the site.
  }
  const record: RecordedGroup = {
    pid: process.pid,
    started: processStartOf(process.pid) ?? '',
    command: 'npm run edit',
    commandLine: commandLineOf(process.pid),
  };
  writeRecord(file, record);
  process.on('exit', () => rmSync(file, { force: true }));
  return undefined;
}
