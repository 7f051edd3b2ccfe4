import { describe, expect, it } from 'vitest';
import { pageNameOf, pageNamingOf } from './page-names.ts';

const naming = pageNamingOf(
  {
    links: [
      { label: 'Home', href: '/' },
      { label: 'Our Work', href: '/work' },
    ],
  },
  {
    name: 'Loom Media',
    footer: {
      links: [
        { label: 'Privacy', href: '/privacy' },
        { label: 'Work', href: '/work' },
      ],
    },
  },
);

describe('the name an author knows a page by', () => {
  it('is the words the menu links it with, before the footer', () => {
    expect(pageNameOf({ route: '/work', title: 'Projects | {name}' }, naming)).toBe('Our Work');
    expect(pageNameOf({ route: '/privacy', title: 'Privacy policy | {name}' }, naming)).toBe('Privacy');
  });

  it('is, of several links to the page, the one its title bears out', () => {
    const twoLinks = pageNamingOf(
      {
        links: [
          { label: 'About', href: '/contact' },
          { label: 'Contact', href: '/contact' },
        ],
      },
      {},
    );
    expect(pageNameOf({ route: '/contact', title: 'Contact Us | {name}' }, twoLinks)).toBe('Contact');
    expect(pageNameOf({ route: '/contact', title: 'Write to us' }, twoLinks)).toBe('About');
  });

  it('is the first part of its title that is not the site name, wherever the author put the site name', () => {
    expect(pageNameOf({ route: '/careers', title: 'Careers | Loom Media' }, naming)).toBe('Careers');
    expect(pageNameOf({ route: '/careers', title: 'loom media | Careers at Loom' }, naming)).toBe('Careers at Loom');
    expect(pageNameOf({ route: '/apply', title: 'Apply to Join Our Network | {name}' }, naming)).toBe(
      'Apply to Join Our Network',
    );
    // Without the site's name at hand, the first part still names the page.
    expect(pageNameOf({ route: '/careers', title: 'Careers | Loom Media' })).toBe('Careers');
  });

  it('falls back to the title when it is only the site name, and to the first block when the title is all placeholders', () => {
    expect(pageNameOf({ route: '/brand', title: 'Loom Media' }, naming)).toBe('Loom Media');
    expect(
      pageNameOf(
        {
          route: '/influencers/:id',
          title: '{influencer.name} ({influencer.handle}) | {name}',
          sections: [{ type: 'influencer-profile' }],
        },
        naming,
      ),
    ).toBe('Influencer profile');
    expect(pageNameOf({ route: '*', title: 'Page Not Found | {name}' }, naming)).toBe(
      'Page not found (any other address)',
    );
  });
});
