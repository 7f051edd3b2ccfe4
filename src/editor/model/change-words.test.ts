import { describe, expect, it } from 'vitest';
import { describeFileChange, messageFor } from './change-words.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('a change to a file, in the words of the Publish panel and History', () => {
  it('names a new, changed or removed file by what it is and what it is called', () => {
    expect(
      describeFileChange(
        'config/collections/influencers/efua.json',
        undefined,
        json({ id: 7, name: 'Efua Asantewaa' }),
      ),
    ).toBe('New influencer: Efua Asantewaa');
    expect(
      describeFileChange('config/pages/about.json', json({ route: '/about', title: 'About Us | {name}' }), undefined),
    ).toBe('Removed page: About Us page');
    expect(describeFileChange('config/collections/faqs.json', undefined, json({ faqs: [] }))).toBe('New file: FAQs');
    expect(describeFileChange('config/collections/values.json', undefined, json({ points: [] }))).toBe(
      'New list: Values',
    );
    expect(describeFileChange('public/media/new-poster.jpg', undefined, Buffer.from('x'))).toBe(
      'New picture: new-poster.jpg',
    );
    expect(describeFileChange('public/media/hero.webm', Buffer.from('x'), Buffer.from('y'))).toBe(
      'Changed video: hero.webm',
    );
  });

  it('says which fields changed, and how many entries a list that names none gained or lost', () => {
    const before = { route: '/', title: 'Home', sections: [{ type: 'story', heading: 'A', text: 'a' }] };
    expect(
      describeFileChange(
        'config/pages/home.json',
        json(before),
        json({ ...before, sections: [{ type: 'story', heading: 'A', text: 'b' }] }),
      ),
    ).toBe('Home page: text of "A" changed');
    expect(
      describeFileChange(
        'config/collections/faqs.json',
        json({ faqs: [{ q: 1 }] }),
        json({ faqs: [{ q: 1 }, { q: 2 }, { q: 3 }] }),
      ),
    ).toBe('FAQs: 2 entries added');
    expect(
      describeFileChange(
        'config/site.json',
        json({ contact: { phone: '1' } }),
        json({ contact: { phone: '2' }, shareImage: '/media/x.jpg' }),
      ),
    ).toBe('Site settings: phone changed, share image added');
    const photo = { src: '/media/efua.jpg', alt: 'Efua at the studio', focus: { x: 50, y: 30 } };
    const efua = { id: 7, name: 'Efua Asantewaa' };
    const efuaFile = 'config/collections/influencers/efua.json';
    expect(describeFileChange(efuaFile, json(efua), json({ ...efua, photo }))).toBe('Efua Asantewaa: photo added');
    expect(
      describeFileChange(
        efuaFile,
        json({ ...efua, photo }),
        json({ ...efua, photo: { ...photo, focus: { x: 20, y: 35 } } }),
      ),
    ).toBe('Efua Asantewaa: focus changed');
  });

  it('names the entries of a list that were added, removed, moved or renamed, never reading one for another', () => {
    const akwaaba = { title: 'Akwaaba Launch', client: 'Akwaaba', category: 'Video', results: ['2M views'] };
    const harmattan = { title: 'Harmattan Drop', client: 'Harmattan', category: 'Social', results: ['40% more sales'] };
    const kente = { title: 'Kente Stories', client: 'Kente Co', category: 'Video', results: [] };
    expect(
      describeFileChange(
        'config/collections/projects.json',
        json({ projects: [akwaaba, kente] }),
        json({ projects: [harmattan, kente] }),
      ),
    ).toBe('Projects: "Akwaaba Launch" removed, "Harmattan Drop" added');
    const page = (sections: unknown[]) => json({ route: '/about', title: 'About Us | {name}', sections });
    const hero = { type: 'page-hero', heading: 'Who we are', text: 'A' };
    const story = { type: 'story', heading: 'How we work', text: 'B' };
    const text = { type: 'text', heading: 'Our promise', text: 'C' };
    expect(describeFileChange('config/pages/about.json', page([hero, story, text]), page([hero, text, story]))).toBe(
      'About Us page: "Our promise" moved in sections',
    );
    expect(
      describeFileChange(
        'config/pages/about.json',
        page([hero, story]),
        page([hero, { ...story, heading: 'How we make' }]),
      ),
    ).toBe('About Us page: heading of "How we work" changed');
    const creator = { id: 3, name: 'Amara Okafor', tags: ['Fashion', 'Beauty'], rate: '$$' };
    expect(
      describeFileChange(
        'config/collections/influencers/amara.json',
        json(creator),
        json({ ...creator, name: 'Amara O.', tags: ['Beauty', 'Food'], rate: '$$$' }),
      ),
    ).toBe('Amara O.: name changed, "Fashion" removed from tags, "Food" added to tags, rate changed');
  });

  it("says a form's changes in the designer's words, never in the keys of the file", () => {
    const form = {
      schema: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', title: 'Name' },
          company: { type: 'string', title: 'Company' },
          service: {
            type: 'string',
            title: 'Service of Interest',
            oneOf: [{ const: 'video', title: 'Video Production' }],
          },
        },
      },
      uiSchema: { 'ui:order': ['name', 'company', 'service'], company: { 'ui:placeholder': 'Your company' } },
      submit: { label: 'Send', busyLabel: 'Sending...' },
    };
    const said = (change: (changed: typeof form) => void) => {
      const changed = structuredClone(form);
      change(changed);
      return describeFileChange('config/forms/contact-inquiry.json', json(form), json(changed));
    };
    type Form = typeof form;
    const words = [
      said((changed: Form) => {
        Object.assign(changed.schema.properties, { budget: { type: 'string', title: 'Budget' } });
        changed.uiSchema['ui:order'] = ['name', 'company', 'budget', 'service'];
      }),
      said((changed: Form) => changed.uiSchema['ui:order'].reverse()),
      said((changed: Form) =>
        changed.schema.properties.service.oneOf.push({ const: 'events', title: 'Event Coverage' }),
      ),
      said((changed: Form) => {
        changed.schema.required.push('company');
        changed.uiSchema.company['ui:placeholder'] = 'Where you work';
        changed.submit.label = 'Send Message';
      }),
    ];
    expect(words).toEqual([
      'Contact inquiry: field "Budget" added',
      'Contact inquiry: "Service of Interest" moved, "Company" moved',
      'Contact inquiry: "Event Coverage" added to choices of "Service of Interest"',
      'Contact inquiry: hint of "Company" changed, the button\'s words changed, "Company" must now be answered',
    ]);
    expect(words.join('\n')).not.toMatch(/ui:|oneOf|one of|schema|required|entry/);
  });
});

describe('the commit message when the author wrote none', () => {
  it('is the one change in words, or a count, the first three and then every change on a line', () => {
    expect(messageFor([])).toBe('');
    expect(messageFor(['Home page: heading changed'])).toBe('Home page: heading changed');
    const four = ['Home page: heading changed', 'About page: title changed', 'New picture: a.jpg', 'FAQs: 1 added'];
    expect(messageFor(four)).toBe(
      `4 changes: ${four.slice(0, 3).join('; ')}; …\n\n${four.map((words) => `- ${words}`).join('\n')}`,
    );
  });
});
