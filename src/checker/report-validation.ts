import { formatConfigProblem, formatGithubAnnotation } from './config-problem.ts';
import type { ConfigValidation } from './validate-config.ts';

/**
 * Prints a validation's problems, one line each, errors and warnings alike (warnings say so), then the one-line
 * summary when there is no error. Returns whether the config is valid: warnings do not make it invalid.
 */
export function reportConfigValidation(
  result: ConfigValidation,
  {
    github = false,
    log = console.log,
    error = console.error,
  }: { github?: boolean; log?: (line: string) => void; error?: (line: string) => void } = {},
): boolean {
  for (const problem of result.problems) error(formatConfigProblem(problem));
  if (github) for (const problem of result.problems) log(formatGithubAnnotation(problem));
  const config = result.config;
  if (!config) return false;
  const warnings = result.problems.length;
  log(
    `Config is valid: ${result.fileCount} files, ${config.pages.length} pages, ${config.influencers.length} influencers, ${config.projects.length} projects, ${Object.keys(config.forms).length} forms${warnings ? `, with ${warnings} ${warnings === 1 ? 'warning' : 'warnings'} to look at` : ''}.`,
  );
  return true;
}
