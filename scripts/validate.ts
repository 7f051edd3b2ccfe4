/**
 * `npm run validate`: checks every file in config/ and prints one line per problem (errors, and warnings marked as
 * such), then a one-line summary when there is no error. Exits 1 on any error, 0 otherwise.
 * With GITHUB_ACTIONS set, each problem is also printed as an annotation on the offending line.
 * `npm run validate -- <folder>` checks the config/ of another copy of the site.
 */
import { join, resolve } from 'node:path';
import { siteFolders } from '../src/checker/project-folders.ts';
import { reportConfigValidation } from '../src/checker/report-validation.ts';
import { validateConfig } from '../src/checker/validate-config.ts';

const root = process.argv[2] ? resolve(process.argv[2]) : join(import.meta.dirname, '..');
// Exit codes are set, never forced with process.exit: output to a pipe (as CI reads it) must be written out in full.
try {
  const ok = reportConfigValidation(validateConfig(siteFolders(root)), { github: Boolean(process.env.GITHUB_ACTIONS) });
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  // A bug in the validator itself: one line, not a stack trace.
  console.error(`Could not check config/: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
