import type { Project } from '../generated/config-types.ts';

/**
 * Whether a project shows under a filter of the Work page: "all" shows every project, any other value the projects
 * of that category or that year. The gallery filters with it, and the checker warns about filters that show nothing.
 */
export function projectMatchesFilter(project: Pick<Project, 'category' | 'year'>, filter: string): boolean {
  return filter === 'all' || project.category === filter || String(project.year) === filter;
}
