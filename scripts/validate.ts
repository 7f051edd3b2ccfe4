/**
 * `npm run validate`: checks every file in config/ and prints one line per problem, or a one-line summary.
 * With GITHUB_ACTIONS set, each problem is also printed as an annotation on the offending line.
 * `npm run validate -- <folder>` checks the config/ of another copy of the site.
 */
import { join, resolve } from 'node:path';
import { reportConfigValidation } from '../src/config/report-validation.ts';
import { siteFolders } from '../src/config/config-files.ts';
import { validateConfig } from '../src/config/validate-config.ts';

const root = process.argv[2] ? resolve(process.argv[2]) : join(import.meta.dirname, '..');
try {
  const ok = reportConfigValidation(validateConfig(siteFolders(root)), { github: Boolean(process.env.GITHUB_ACTIONS) });
  process.exit(ok ? 0 : 1);
} catch (error) {
  // A bug in the validator itself, or an unreadable folder: one line, not a stack trace.
  console.error(`Could not check config/: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
