/**
 * The refusals both editors give an author, each written once: its name, the author's words (what happened, and what
 * to do), and the HTTP status npm run edit's server answers it with (400: the request cannot be done as asked; 409:
 * the site is not as the request expected). An editor refuses by name (`refuse`), so the same case reads the same at
 * npm run edit and at /admin/, and a new case is one entry here. Plain code, for the page, the server and the worker.
 */

interface RefusalKind {
  readonly status: 400 | 409;
  readonly words: (...details: string[]) => string;
}

export const REFUSALS = {
  notAConfigFile: {
    status: 400,
    words: (path: string) => `${path} is not a config file the site reads.`,
  },
  neededFile: {
    status: 400,
    words: (path: string) => `${path} is a file the site needs; it cannot be removed.`,
  },
  uploadNameTaken: {
    status: 400,
    words: (src: string) =>
      `Another file named ${src} was put in public/media/ after you uploaded yours, so yours was not saved over it. Upload yours again: it gets a name of its own.`,
  },
  keptChanging: {
    status: 400,
    words: () =>
      'Your files kept changing while the editor saved (another tab or device saving at the same time?). Save again.',
  },
  changedSinceDelete: {
    status: 409,
    words: (name: string) => `${name} changed since you chose Delete. Look at what Delete would do now.`,
  },
  listMoved: {
    status: 409,
    words: () =>
      'Your saved changes changed after this list was made (a save from another tab or device?), so nothing was published. Look at the list again, then publish.',
  },
  nothingToPublish: {
    status: 409,
    words: () => 'There is nothing to publish: every saved change is already live.',
  },
  notInHistory: {
    status: 409,
    words: () => 'That is not a change from the history.',
  },
  notPublished: {
    status: 409,
    words: () => 'That change is not part of the published site.',
  },
  firstVersion: {
    status: 409,
    words: () => 'The first version of the site cannot be undone.',
  },
  notInChange: {
    status: 409,
    words: () => 'That file was not part of this change.',
  },
  nothingToPutBack: {
    status: 409,
    words: (path: string) => `${path} has no saved change to undo: it is as it is live.`,
  },
  putBackBreaks: {
    status: 409,
    words: (path: string, problem: string) =>
      `Putting ${path} back as it is live would leave the site with a problem: ${problem} Change that first, then undo again.`,
  },
  /** A later change touched the same field: which, where and by whom, in words (model/undo-files.ts). */
  undoBlocked: {
    status: 409,
    words: (said: string) => said,
  },
} as const satisfies Record<string, RefusalKind>;

export type RefusalName = keyof typeof REFUSALS;

/**
 * A refusal that carries how npm run edit's server answers it: its HTTP status, and details for the page beside the
 * words. Every refusal of the editor's server is one (this catalogue's, and the server's own: a request too large or
 * stalled, an upload refused, a publish refused, a step still open), so the server answers them all in one place.
 */
export interface AnsweredRefusal extends Error {
  readonly status: number;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Whether a failure is such a refusal: an error with an HTTP status of a refusal (not, say, a program's exit code). */
export function isAnsweredRefusal(error: unknown): error is AnsweredRefusal {
  const status = (error as { status?: unknown } | undefined)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

/** A refusal of the catalogue: the author's words as its message, its name, its status, and details for the page. */
export class Refused extends Error {
  constructor(
    readonly refusal: RefusalName,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'Refused';
  }

  get status(): number {
    return REFUSALS[this.refusal].status;
  }
}

/** The words of a refusal, by its name and what it is about. */
export const refusalWords = <N extends RefusalName>(name: N, ...details: Parameters<(typeof REFUSALS)[N]['words']>) =>
  (REFUSALS[name].words as (...words: string[]) => string)(...details);

/** A refusal to throw, by its name and what it is about. */
export const refuse = <N extends RefusalName>(name: N, ...details: Parameters<(typeof REFUSALS)[N]['words']>) =>
  new Refused(name, refusalWords(name, ...details));
