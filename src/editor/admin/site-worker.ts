/**
 * The editor's worker at /admin/, doing off the page what npm run edit's checking thread does: the site checker on
 * the site held in memory (checker/check-worker.ts), and, when the config is valid, its preview, built by the same
 * path as the build (server/preview.ts: the site's modules, each form compiled as the build compiles it). It is the
 * one script of the editor that may compile code (Ajv's validators): it holds no token and reaches no page.
 */
import { answerCheck, type CheckAnswer, type CheckRequest } from '../../checker/check-worker.ts';
import { PreviewBuilder } from '../server/preview.ts';
import { previewAddressesOf } from '../model/preview-pages.ts';
import type { PreviewAddress, PreviewBuild } from '../protocol/files.ts';

export interface SiteWorkerRequest {
  readonly check: CheckRequest;
  /** The file shown beside the preview, its unsaved data and the field the author is in: when given, the preview. */
  readonly preview?: { readonly showing?: string; readonly shown?: unknown; readonly focus?: (string | number)[] };
}

export type SiteWorkerAnswer = CheckAnswer & {
  readonly preview?: PreviewBuild;
  readonly addresses?: PreviewAddress[];
};

const builder = new PreviewBuilder();

function answerSiteRequest(request: SiteWorkerRequest): SiteWorkerAnswer {
  const answer = answerCheck(request.check);
  if ('error' in answer || !answer.config || !request.preview) return answer;
  const hasErrors = answer.problems.some((problem) => problem.severity === 'error');
  if (hasErrors) return answer;
  try {
    const preview = builder.build(answer.config);
    const { showing, shown, focus } = request.preview;
    const addresses = showing ? previewAddressesOf(showing, shown, answer.config, preview.payload.pageData, focus) : [];
    return { ...answer, preview, addresses };
  } catch {
    // A preview that cannot be built leaves the last one shown; the check's answer stands.
    return answer;
  }
}

const scope = globalThis as unknown as {
  WorkerGlobalScope?: unknown;
  onmessage: ((event: { data: SiteWorkerRequest }) => void) | null;
  postMessage: (answer: SiteWorkerAnswer) => void;
};
if (typeof scope.WorkerGlobalScope !== 'undefined')
  scope.onmessage = (event) => scope.postMessage(answerSiteRequest(event.data));
