/**
 * What the editor's page and whoever keeps the site (npm run edit's server, or GitHub from the browser) exchange about
 * the site's files: a file as opened, a change to save and the answer, the checker's word, new entries, Delete's plan,
 * media, and the preview. Plain data, the same from either editor; protocol/editor-backend.ts says who asks what.
 */
import type { ConfigProblem } from '../../checker/config-problem.ts';
import type { PageData, SiteShell } from '../../contract/site-config.ts';
import type { Attempt } from './attempt.ts';

/** A config file as the editor lists it. */
export interface FileEntry {
  /** Path from the site's folder, such as config/pages/home.json. */
  readonly path: string;
  /** The group it is listed under, such as Pages or Influencers. */
  readonly group: string;
  /** Its name in the list: a page's route and title, an influencer's name, or the file's name. */
  readonly label: string;
  /** Its schema, relative to schemas/. */
  readonly schema: string;
  /** A page's address, such as /about, which Find a file also searches. */
  readonly address?: string;
  /** Whether Delete may remove it: a page, an entry of its own, a form; not a file the site needs. */
  readonly removable: boolean;
}

/** A config file as read: its path, its text, and its version (what a save of it is made against). */
export interface OpenedFile {
  readonly path: string;
  readonly text: string;
  readonly version: string;
}

/** An unsaved change: a config file's new data, and the version it was opened at (null for a file not there yet). */
export interface Change {
  readonly path: string;
  readonly data: unknown;
  readonly baseVersion: string | null;
  /** The file is to be removed (Delete), rather than written with `data`. */
  readonly removed?: boolean;
}

/** A problem the checker found, with where it is as data: the file's path and the field's path inside it. */
export interface Problem extends ConfigProblem {
  /** The path of the value inside the file, such as ["sections", 0, "heading"]; [] for the whole file. */
  readonly at: (string | number)[];
}

/** A file that changed since the author opened it: as it is now, and the text the author meant to save. */
export type ChangedSince = OpenedFile & { readonly yours: string };

export type SaveResult =
  | {
      readonly status: 'saved';
      readonly files: readonly OpenedFile[];
      /** The files the save removed. */
      readonly removed: readonly string[];
      /** Pictures and videos the saved files named before and name no more, which Publish offers to remove. */
      readonly noLongerUsed: readonly string[];
    }
  | { readonly status: 'conflict'; readonly files: readonly ChangedSince[] }
  | { readonly status: 'invalid'; readonly problems: readonly Problem[] };

/** What the preview draws the site from: the unsaved config, cut as the build serves it to the renderer. */
export interface PreviewPayload {
  /** What virtual:site-shell holds: the site's settings, navigation and pages. */
  readonly shell: SiteShell;
  /** What each page's module of virtual:page-data holds, by the page's route. */
  readonly pageData: Readonly<Record<string, PageData>>;
  /** Each form's module, by form name: the address it is imported from, which changes whenever the form does. */
  readonly forms: Readonly<Record<string, string>>;
  /** Changes whenever any influencer does, so the preview reads profiles afresh. */
  readonly influencersVersion: string;
  /**
   * For a preview no server answers (the editor at /admin/): the files its renderer loads, by address (each form's
   * module, the directory's search data, each profile), sent with the payload.
   */
  readonly files?: Readonly<Record<string, string>>;
  /** For such a preview, pictures and videos uploaded and not yet published: where each is shown from, by its path. */
  readonly media?: Readonly<Record<string, string>>;
}

/** A page of the preview that shows (part of) a file, to offer beside it. */
export interface PreviewAddress {
  /** The address to show, such as /work or /influencers/3. */
  readonly path: string;
  /** What the author sees, such as "/work: Our Work | Loom Media". */
  readonly label: string;
}

/**
 * What the preview needs of one valid config: its payload, each form's module, and the data files the renderer fetches.
 */
export interface PreviewBuild {
  readonly payload: PreviewPayload;
  /** Each form's module code by its address. */
  readonly formModules: readonly (readonly [address: string, code: string])[];
  /** The directory's search data, at the address the payload names. */
  readonly influencerIndex: { readonly url: string; readonly content: string };
  /** Each influencer's profile data, by its address. */
  readonly profiles: readonly (readonly [url: string, json: string])[];
}

/**
 * What the checker says of unsaved changes: every problem; when none is an error, the preview and the pages showing
 * the file shown. `superseded` when a newer check of the same tab replaced it before it ran.
 */
