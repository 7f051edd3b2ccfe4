/**
 * The refusals both editors give an author, each written once: its name, the author's words (what happened, and what
 * to do), and the HTTP status npm run edit's server answers it with (400: the request cannot be done as asked; 409:
 * the site is not as the request expected; 408, 413 and 503: not now, or not this large; 500: the editor failed;
 * 507: the disk is full). An editor refuses by name (`refuse`), so the same case reads the same at
 * npm run edit and at /admin/, and a new case is one entry here: saving and files, new entries and Delete, History's
 * Undo, publishing at either editor, publishing from the author's copy with git, and GitHub's answers at /admin/
 * (GitHubRefusal keeps its kind for what the editor does next, and takes its words from here), the guard on paths
 * (git/safe-path.ts, each naming what it found), a busy or failing editor and a disk that refuses a write (500, 503,
 * 507: what was not done and what is kept). Not here, and why: an upload's refusal is worded from what the file turned
 * out to be (model/upload-check.ts, shared by both editors), and a request that is not what the page sends
 * (server/workspace-jobs.ts) is no author's doing. Plain code, for the page, the server and the worker.
 */
import type { Answer } from './publishing.ts';

/** An entry of the catalogue: the status npm run edit answers with, and the author's words. */
interface RefusalEntry {
  readonly status: 400 | 408 | 409 | 413 | 500 | 503 | 507;
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
    words: (fields: string, howMany: string) =>
      `This change cannot be undone by itself: later changes were made to the same ${howMany === 'one' ? 'field' : 'fields'} (${fields}). Change ${howMany === 'one' ? 'it' : 'them'} back in the editor instead.`,
  },

  // Making and deleting entries, at either editor.
  notABlockKind: {
    status: 400,
    words: (kind: string) => `"${kind}" is not a kind of block. Pick one from the list.`,
  },
  notAnAddress: {
    status: 400,
    words: (address: string) => `"${address}" is not an address of this site.`,
  },
  placeGone: {
    status: 409,
    words: (path: string) => `${path} is no longer there: look at the file list again.`,
  },

  // The guard on every path npm run edit reads or writes (git/safe-path.ts): each names what it found.
  noFileNamed: {
    status: 400,
    words: () => 'The editor was not told which file to use. Reload the page and try again.',
  },
  notAFilePath: {
    status: 400,
    words: (shown: string) => `${shown} is not a file path the editor accepts.`,
  },
  absolutePath: {
    status: 400,
    words: (shown: string, folder: string) =>
      `${shown} is a path outside the site (an absolute path); the editor takes paths inside the site, such as ${folder}/...`,
  },
  stepsOutOfFolder: {
    status: 400,
    words: (shown: string) =>
      `${shown} steps out of its folder ("..") or has an empty part, so the editor does not use it.`,
  },
  hiddenPath: {
    status: 400,
    words: (shown: string) => `${shown} is a hidden file or folder, which the editor never touches.`,
  },
  outsideWritable: {
    status: 400,
    words: (shown: string, folder: string) => `${shown} is outside ${folder}/, where the editor may write.`,
  },
  leadsOutThroughLink: {
    status: 400,
    words: (shown: string, folder: string) =>
      `${shown} is reached through a link that leads out of ${folder}/, so the editor does not read or write it. Ask a developer to put a real folder in the link's place.`,
  },
  notPlainPath: {
    status: 400,
    words: (shown: string, why: string) => `${shown} ${why}.`,
  },
  /** config/, public/ or public/media/ itself is a link or a file: nothing is read or written through it. */
  siteFolderNotPlain: {
    status: 409,
    words: (folder: string, what: string) =>
      `${folder}/ is ${what}, not a folder, so the editor does not read or write there (a link could lead anywhere on this computer). If a teammate has put the folder back, choose Get latest changes; otherwise ask a developer to put the folder itself in its place.`,
  },
  /** A file of config/ or public/media/ an author may undo, asked of a file elsewhere (README.md, the code). */
  notAnEditorFile: {
    status: 409,
    words: (path: string) =>
      `${path} is not a file the editor edits: it changes only files in config/ and public/media/. A developer can undo changes to ${path}.`,
  },

  // The editor's server at npm run edit, busy or failing on this computer.
  stillChecking: {
    status: 503,
    words: () =>
      'The editor is still checking your earlier changes, so it did not take this one yet. Your changes are still in the editor: try again in a moment.',
  },
  editorStopping: {
    status: 503,
    words: () =>
      'The editor was stopping, so it did not do this. Your changes are still in the editor: once it has started again (npm run edit), try again.',
  },
  checkTooLong: {
    status: 503,
    words: (seconds: string) =>
      `Checking this change took longer than ${seconds} seconds, so the editor stopped it. Your changes are still in the editor: make the change in smaller steps.`,
  },
  requestTooLarge: {
    status: 413,
    words: () =>
      'This change is larger than the editor takes at once, so nothing of it was saved. Your changes are still in the editor: make the change in smaller steps.',
  },
  requestStalled: {
    status: 408,
    words: (seconds: string) =>
      `The change stopped arriving for ${seconds} seconds (a slow or broken connection), so the editor stopped waiting and nothing of it was saved. Your changes are still in the editor: try again.`,
  },
  checkTooLarge: {
    status: 413,
    words: () =>
      'This change is too large for the editor to check: it needs more memory than the editor allows. Your changes are still in the editor: make the change in smaller steps.',
  },
  /** The disk refused a write for want of space (or the author's quota): what was not done, what is kept, what next. */
  diskFull: {
    status: 507,
    words: (notDone: string, kept: string, again: string) =>
      `Your computer's disk is full, so ${notDone}. ${kept}: free some space, then ${again}.`,
  },
  /** The system refused a write: a read-only disk, or a folder the author may not write to. */
  cannotWrite: {
    status: 409,
    words: (notDone: string, kept: string) =>
      `This computer does not let the editor write its files (the disk is read-only, or a folder's permissions forbid it), so ${notDone}. ${kept}: ask a developer to make the site's folder writable for you, then try again.`,
  },
  /** Anything else that went wrong inside the editor: the developer's detail goes to the terminal, not the page. */
  unexpected: {
    status: 500,
    words: (notDone: string, kept: string) =>
      `Something went wrong inside the editor, so ${notDone}. ${kept}: try again, and if it happens again, show a developer what the terminal running npm run edit says.`,
  },

  // Publishing, at either editor.
  /** A file teammates published that the editor does not take in: a link, a submodule, a name some computers lack. */
  notPlainIncoming: {
    status: 409,
    words: (path: string, problem: string, who: string) =>
      `${JSON.stringify(path)} ${problem}, and came in a commit by ${who || 'a teammate'}. The editor takes in only plain files with names every computer can hold, so nothing was brought in and your saved changes are all still here. Ask ${who ? `${who} or a developer` : 'a developer'} to replace it.`,
  },
  publishedMeanwhile: {
    status: 409,
    words: () =>
      'Someone published changes meanwhile, so nothing was published. Your saved changes are all still here: publish again, and their changes come in first.',
  },
  unreachable: {
    status: 409,
    words: (place: string, nothingDone: string) =>
      `${place} could not be reached (no network, or its address is wrong), so ${nothingDone}. Your saved changes are all still here: try again when you are online.`,
  },
  noAnswer: {
    status: 409,
    words: (place: string, seconds: string) =>
      `${place} did not answer in ${seconds} seconds, so the editor stopped waiting. Nothing was lost: your saved changes are all still here. Try again later.`,
  },

  // Publishing at npm run edit, from the author's copy with git.
  noGit: {
    status: 409,
    words: () => 'Git is not installed on this computer, so the editor cannot publish. Ask a developer to install it.',
  },
  notARepository: {
    status: 409,
    words: () =>
      'This copy of the site is not a git repository, so the editor cannot publish it. Ask a developer to set it up as docs/hosting.md says.',
  },
  insideAnotherRepository: {
    status: 409,
    words: (top: string) =>
      `The site's folder is inside another repository (${top}), so the editor does not publish from it.`,
  },
  needsIdentity: {
    status: 409,
    words: (then: string) => `Git does not know your name yet. Write it once, and your email, and ${then}.`,
  },
  identityField: {
    status: 409,
    words: (what: string) => `Write your ${what}.`,
  },
  outsideChanged: {
    status: 409,
    words: () =>
      'Files outside config/ and public/media/ have changed on this computer, outside the editor, so the editor does not publish: it publishes only the site’s content, never a change it did not make. Your saved changes are all still here. Ask a developer to commit or undo those files, then publish.',
  },
  branchMissing: {
    status: 409,
    words: (branch: string) =>
      `The branch "${branch}" does not exist where the site is kept. Ask a developer to check config/publishing.json.`,
  },
  gitBusy: {
    status: 409,
    words: () =>
      'This copy of the site is in the middle of a git merge or rebase started outside the editor. Ask a developer to finish it; then you can publish.',
  },
  otherBranch: {
    status: 409,
    words: (on: string, branch: string) =>
      `This copy of the site is on ${on}, not "${branch}", which the site is published from. Ask a developer to switch it back.`,
  },
  commitsOutside: {
    status: 409,
    words: () =>
      'This copy of the site has commits that are not on the published branch, made outside the editor. Ask a developer to publish or remove them; the editor never mixes histories by itself.',
  },
  teammatesOverlapOutside: {
    status: 409,
    words: (paths: string) =>
      `Teammates changed files that are also changed on this computer outside the editor's folders: ${paths}. Ask a developer to sort these out.`,
  },
  bringInFailed: {
    status: 409,
    words: (gitSaid: string) =>
      `Your teammates' changes could not be brought in, and nothing changed (git said: ${gitSaid}).`,
  },
  inFlightUnknown: {
    status: 409,
    words: (why: string) =>
      `Your last Publish may still be on its way to the site, and the editor could not find out: ${why} Nothing was changed; try again once the site can be reached.`,
  },
  notPlainFile: {
    status: 409,
    words: (said: string) => `${said} The editor publishes nothing until then (a developer can help).`,
  },
  stillFinishing: {
    status: 409,
    words: () =>
      'The editor is still finishing what it was doing when it last stopped (your last Publish may be on its way to the site), so it did not start this. Try again in a moment; your saved changes are all still here.',
  },
  notPlainFolder: {
    status: 409,
    words: (folder: string) =>
      `${folder} is not a plain folder (a link?), so the editor does not write there. Ask a developer to remove it.`,
  },
  gitLockLeft: {
    status: 409,
    words: (lock: string) =>
      `Git's lock file ${lock} is left from a git command that stopped, so the editor does not touch your files. Ask a developer to remove it, then restart the editor. Your saved changes are kept in .git/site-editor/journal/.`,
  },
  checkDidNotRun: {
    status: 409,
    words: (why: string) => `The check could not run, so nothing was published (${why.replace(/\.$/, '')}).`,
  },
  noSignIn: {
    status: 409,
    words: (nothingDone: string) =>
      `Git on this computer has no saved sign-in for where the site is kept, so ${nothingDone}. Your saved changes are all still here. Ask a developer to set up git on this computer once (docs/hosting.md, "The author's computer, once").`,
  },
  mayNotPublish: {
    status: 409,
    words: (branch: string, nothingDone: string) =>
      `Your account may not publish to the branch "${branch}" of this site, so ${nothingDone}. Your saved changes are all still here. Ask a developer for access, or for publishing to be set to "review".`,
  },
  gitFailed: {
    status: 409,
    words: (nothingDone: string, gitSaid: string) =>
      `Git could not reach where the site is kept, so ${nothingDone}. Your saved changes are all still here (git said: ${gitSaid}).`,
  },

  // The editor at /admin/, talking to GitHub from the browser.
  branchMoved: {
    status: 409,
    words: (branch: string) => `Someone changed ${branch} meanwhile: nothing was written.`,
  },
  protectedBranch: {
    status: 409,
    words: (branch: string) =>
      `GitHub protects ${branch}: changes reach it through a pull request. Publish for review instead.`,
  },
  noSuchBranch: {
    status: 409,
    words: (branch: string) => `The repository has no branch ${branch}.`,
  },
  draftsProtected: {
    status: 409,
    words: (branch: string, folder: string) =>
      `GitHub does not let the editor save to your drafts (the branch ${branch}): a rule of the repository protects it. Ask whoever manages the repository to let branches under ${folder} take changes.`,
  },
  readOnlyAccount: {
    status: 409,
    words: (login: string) =>
      `Your GitHub account (${login}) may read this site's repository but not change it. Ask whoever manages it for write access.`,
  },
  signedOut: {
    status: 409,
    words: () =>
      'GitHub no longer accepts your sign-in (it expired or was withdrawn). Sign in again: your changes are kept.',
  },
  rateLimited: {
    status: 409,
    words: (when: string) => `GitHub asks the editor to wait: try again ${when}. Nothing was lost.`,
  },
  noPermission: {
    status: 409,
    words: (repository: string) =>
      `Your GitHub account may not change ${repository}. Ask whoever manages it for write access.`,
  },
  notFound: {
    status: 409,
    words: (repository: string) => `GitHub shows this account nothing at that address of ${repository}.`,
  },
  gitHubUnreachable: {
    status: 409,
    words: () => 'GitHub could not be reached. Check the connection, then try again: your changes are kept.',
  },
  /** A failure nobody foresaw, at /admin/: never its raw text (it goes to the browser's console). */
  unexpectedInBrowser: {
    status: 409,
    words: () =>
      "Something went wrong that the editor did not expect, so this was not done. Your changes are kept in this browser: reload the page and try again. If it happens again, tell a developer (the browser's console has the details).",
  },
  notGitHubsAnswer: {
    status: 409,
    words: () =>
      "What came back was not GitHub's answer (a Wi-Fi or hotel network asking you to sign in to it first?). Open any web page to sign in to the network, then try again: your changes are kept.",
  },
  /** A step of an action the page had stopped waiting for: never started, and never shown (the page said why). */
  stoppedWaiting: {
    status: 409,
    words: () => 'The editor had stopped waiting for this, so it was not done.',
  },
  gitHubNoAnswer: {
    status: 409,
    words: (seconds: string) =>
      `GitHub did not answer within ${seconds} seconds. Check the connection, then try again: your changes are kept.`,
  },
  tooManyFiles: {
    status: 409,
    words: () => 'The repository holds more files than GitHub lists at once.',
  },
  gitHubGaveNoFiles: {
    status: 409,
    words: (said: string) => `GitHub did not give the site's files (${said}).`,
  },
  gitHubRefused: {
    status: 409,
    words: (said: string) => `GitHub refused the request (${said}).`,
  },
  // Uploads held for a save, at either editor (model/held-uploads.ts decides their names).
  heldUploadGone: {
    status: 409,
    words: (src: string) =>
      `${src} is no longer waiting for a save (a save took it, or it was removed in another tab). Look at the list again.`,
  },
  heldNameRefused: {
    status: 400,
    words: (why: string, name: string) => `Not renamed: ${why} It keeps its name, ${name}.`,
  },
  heldNameTaken: {
    status: 409,
    words: (name: string) =>
      `Not renamed: another file is already named ${name}, in public/media/ or waiting for a save. Choose another name.`,
  },

  // Files where the author's saves go that their Publish never sends (model/stray-files.ts).
  strayListMoved: {
    status: 409,
    words: () =>
      'Your drafts changed since this list was made (a save from another tab or device?), so nothing was taken off. Look at the list again.',
  },
  notStray: {
    status: 409,
    words: (path: string) =>
      `${path} is not a file the editor can take off your drafts: it is yours to change in the editor, or it is as the live site has it. Look at the list again.`,
  },
  straysNeedDeveloper: {
    status: 409,
    words: (paths: string) =>
      `${paths} changed on this computer outside the editor, which changes only config/ and public/media/ and never removes a file it did not put there. Ask a developer to deal with them; your saved changes are all still here.`,
  },
} as const satisfies Record<string, RefusalEntry>;

