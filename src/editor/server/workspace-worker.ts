/**
 * The editor's checking thread: checks, saves and new entries run here one at a time, so however large a change an
 * author (or anything holding the token) sends, the editor's server keeps answering its page and preview meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import { editorSchemas } from './editor-schemas.ts';
import { PreviewBuilder } from './preview.ts';
import { runJob, type WorkspaceJob } from './workspace-jobs.ts';

const builder = new PreviewBuilder();

parentPort!.on('message', (job: WorkspaceJob) => {
  void runJob(job, builder, editorSchemas).then((answer) => parentPort!.postMessage(answer));
});
