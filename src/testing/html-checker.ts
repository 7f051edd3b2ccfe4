/**
 * The W3C Nu Html Checker (npm vnu-jar, run with Java) on the pages of a built site, as the checker at
 * validator.w3.org would read them. It checks files, not addresses: its web mode refuses local servers.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';

const CHECKER = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface CheckerMessage {
  readonly type: string;
  readonly url: string;
  readonly lastLine?: number;
  readonly message: string;
}

/** Every page a built site holds (its .html files), as paths. */
function pagesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The checker's errors on every page of a built site, as "about/index.html:12 message"; none when the HTML is valid.
 */
export async function htmlErrors(folder: string): Promise<{ pages: number; errors: string[] }> {
  const pages = pagesIn(folder);
  let report: string;
  try {
    // The checker writes its report to stderr, and exits 1 when it found errors.
    const done = await promisify(execFile)('java', ['-jar', CHECKER, '--errors-only', '--format', 'json', ...pages], {
      maxBuffer: 64 * 1024 * 1024,
    });
    report = done.stderr;
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stderr?: string };
    if (failed.code === 'ENOENT')
      throw new Error('The HTML checker needs Java: install it (on Debian: apt-get install default-jre-headless).');
    report = failed.stderr ?? '';
  }
  const { messages } = JSON.parse(report) as { messages: CheckerMessage[] };
  const errors = messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => `${relative(folder, new URL(message.url).pathname)}:${message.lastLine ?? 0} ${message.message}`);
  return { pages: pages.length, errors };
}
