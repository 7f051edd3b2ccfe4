import { formatConfigProblem, formatGithubAnnotation } from './config-problem.ts';
import type { ConfigValidation } from './validate-config.ts';

/** Prints a validation's problems, one line each and nothing else, or its one-line summary. Returns whether the config is valid. */
export function reportConfigValidation(
  result: ConfigValidation,
  { github = false, log = console.log, error = console.error }: { github?: boolean; log?: (line: string) => void; error?: (line: string) => void } = {},
): boolean {
  if (result.problems.length > 0) {
    for (const problem of result.problems) error(formatConfigProblem(problem));
    if (github) for (const problem of result.problems) log(formatGithubAnnotation(problem));
    return false;
  }
  const config = result.config!;
  log(
    `Config is valid: ${result.fileCount} files, ${config.pages.length} pages, ${config.influencers.length} influencers, ${config.projects.length} projects, ${Object.keys(config.forms).length} forms.`,
  );
  return true;
}
