/**
 * npm run edit's backend without its HTTP: the server's own parts (workspace, media, new entries, Delete, the
 * publisher) called in this process on a site folder, answering as protocol/editor-backend.ts asks. For tests of the
 * page's stores and components, where what is tried is the page on the local editor and not the requests between them
 * (server/editor-api.test.ts and the browser tests try those).
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { GROUP_ORDER } from '../editor/model/config-file-entries.ts';
import type { EditorBackend } from '../editor/protocol/editor-backend.ts';
import type { Answer } from '../editor/protocol/publishing.ts';
import { answered, refusalWords } from '../editor/protocol/refusals.ts';
import { editorSchemas } from '../editor/server/editor-schemas.ts';
import { heldUploadsOf, removeHeldMedia, renameHeldMedia } from '../editor/git/held-media.ts';
import { listMedia, receiveUpload } from '../editor/server/media.ts';
import { newEntryOn } from '../editor/model/new-entries.ts';
import type { SitePublisher } from '../editor/git/publishing.ts';
import { planRemoval, removeAsPlanned } from '../editor/model/removal.ts';
import { DiskStore } from '../editor/git/disk-store.ts';
import { FinishedOperations } from '../editor/server/finished-operations.ts';
import { idsOf } from '../editor/model/operations.ts';
import type { Attempt } from '../editor/protocol/attempt.ts';
import { checkChanges, listConfigFiles, readConfigFile, saveConfigFiles } from '../editor/server/workspace.ts';
import { isFileKind } from '../checker/media-files.ts';
import { pathsInWords, straysInCopy } from '../editor/model/stray-files.ts';

/** What the server answers, as the page receives it: the result, or its refusal in words, with its details. */
const asServerAnswers = <T>(action: () => Promise<T> | T): Promise<Answer<T>> =>
  answered(Promise.resolve().then(action));

/** A file as the server receives an upload of it: its bytes as the request's body, its size declared. */
async function requestOf(file: File): Promise<IncomingMessage> {
  const bytes = Buffer.from(await file.arrayBuffer());
  return Object.assign(Readable.from([bytes]), { headers: { 'content-length': String(bytes.length) } }) as never;
}

const missing = (what: string) => () => Promise.reject(new Error(`This test's editor has no ${what}.`));

/** The local editor's backend on `siteDir`; publishing, Get latest, History and Undo when given its publisher. */
export function editorOnDisk(siteDir: string, publisher?: SitePublisher): EditorBackend {
  // Read when first asked: a component test that never asks does not read them.
  let read: Promise<Record<string, object>> | undefined;
  const schemas = () => (read ??= editorSchemas() as Promise<Record<string, object>>);
  // As the server records them (server/editor-api.ts): the saves and Deletes done, for an answer the page lost.
  const finished = new FinishedOperations();
  const recorded = async <T extends { status: string }>(attempt: Attempt | undefined, done: Promise<T>) => {
    const answer = await done;
    if (answer.status === 'saved') finished.add(attempt?.id);
    return answer;
  };
  return {
    openSession: async () => undefined,
    account: async () => ({ login: 'this-computer', name: '' }),
    whoRemoved: async (path) => publisher?.whoRemoved(path),
    addressOf: (path) => path,
    previewFrame: () => ({ origin: 'null', sandbox: 'allow-scripts', address: (path) => path }),
    listFiles: () => asServerAnswers(() => ({ groups: [...GROUP_ORDER], files: listConfigFiles(siteDir) })),
    openFile: (path) => asServerAnswers(() => readConfigFile(siteDir, path)),
    loadSchemas: schemas,
    checkChanges: (changes) => asServerAnswers(() => ({ problems: checkChanges(siteDir, changes).problems })),
    saveChanges: (changes, attempt) => asServerAnswers(() => recorded(attempt, saveConfigFiles(siteDir, changes))),
    createEntry: (request, changes) =>
      asServerAnswers(async () =>
        newEntryOn(new DiskStore(siteDir), request, changes, (await schemas()) as Parameters<typeof newEntryOn>[3]),
      ),
    planRemoval: (path) => asServerAnswers(() => planRemoval(new DiskStore(siteDir), path)),
    removeFile: (plan, places, showInstead, attempt) =>
      asServerAnswers(() => recorded(attempt, removeAsPlanned(new DiskStore(siteDir), plan, places, showInstead))),
    listMedia: (kind) => asServerAnswers(() => ({ files: listMedia(siteDir, isFileKind(kind) ? kind : undefined) })),
    uploadMedia: (file, kind) =>
      asServerAnswers(async () =>
        receiveUpload(siteDir, file.name, isFileKind(kind) ? kind : 'any', await requestOf(file)),
      ),
    heldUploads: () => asServerAnswers(() => ({ uploads: heldUploadsOf(siteDir) })),
    renameHeldUpload: (src, name) => asServerAnswers(() => ({ src: renameHeldMedia(siteDir, src, name) })),
    removeHeldUpload: (src) => asServerAnswers(() => (removeHeldMedia(siteDir, src), { removed: src })),
    strayFiles: () =>
      asServerAnswers(async () => ({
        files: straysInCopy(publisher ? (await publisher.status()).outside : [], checkChanges(siteDir, []).problems),
      })),
    canTakeOffStrays: false,
    takeOffDrafts: async ({ paths }) => ({ error: refusalWords('straysNeedDeveloper', pathsInWords(paths)) }),
    noticeAtStart: async () => undefined,
    publishStatus: publisher ? () => asServerAnswers(() => publisher.status()) : missing('publisher'),
    publish: publisher ? (request) => asServerAnswers(() => publisher.publish(request)) : missing('publisher'),
    siteBuild: missing('live site'),
    seesHostReports: false,
    discardChange: publisher
      ? (path) => asServerAnswers(async () => (await publisher.discard(path), { discarded: path }))
      : missing('publisher'),
    getLatest: publisher ? (choices) => asServerAnswers(() => publisher.getLatest(choices)) : missing('publisher'),
    loadHistory: publisher
      ? () => asServerAnswers(async () => ({ entries: [...(await publisher.history())] }))
      : missing('publisher'),
    undoPublished: publisher
      ? (commit, only, attempt) => asServerAnswers(() => publisher.undo(commit, only, attempt))
      : missing('publisher'),
    findOperation: (action, attempt) =>
      asServerAnswers(async () => {
        if (action === 'save')
          return finished.hasAny(idsOf(attempt)) ? { landed: true } : { landed: false, mayLandLater: false };
        return publisher ? publisher.findPublished(attempt) : { landed: false, mayLandLater: false };
      }),
    savedWhere: 'on disk',
    failureWords: (failure, doing) => `${doing}: ${failure.message}`,
    local: {
      setIdentity: publisher
        ? (name, email) =>
            asServerAnswers(async () => (await publisher.setIdentity(name, email), { saved: true as const }))
        : missing('publisher'),
      restart: async () => undefined,
      isRestarting: () => false,
    },
  };
}