export type RefusalName = keyof typeof REFUSALS;

/**
 * A refusal that carries how npm run edit's server answers it: its HTTP status, and details for the page beside the
 * words. Every refusal of the editor's server is one (this catalogue's, and the server's own: a request too large or
 * stalled, an upload refused, a path a guard refused), so the server answers them all in one place.
 */
export interface AnsweredRefusal extends Error {
  readonly status: number;
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Whether a failure is such a refusal: one of the catalogue's (whatever its status: a full disk is a 507), or another error
 * with the HTTP status of a refusal, 4xx (not, say, a program's exit code).
 */
export function isAnsweredRefusal(error: unknown): error is AnsweredRefusal {
  if (error instanceof Refused) return true;
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

  /** The same refusal with details for the page beside its words (the files changed outside, the name git needs). */
  with(details: Readonly<Record<string, unknown>>): Refused {
    return new Refused(this.refusal, this.message, { ...this.details, ...details });
  }
}

/** The words of a refusal, by its name and what it is about. */
export const refusalWords = <N extends RefusalName>(name: N, ...details: Parameters<(typeof REFUSALS)[N]['words']>) =>
  (REFUSALS[name].words as (...words: string[]) => string)(...details);

/**
 * A refusal as the page takes it (an Answer's refusal), the catalogue's or another answered in words (an upload
 * refused): its words, with its details beside them. Any other failure is thrown on.
 */
export function answeredInWords(refusal: unknown): { readonly error: string } {
  if (isAnsweredRefusal(refusal)) return { error: refusal.message, ...refusal.details };
  throw refusal;
}

/** An action's answer (protocol/editor-backend.ts): what it gives, or its refusal in words; other failures are thrown. */
export const answered = <T>(action: Promise<T>): Promise<Answer<T>> => action.catch(answeredInWords);

/**
 * Whether npm run edit's server answered a refusal in words with this HTTP status, which the page takes as the
 * action's answer: any 4xx, or a 5xx of the catalogue that says "not now" or "not here" (503, 507). A 500 is the
 * editor's own failure, said in words but a failure all the same, as anything else the server did not answer.
 */
export const isRefusalStatus = (status: number): boolean =>
  (status >= 400 && status < 500) ||
  (status !== 500 && Object.values(REFUSALS).some((entry: RefusalEntry) => entry.status === status));

/** A refusal to throw, by its name and what it is about. */
export const refuse = <N extends RefusalName>(name: N, ...details: Parameters<(typeof REFUSALS)[N]['words']>) =>
  new Refused(name, refusalWords(name, ...details));
