/**
 * What an operation of the editor's publishing (publishing.ts) lends the steps it runs: where it stands, recorded for
 * the notice after a stop; a fetch of the published branch that also settles a publish the editor stopped sending; the
 * editor session's lock on the site's files; and the one validator, on a folder.
 */
import type { LockQueue } from './lock-queue.ts';
import type { OperationStep } from './operation-record.ts';
import type { ValidateFolder } from './publish-commit.ts';
import type { PublishSettings } from './publish-settings.ts';
import type { SiteRepository } from './site-repository.ts';

export interface OperationSteps {
  /** The operation reached `step`: recorded before the step starts. */
  step(step: OperationStep): void;
  /** Fetches the published branch; its name as this copy knows it. */
  fetch(repo: SiteRepository, settings: PublishSettings): Promise<string>;
  /** The editor session's lock on the site's files, which its saves and uploads take too. */
  readonly siteFiles: LockQueue;
  readonly validateFolder: ValidateFolder;
}

/** What publishing asks of an author who has not told git their name. */
export const NEEDS_IDENTITY = { needsIdentity: true };
