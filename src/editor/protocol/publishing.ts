/**
 * What the Publish panel, Get latest, History and Undo exchange with whoever publishes the site: npm run edit's server
 * (git/publishing.ts) or a git host from the browser (model/drafts-publishing.ts). Plain data, the same from either.
 */
import type { ConfigProblem } from '../../checker/config-problem.ts';
import type { Attempt } from './attempt.ts';
import type { RemovalPlan } from './files.ts';

/**
 * How the site publishes: straight to the branch it is published from, or on a branch of its own for a teammate to
 * review. config/publishing.json calls the first "live", authors' word for it, kept as it is.
 */
export type PublishMode = typeof STRAIGHT_TO_BRANCH | 'review';
/** The mode that publishes straight to the published branch: config/publishing.json's "live". */
export const STRAIGHT_TO_BRANCH = 'live';

/** One saved change not yet live. */
export interface SavedChange {
  readonly path: string;
  readonly change: 'added' | 'changed' | 'removed';
  /** In words: "Home page: heading changed", "New picture: new-poster.jpg". */
  readonly words: string;
  /** New media that no config file uses: it is not published. */
  readonly unused?: boolean;
}

export interface PublishStatus {
  /** Why the editor cannot publish from this copy at all, in words (not a repository, in the middle of a merge...). */
  readonly problem?: string;
  /** Files changed outside config/ and public/media/, which keep publishing off until a developer deals with them. */
  readonly outside: readonly string[];
  /**
   * Files outside config/ and public/media/ that the author's drafts hold (a teammate's push to their branch): never
   * published from the editor, said so, and no reason to stop publishing the rest.
   */
  readonly ignored?: readonly string[];
  /** The id of this list of changes (model/publish-list.ts): Publish goes only while the saved changes still give it. */
  readonly listId?: string;
  /** The author's name and email as git has them, or null when git has none and the editor must ask once. */
  readonly identity: { readonly name: string; readonly email: string } | null;
  readonly mode: PublishMode;
  readonly branch: string;
  readonly updateMinutes: number;
  readonly changes: readonly SavedChange[];
  /** Published media that no config file uses any more, offered for removal. */
  readonly unusedMedia: readonly string[];
  /**
   * How many of the site's files teammates published changes to that the author does not have yet (as last fetched;
   * model/teammates-changes.ts).
   */
  readonly behind: number;
  /** What publishing is doing right now, in words ("Publishing…"), when it is doing something. */
  readonly busy?: string;
  /** What the editor put right when it started after stopping in the middle of a step, in words. */
  readonly notice?: string;
}

/** A field (or a whole file) a teammate and the author both changed, with both values in words. */
export interface Conflict {
  readonly id: string;
  readonly file: string;
  /** The file as the author knows it, such as "Home page". */
  readonly fileName: string;
  /** The field, such as "sections 1 (video-hero).heading", or "the whole file". */
  readonly field: string;
  readonly mine: string;
  readonly theirs: string;
  /** What it was before either changed it; undefined when it was not there. */
  readonly before?: string;
  /** The teammate who changed it, by name, where the store can tell. */
  readonly by?: string;
}

export type LatestResult =
  | { readonly status: 'up-to-date' }
  | {
      readonly status: 'updated';
      /** What came in, a line per file in the words History uses ("Home page: heading changed"). */
      readonly brought: readonly string[];
      /**
       * Files outside config/ and public/media/ that came in too: the site's code, which the editor uses once
       * restarted.
       */
      readonly codeChanged?: readonly string[];
    }
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] };

/** A publish or an undo that went out: its commit, the branch it is on, and its message. */
interface WentOut {
  readonly commit: string;
  readonly branch: string;
  readonly message: string;
  /** For an undo: what it left as it was (the site's code the change also touched), in words. */
  readonly kept?: string;
  /**
   * It went out although its answer was lost: found so at once ('found'), or late, after the editor had said it had
   * not ('late'). Set by the page (app/lost-answers.ts), never by a backend.
   */
  readonly afterAll?: 'found' | 'late';
}

export type PublishResult =
  /** On the branch the site is published from: on its way to the live site. */
  | ({ readonly status: 'published' } & WentOut)
  /**
   * On a branch of its own for a teammate to review (config/publishing.json, or a branch the host protects), with the
   * address of its review where the host gives one: the live site is as it was.
   */
  | ({ readonly status: 'sent-for-review'; readonly link?: string } & WentOut)
  | { readonly status: 'conflicts'; readonly conflicts: readonly Conflict[] }
  | { readonly status: 'invalid'; readonly problems: readonly ConfigProblem[] };

