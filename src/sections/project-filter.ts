import type { Project } from '../generated/config-types';

/** Spec 4, work page: a project matches a filter by its category or by its year; "all" matches every project. */
export function projectMatchesFilter(project: Project, filter: string): boolean {
  return filter === 'all' || project.category === filter || String(project.year) === filter;
}
