/**
 * Where an operation of publishing stands, on disk, step by step: an editor stopped in the middle of one (a crash, a
 * kill, a closed terminal) finds the record when it starts again and says, in one notice, exactly where it stopped and
 * what is where now, with what the journal (publish-journal.ts) finished or put back. It lives in the editor's own
 * folder inside .git (operation.json), written whole (beside, then renamed) at each step, and removed once the
 * operation is over, however it ended.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishingStep } from '../model/repository.ts';

/** The operations of the Publish panel that change the author's files or the site. */
export type OperationName = 'publish' | 'get-latest' | 'undo' | 'discard';

/** The steps an operation goes through: the core's (model/repository.ts), and the editor's own before and after. */
export type OperationStep = 'starting' | PublishingStep | 'writing';

export interface StoppedOperation {
  readonly name: OperationName;
  readonly step: OperationStep;
}

const FILE = 'operation.json';

export class OperationRecord {
  constructor(
    /** The editor's own folder inside .git. */
    private readonly folder: string,
  ) {}

  /** The operation the editor stopped in the middle of, if it did. */
  read(): StoppedOperation | undefined {
    const file = join(this.folder, FILE);
    if (!existsSync(file)) return undefined;
    try {
      const record = JSON.parse(readFileSync(file, 'utf8')) as StoppedOperation;
      return typeof record.name === 'string' && typeof record.step === 'string' ? record : undefined;
    } catch {
      return undefined;
    }
  }

  /** Records where the operation stands now. */
  at(name: OperationName, step: OperationStep): void {
    const beside = join(this.folder, `${FILE}.${process.pid}`);
    writeFileSync(beside, JSON.stringify({ name, step, since: new Date().toISOString() }));
    renameSync(beside, join(this.folder, FILE));
  }

  /** The operation is over. */
  end(): void {
    rmSync(join(this.folder, FILE), { force: true });
  }
}

/** What putting things right after a stop found and did. */
export type Settled =
  /** Get latest was undone: the author's files are back as they saved them. */
  | { readonly kind: 'rolled-back' }
  /** Get latest was finished: teammates' changes in, the author's on top. */
  | { readonly kind: 'finished' }
  /** A publish reached the site, and this copy now shows it so. */
  | { readonly kind: 'arrived' }
  /** A publish did not reach the site (a fetch told). */
  | { readonly kind: 'not-arrived' }
  /** Whether a publish reached the site is not known yet: the site could not be asked. */
  | { readonly kind: 'unknown' }
  /** This copy moved outside the editor meanwhile: the author's files are back in place, or kept aside. */
  | { readonly kind: 'moved'; readonly keptIn?: string };

const DOING: Record<OperationName, string> = {
  publish: 'publishing',
  'get-latest': 'getting the latest changes',
  undo: 'undoing a published change',
  discard: 'putting a saved change back as it is live',
};

const AT: Record<OperationStep, string> = {
  starting: 'as it started',
  fetching: 'as it fetched the latest from where the site is kept',
  merging: "as it brought your teammates' changes into your files",
  committing: 'as it prepared the change to send',
  checking: 'as it checked the site as it would be published',
  sending: 'as it sent the change to where the site is kept',
  finishing: 'after the change had reached the site',
  writing: 'as it wrote the file',
};

const AGAIN: Record<OperationName, string> = {
  publish: 'Publish again when you are ready.',
  'get-latest': 'Choose Get latest changes again.',
  undo: 'Choose Undo in History again.',
  discard: 'Look at the file, and undo it again if it is not as it is live.',
};

/**
 * The one notice for an operation the editor stopped in the middle of: where it stopped, what is where now, and what
 * to do. `stopped` is the record (undefined when only a journal said, from an editor before records were kept).
 */
export function interruptedInWords(
  stopped: StoppedOperation | undefined,
  settled: Settled | undefined,
): string | undefined {
  if (!stopped && !settled) return undefined;
  const name =
    stopped?.name ?? (settled?.kind === 'rolled-back' || settled?.kind === 'finished' ? 'get-latest' : 'publish');
  const step = stopped?.step ?? (name === 'get-latest' ? 'merging' : 'sending');
  const where = `The editor stopped while ${DOING[name]}, ${AT[step]}.`;
  switch (settled?.kind) {
    case 'rolled-back':
      return `${where} Your saved changes are back exactly as you saved them, and nothing of your teammates' was brought in: ${
        name === 'get-latest' ? 'choose Get latest changes again.' : `nothing was sent. ${AGAIN[name]}`
      }`;
    case 'finished':
      return `${where} It has now finished: your teammates' changes are in, with your saved changes on top.${
        name === 'get-latest' ? '' : ` Nothing was sent: ${AGAIN[name].charAt(0).toLowerCase()}${AGAIN[name].slice(1)}`
      }`;
    case 'arrived':
      return `${where} Your last ${name === 'undo' ? 'undo' : 'Publish'} had reached the site when the editor stopped, and this copy now shows it as published.`;
    case 'not-arrived':
      return `${where} Your last ${name === 'undo' ? 'undo' : 'Publish'} did not reach the site before the editor stopped. Your saved changes are all still here: ${
        name === 'undo' ? 'undo it again.' : 'publish them again.'
      }`;
    case 'unknown':
      return `${where} Your saved changes are all still here. Whether they reached the site is not known yet, because the site could not be asked: the editor asks again before it publishes, gets the latest or undoes anything.`;
    case 'moved':
      return `${where} This copy of the site had moved since (outside the editor), so ${
        settled.keptIn
          ? `the editor did not write your saved versions over it: they are kept in ${settled.keptIn}. Ask a developer to put them back.`
          : 'the editor put your saved versions back in place over it. Check them, then publish.'
      }`;
    default:
      if (name === 'discard')
        return `${where} The file is either as it was or as it is live, never half written. ${AGAIN[name]}`;
      if (step === 'finishing')
        return `${where} Your last ${name === 'undo' ? 'undo' : 'Publish'} had reached the site, and this copy shows it as published.`;
      if (step === 'sending')
        // A review branch keeps no journal: whether it arrived is for the author to look at.
        return `${where} Your saved changes are all still here. The change may have reached its review branch: look among the site's pull requests before you send it again.`;
      // No journal: the step touched none of the author's files, and sent nothing.
      return `${where} Nothing was sent and none of your files changed: your saved changes are all still here. ${AGAIN[name]}`;
  }
}