/** A publish or an undo that went out: published, or sent for review. */
export type SentChanges = Extract<PublishResult, { status: 'published' | 'sent-for-review' }>;

/** One file a published change changed: its path, and what changed, in words. Undo can put back this part alone. */
export interface HistoryChange {
  readonly path: string;
  readonly words: string;
}

export interface HistoryEntry {
  readonly commit: string;
  readonly author: string;
  /** When, as an ISO date. */
  readonly date: string;
  readonly message: string;
  readonly changes: readonly HistoryChange[];
  /** Whether Undo can apply: not the site's first version, which has nothing before it. */
  readonly undoable: boolean;
  /** Files outside config/ and public/media/ it changed too, which Undo leaves as they are. */
  readonly otherFiles: readonly string[];
}

/** What Publish sends: the list it was shown (by id), what the author left out or removes, their message, its id. */
export interface PublishRequest {
  readonly leaveOut: string[];
  readonly removeMedia: string[];
  readonly message: string;
  /** The list the dialog showed (PublishStatus.listId): a list that moved since is refused, nothing published. */
  readonly listId?: string;
  /** This publish's id, and earlier tries' whose answers were lost (model/operations.ts). */
  readonly attempt?: Attempt;
}

/**
 * An action's answer when it was refused (protocol/refusals.ts) or, on the page, never came: the author's words, and
 * the details beside them (the files changed outside, the author's name, Delete's plan as it is now).
 */
export interface RefusalInWords {
  readonly error: string;
  readonly outside?: string[];
  readonly needsIdentity?: boolean;
  /** The saved changes moved since the list was shown: it is to be read again. */
  readonly listMoved?: boolean;
  /** The file changed since Delete's plan was made: the plan as it is now, to show again. */
  readonly plan?: RemovalPlan;
  /** No answer came (a lost connection, a deadline): the action may or may not have happened. */
  readonly unanswered?: boolean;
}
/** What an action whose answer was lost did, as the editor looks it up (EditorBackend.findOperation). */
export type LostAction = 'save' | 'publish';

/** What became of an action whose answer was lost, found by its operation id. */
export type FoundOperation =
  | {
      readonly landed: true;
      /** A publish (or undo) that landed, published or sent for review, as its answer would have said. */
      readonly sent?: SentChanges;
    }
  | {
      readonly landed: false;
      /**
       * Whether it may still land: a request the page stopped waiting for that the server may yet do (GitHub). False
       * where the editor knows it never will (npm run edit, which finished or dropped it before answering this).
       */
      readonly mayLandLater: boolean;
    };

/** The answer of every action of the editor (protocol/editor-backend.ts): the result, or a refusal in words. */
export type Answer<T> = T | RefusalInWords;
export const isRefusal = (answer: object): answer is RefusalInWords => 'error' in answer;
/** An answer's result, or undefined when it was refused: for what the page reads again and does without meanwhile. */
export const unlessRefused = <T extends object>(answer: Answer<T>): T | undefined =>
  isRefusal(answer) ? undefined : answer;

/**
 * What a host said about the build of one commit: a commit status (Netlify), a check run (GitHub Actions, Cloudflare
 * Pages) or a deployment (GitHub Pages, and hosts that record deployments on GitHub).
 */
export interface HostReport {
  /** The host in words: "Netlify", "Cloudflare Pages", "GitHub Pages". */
  readonly host: string;
  readonly state: 'pending' | 'success' | 'failure';
  /** What the host said, in its own words ("Build script returned non-zero exit code: 2"), if anything. */
  readonly words?: string;
  /** Where the host shows the build and its log. */
  readonly log?: string;
  /** Where the host serves this commit's build, when it posts one (a deploy preview). */
  readonly preview?: string;
  /**
   * Whether this is the whole suite, run on code a developer changed before this commit and not yet passed: no host
   * deploys the commit before it passes (CI's "Code checks of an earlier change").
   */
  readonly earlierCode?: boolean;
}

/** How a published commit stands on its way to the live site, as one backend reads it. */
export interface SiteBuild {
  /** The address the live site was read at. */
  readonly address: string;
  /** The commit the live site says it was built from; undefined when it could not be read (`unreadable` says why). */
  readonly liveCommit?: string | null;
  readonly unreadable?: string;
  /** Whether the live site holds the published commit: built from it, or from a later commit that includes it. */
  readonly holds: boolean;
  /** What the hosts said about the published commit; none where the backend cannot ask (npm run edit). */
  readonly reports: readonly HostReport[];
}
