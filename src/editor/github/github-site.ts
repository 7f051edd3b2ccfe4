/**
 * The site as a branch of its GitHub repository holds it, read once into memory for the editor: its config files'
 * texts, its schemas, and the names of its public files (their bytes stay on GitHub until needed). What the editor
 * asks of a site (its files as listed, a file with its version, the checker's word on unsaved changes) it answers from
 * there, with the same functions the local editor uses on the disk. No Node API.
 */
import type { AnySchemaObject } from 'ajv';
import type { CheckAnswer, CheckRequest } from '../../checker/check-worker.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { configFileEntriesOf, type ConfigFileEntry } from '../model/config-file-entries.ts';
import { textHolding } from '../model/json-edit.ts';
import { locateProblems, type LocatedProblem } from '../model/located-problems.ts';
import { GitHubApi, GitHubRefusal } from './github-api.ts';

/** A change as the editor's page sends it: a config file's new data, or its removal. */
export interface SiteChange {
  readonly path: string;
  readonly data: unknown;
  readonly removed?: boolean;
}

/** Pictures and videos of public/ a change adds or removes, by their path in the site. */
export interface MediaChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
}
const NO_MEDIA_CHANGES: MediaChanges = { added: [], removed: [] };

const isConfigText = (path: string) =>
  (path.startsWith('config/') && path.endsWith('.json')) ||
  (path.startsWith('schemas/') && path.endsWith('.schema.json'));

export class GitHubSite {
  private constructor(
    /** The commit read. */
    readonly head: string,
    /** Every file of the commit by path, with the id of its bytes: a config file's version. */
    readonly blobs: ReadonlyMap<string, string>,
    /** The texts of the config files and schemas. */
    private readonly texts: ReadonlyMap<string, string>,
  ) {}

  /** The site as `branch` holds it now. */
  static async load(api: GitHubApi, branch: string): Promise<GitHubSite> {
    const head = await api.head(branch);
    if (!head) throw new GitHubRefusal('not-found', `The repository has no branch ${branch}.`);
    const blobs = await api.files(head);
    const wanted = [...blobs.keys()].filter(isConfigText);
    const read = await api.readTexts([...new Set(wanted.map((path) => blobs.get(path)!))]);
    return new GitHubSite(head, blobs, new Map(wanted.map((path) => [path, read.get(blobs.get(path)!)!])));
  }

  /** The site at a commit made of this one with `texts` changed (null: removed): only the commit's file list is read. */
  async after(api: GitHubApi, commit: string, texts: ReadonlyMap<string, string | null>): Promise<GitHubSite> {
    const next = new Map(this.texts);
    for (const [path, text] of texts)
      if (text === null) next.delete(path);
      else next.set(path, text);
    return new GitHubSite(commit, await api.files(commit), next);
  }

  #configFiles(): { path: string; text: string }[] {
    return [...this.texts]
      .filter(([path]) => path.startsWith('config/'))
      .map(([path, text]) => ({ path, text }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** The config files as the editor lists them. */
  listFiles(): ConfigFileEntry[] {
    return configFileEntriesOf(this.#configFiles());
  }

  /** A config file's text, and its version (the id of its bytes on GitHub). */
  openFile(path: string): { path: string; text: string; version: string } {
    const text = path.startsWith('config/') ? this.texts.get(path) : undefined;
    if (text === undefined) throw new GitHubRefusal('not-found', `${path} is not a config file of the site.`);
    return { path, text, version: this.blobs.get(path)! };
  }

  /** The schemas the site's config is checked against, by their path under schemas/. */
  schemas(): Map<string, AnySchemaObject> {
    return new Map(
      [...this.texts]
        .filter(([path]) => path.startsWith('schemas/'))
        .map(([path, text]) => [path.slice('schemas/'.length), JSON.parse(text) as AnySchemaObject]),
    );
  }

  /** The new text of each changed file, edited in place so that only what changed differs; null for a removal. */
  textsAfter(changes: readonly SiteChange[]): Map<string, string | null> {
    return new Map(
      changes.map((change) => [
        change.path,
        change.removed ? null : textHolding(this.texts.get(change.path), change.data),
      ]),
    );
  }

  /** What the checker is sent for the site with these changes: the config and the schemas held, public files by name. */
  checkRequest(changes: readonly SiteChange[], media: MediaChanges = NO_MEDIA_CHANGES): CheckRequest {
    const files = new Map<string, string | null>();
    for (const path of this.blobs.keys())
      if (path.startsWith('public/')) files.set(path, null);
      else if (path.startsWith('config/')) files.set(path, this.texts.get(path) ?? null);
    for (const path of media.added) files.set(path, null);
    for (const path of media.removed) files.delete(path);
    const unsaved = new Map([...this.textsAfter(changes)].map(([path, text]) => [path.slice('config/'.length), text]));
    return { files, schemas: this.schemas(), unsaved };
  }

  /**
   * The checker's word on the site with these changes, each problem at its field: `run` is the checker (in a browser
   * worker on the page, or called directly).
   */
  async check(
    changes: readonly SiteChange[],
    run: (request: CheckRequest) => Promise<CheckAnswer>,
    media: MediaChanges = NO_MEDIA_CHANGES,
  ): Promise<{ problems: LocatedProblem[]; config?: SiteConfig }> {
    const request = this.checkRequest(changes, media);
    const answer = await run(request);
    if ('error' in answer) throw new Error(answer.error);
    const problems = locateProblems(answer.problems, (file) => {
      const unsaved = request.unsaved?.get(file.replace(/^config\//, ''));
      return unsaved === undefined ? this.texts.get(file) : (unsaved ?? undefined);
    });
    return { problems, config: answer.config };
  }
}
