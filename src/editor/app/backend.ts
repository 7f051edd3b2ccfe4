/**
 * What the editor's page asks of the site it edits, in one interface: its files and their schemas, the checker's
 * word on unsaved changes, saving and new entries. Today one implementation answers, the local server of npm run
 * edit (api.ts); another (a git host's API from the browser) implements the same.
 */
import * as local from './api';
import type { Change, CheckResult, FileEntry, NewEntryRequest, OpenedFile, PublishStatus, SaveResult } from './api';

export interface EditorBackend {
  /** Starts the session: where the preview and the media are served. */
  openSession(): Promise<void>;
  listFiles(): Promise<{ groups: string[]; files: FileEntry[] }>;
  openFile(path: string): Promise<OpenedFile>;
  loadSchemas(): Promise<Record<string, object>>;
  checkChanges(changes: Change[], showing?: string, focus?: (string | number)[]): Promise<CheckResult>;
  saveChanges(changes: Change[]): Promise<SaveResult>;
  createEntry(request: NewEntryRequest, changes: Change[]): Promise<Change & { file: FileEntry }>;
  publishStatus(): Promise<PublishStatus>;
  /** A failure to reach the site in words, after `doing` ("Could not check your changes"), with what to try. */
  failureWords(failure: Error, doing: string): string;
}

/** The editor's own server, started by npm run edit on this computer. */
export const localBackend: EditorBackend = {
  openSession: local.openSession,
  listFiles: local.listFiles,
  openFile: local.openFile,
  loadSchemas: local.loadSchemas,
  checkChanges: local.checkChanges,
  saveChanges: local.saveChanges,
  createEntry: local.createEntry,
  publishStatus: local.publishStatus,
  failureWords: (failure, doing) =>
    failure instanceof local.NoSession
      ? failure.message
      : `${doing}: ${failure.message} Is npm run edit still running?`,
};
