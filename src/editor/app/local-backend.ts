/** The editor's own server, started by npm run edit on this computer, as the editor's backend (api.ts calls it). */
import * as local from './api.ts';
import { originFromPage } from '../preview/messages.ts';
import { pathsInWords } from '../model/stray-files.ts';
import type { EditorBackend } from '../protocol/editor-backend.ts';
import { unlessRefused } from '../protocol/publishing.ts';
import { refusalWords } from '../protocol/refusals.ts';
import { inSession } from './session-folder.ts';

export const localBackend: EditorBackend = {
  openSession: local.openSession,
  // The person at this computer: npm run edit answers this machine alone.
  account: async () => ({ login: 'this-computer', name: '' }),
  whoRemoved: local.whoRemoved,
  addressOf: inSession,
  previewFrame: () => {
    // Its own origin (another port): nothing that runs in it can read the editor's page, token or drafts.
    const origin = originFromPage('preview-origin');
    return {
      origin,
      sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups',
      address: (path) => `${origin}${inSession(path)}`,
    };
  },
  listFiles: local.listFiles,
  openFile: local.openFile,
  loadSchemas: local.loadSchemas,
  checkChanges: local.checkChanges,
  saveChanges: local.saveChanges,
  createEntry: local.createEntry,
  planRemoval: local.planRemoval,
  removeFile: local.removeFile,
  listMedia: local.listMedia,
  uploadMedia: local.uploadMedia,
  heldUploads: local.heldUploads,
  renameHeldUpload: local.renameHeldUpload,
  removeHeldUpload: local.removeHeldUpload,
  strayFiles: local.strayFiles,
  // The author's copy is theirs: what changed there outside the editor is a developer's to deal with.
  canTakeOffStrays: false,
  takeOffDrafts: async ({ paths }) => ({ error: refusalWords('straysNeedDeveloper', pathsInWords(paths)) }),
  publishStatus: local.publishStatus,
  noticeAtStart: async () => unlessRefused(await local.publishStatus())?.notice,
  publish: local.publish,
  siteBuild: local.siteBuild,
  // The hosts report to GitHub, which npm run edit does not ask: it reads the live site alone.
  seesHostReports: false,
  discardChange: local.discardChange,
  getLatest: local.getLatest,
  loadHistory: local.loadHistory,
  undoPublished: local.undoPublished,
  findOperation: local.findOperation,
  savedWhere: 'on disk',
  // The server's own words as they are; only a failure to hear from it asks whether it still runs.
  failureWords: (failure, doing) =>
    failure instanceof local.NoSession
      ? failure.message
      : failure instanceof local.ServerFailed
        ? `${doing}: ${failure.message}`
        : `${doing}: ${failure.message} Is npm run edit still running?`,
  local: { setIdentity: local.setIdentity, restart: local.restartEditor, isRestarting: local.isRestarting },
};
