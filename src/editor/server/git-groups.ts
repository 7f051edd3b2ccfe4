/**
 * Nothing git does outlives the editor. Every git command runs in a process group of its own (git.ts), which is
 * recorded here while it runs: in memory, so that the editor's exit (a normal stop, Ctrl+C, a closed terminal) ends
 * every group still alive, and in a file per group in the editor's own folder inside .git, so that after a stop no
 * handler could see (SIGKILL, a crash, a power cut) the next start ends any group still alive before it puts anything
 * right. A group is ended only when its first process is still the very one recorded (same id, same start time), so a
 * process id the system has given to another program since is never touched.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What is kept of a running group: its first process's id, and when that process started, as the system says. */
interface RecordedGroup {
  readonly pid: number;
  readonly started: string;
  /** The git command, for the words said when it is ended. */
  readonly command: string;
}

/** When a process started, as the system says, to tell it from a later one given the same id; undefined if unknown. */
export function processStartOf(pid: number): string | undefined {
  try {
    if (process.platform === 'linux') {
      // Field 22 of /proc/<pid>/stat, after the command in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    }
    if (process.platform === 'win32') return undefined;
    return (
      execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** Ends a whole process group at once; false when it was gone already. */
function endGroup(pid: number): boolean {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

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

/** The folder of running groups in the editor's own folder of a repository (`<root>/.git/site-editor/running`). */
function runningFolder(root: string): string | undefined {
  const editorFolder = join(root, '.git', 'site-editor');
  try {
    // Only a plain folder of the editor's own, never one reached through a link.
    if (!lstatSync(join(root, '.git')).isDirectory() || !lstatSync(editorFolder).isDirectory()) return undefined;
    const folder = join(editorFolder, 'running');
    if (!existsSync(folder)) mkdirSync(folder);
    return lstatSync(folder).isDirectory() ? folder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records a group git just started in the repository at `root` (on disk too, for one that talks to another computer
 * and may run long); returns what ends its record once it is done.
 */
export function recordGroup(root: string, pid: number, command: string, onDisk: boolean): () => void {
  endAllOnExit();
  const folder = onDisk ? runningFolder(root) : undefined;
  const file = folder ? join(folder, String(pid)) : undefined;
  if (file) {
    const record: RecordedGroup = { pid, started: processStartOf(pid) ?? '', command };
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
 * recorded), and forgets the records: run when the editor starts, before anything else. Returns the commands ended.
 */
export function endLeftoverGroups(root: string): string[] {
  const folder = runningFolder(root);
  if (!folder) return [];
  const ended: string[] = [];
  for (const name of readdirSync(folder)) {
    const file = join(folder, name);
    try {
      const record = JSON.parse(readFileSync(file, 'utf8')) as RecordedGroup;
      const started = processStartOf(record.pid);
      if (started !== undefined && record.started !== '' && started === record.started && endGroup(record.pid))
        ended.push(record.command);
    } catch {
      // A record half written when the editor stopped: its group, if any, is not known well enough to end.
    }
    rmSync(file, { force: true });
  }
  return ended;
}
