/**
 * The W3C Nu Html Checker (npm vnu-jar, run with Java) on the pages of a built site, as the checker at
 * validator.w3.org would read them. It checks files, not addresses: its web mode refuses local servers.
 */
import { execFile } from 'node:child_process';
import { relative } from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { htmlFilesIn } from './built-pages.ts';
import { javaForTheChecker } from './java-runtime.ts';

const CHECKER = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * A short check is done in half the time on Java's quick compiler alone (measured on two cores: 1,009 pages in 9.2 s
 * and 6.0 s of CPU instead of 18.8 s and 12.8 s); a long one finishes first with the full compiler at work beside it
 * (5,045 pages: 19.1 s instead of 21.2 s). The quick compiler's frames are larger, so the checker's deep reading of
 * its HTML schema needs a larger stack than Java's default 1 MB. A Java that does not know an option ignores it.
 */
const QUICK_CHECK_PAGES = 2_000;
const QUICK_CHECK_OPTIONS = ['-XX:+IgnoreUnrecognizedVMOptions', '-XX:TieredStopAtLevel=1', '-Xss16m'];

interface CheckerMessage {
  readonly type: string;
  readonly url: string;
  readonly lastLine?: number;
  readonly message: string;
}

/**
 * The checker's errors on every page of a built site, as "about/index.html:12 message"; none when the HTML is valid.
 */
export async function htmlErrors(folder: string, java?: string): Promise<{ pages: number; errors: string[] }> {
  const pages = htmlFilesIn(folder);
  const command = java ?? (await javaForTheChecker());
  let report: string;
  try {
    // The checker writes its report to stderr, and exits 1 when it found errors.
    const javaOptions = pages.length <= QUICK_CHECK_PAGES ? QUICK_CHECK_OPTIONS : [];
    const args = [...javaOptions, '-jar', CHECKER, '--errors-only', '--format', 'json', ...pages];
    const done = await promisify(execFile)(command, args, { maxBuffer: 64 * 1024 * 1024 });
    report = done.stderr;
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stderr?: string };
    if (failed.code === 'ENOENT') throw new Error(`The HTML checker could not start Java (${command}).`);
    report = failed.stderr ?? '';
  }
  const { messages } = JSON.parse(report) as { messages: CheckerMessage[] };
  const errors = messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => `${relative(folder, new URL(message.url).pathname)}:${message.lastLine ?? 0} ${message.message}`);
  return { pages: pages.length, errors };
}
