import { describe, expect, it } from 'vitest';
import { basePathOf, publicAddress } from './site-address.ts';

describe("the site's address", () => {
  it('gives the folder a site lives in: none on its own domain, the repository on a GitHub project site', () => {
    expect(basePathOf('https://loommedia.com.gh')).toBe('');
    expect(basePathOf('https://loom-team.github.io/loom-site')).toBe('/loom-site');
    expect(basePathOf('https://example.org/sites/loom/')).toBe('/sites/loom');
  });

  it("gives a page's address as hosts serve it, in its folder", () => {
    expect(publicAddress('https://loommedia.com.gh', '/')).toBe('https://loommedia.com.gh/');
    expect(publicAddress('https://loommedia.com.gh', '/about')).toBe('https://loommedia.com.gh/about/');
    expect(publicAddress('https://loom-team.github.io/loom-site', '/influencers/7')).toBe(
      'https://loom-team.github.io/loom-site/influencers/7/',
    );
  });
});
