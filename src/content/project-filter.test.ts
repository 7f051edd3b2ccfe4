import { describe, expect, it } from 'vitest';
import { siteUnderTest } from '../testing/site-under-test.ts';

const config = siteUnderTest();
import { projectMatchesFilter } from './project-filter.ts';

const titlesFor = (filter: string) =>
  config.projects.filter((project) => projectMatchesFilter(project, filter)).map((project) => project.title);

describe('work filter', () => {
  it('shows all six projects for All Projects', () => {
    expect(titlesFor('all')).toHaveLength(6);
  });

  it('matches a category exactly', () => {
    expect(titlesFor('production')).toEqual(
      config.projects.filter((p) => p.category === 'production').map((p) => p.title),
    );
    expect(titlesFor('influencer').length).toBeGreaterThan(0);
  });

  it('matches a year', () => {
    expect(titlesFor('2024')).toEqual(config.projects.filter((p) => p.year === 2024).map((p) => p.title));
    expect(titlesFor('1999')).toEqual([]);
  });
});