export interface CheckResult {
  readonly problems: readonly Problem[];
  readonly superseded?: boolean;
  readonly preview?: PreviewPayload;
  readonly addresses?: PreviewAddress[];
}

/**
 * What the author asks for: a page (its address, title and first block), an influencer (by name), a project (by title).
 */
export type NewEntryRequest =
  | { readonly what: 'page'; readonly route: string; readonly title: string; readonly sectionType: string }
  | { readonly what: 'influencer'; readonly name: string }
  | { readonly what: 'project'; readonly title: string };

/** A new entry as an unsaved change to open, and how the file list shows its file. */
export type NewEntryAnswer = Change & { readonly file: FileEntry };

/**
 * One place that points to what is removed: its file, in words and as a path, the field, and what the checker would
 * say.
 */
export interface RemovalPlace {
  readonly file: string;
  readonly fileName: string;
  readonly field: string;
  readonly at: readonly (string | number)[];
  /** What each step of `at` is called, where it has a name (namesAlong). */
  readonly names?: readonly (string | null)[];
  readonly message: string;
}

/** What Delete asks the author before removing a file. */
export interface RemovalPlan {
  readonly path: string;
  /** The version of the file the plan was made from: Delete removes that version only. */
  readonly version: string;
  /** Its name in words: "Yaw Darko", "Careers page". */
  readonly name: string;
  /** The address it had on the site (a page's route, a profile's), which old links and bookmarks still name. */
  readonly address?: string;
  /** The id of a removed influencer, which is never given to anyone again. */
  readonly retiredId?: number;
  readonly places: readonly RemovalPlace[];
}

/** What to do with the places that point to a removed file: remove them, or point them to another page. */
export type PlacesChoice = { readonly action: 'remove' } | { readonly action: 'repoint'; readonly to: string };

/**
 * Delete's answer: saved, or refused as a save is. A file changed since the plan is a refusal in words, with the plan
 * as it is now beside them (RefusalInWords.plan).
 */
export type RemovalAnswer = SaveResult;

/** A picture or video of the site, or an upload held for the save that names it. */
export interface MediaFile {
  /** The address pages use, such as /media/hero.mp4. */
  readonly src: string;
  readonly kind: 'image' | 'video';
  readonly bytes: number;
  /** Uploaded, and waiting for a save to write a file that uses it. */
  readonly held?: boolean;
  /** Whether a saved config file names it; a file no page uses any more can be removed when publishing. */
  readonly used?: boolean;
}

/** An upload the editor holds for the author until a save names it, as the list of held uploads shows it. */
export interface HeldUpload {
  /** The address it has once saved, such as /media/beach-day.jpg. */
  readonly src: string;
  /** Picture or video, by its ending; undefined when its ending names neither. */
  readonly kind?: 'image' | 'video';
  readonly bytes: number;
  /** When it was uploaded, as an ISO date. */
  readonly uploadedAt: string;
  /**
   * Why its name cannot join the site, in words that follow the name (an upload held before names were checked): a
   * save that names it is refused until it is renamed.
   */
  readonly nameProblem?: string;
}

/**
 * A file where the author's saves go (their drafts at /admin/, their copy at npm run edit) that their Publish would
 * never send: outside config/ and public/media/, or one the checker refuses. It was not put there by the editor.
 */
export interface StrayFile {
  readonly path: string;
  /** Added, changed or removed there, against the site as published; absent where it is as published. */
  readonly change?: 'added' | 'changed' | 'removed';
  /** Why Publish never sends it, in words: outside the site's content, or what the checker says of it. */
  readonly why: string;
  /** Who made the change, and when (an ISO date), as the branch's history tells; absent where nobody committed it. */
  readonly by?: { readonly name: string; readonly date: string };
}

/** The stray files where the author's saves go, and where the list was made. */
export interface StrayFiles {
  readonly files: readonly StrayFile[];
  /** Where the list was made (the drafts' head): taking them off is made only while the drafts are still there. */
  readonly listedAt?: string;
}

/** What the author asks to take off their drafts: the files, from the list made at `listedAt`, with the step's id. */
export interface TakeOffRequest {
  readonly paths: readonly string[];
  readonly listedAt: string;
  /** This step's id and earlier tries' whose answers were lost (model/operations.ts). */
  readonly attempt?: Attempt;
}
