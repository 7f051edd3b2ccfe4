import { describe, expect, it } from 'vitest';
import { describeFileChange } from './change-words.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('a change to a file, in the words of the Publish panel and History', () => {
  it('names a new, changed or removed file by what it is and what it is called', () => {
    expect(describeFileChange('config/collections/influencers/efua.json', undefined, json({ id: 7, name: 'Efua Asantewaa' }))).toBe(
      'New influencer: Efua Asantewaa',
    );
    expect(describeFileChange('config/pages/about.json', json({ route: '/about', title: 'About Us | {name}' }), undefined)).toBe('Removed page: About Us page');
    expect(describeFileChange('config/collections/faqs.json', undefined, json({ faqs: [] }))).toBe('New file: FAQs');
    expect(describeFileChange('config/collections/values.json', undefined, json({ points: [] }))).toBe('New list: Values');
    expect(describeFileChange('public/media/new-poster.jpg', undefined, Buffer.from('x'))).toBe('New picture: new-poster.jpg');
    expect(describeFileChange('public/media/hero.webm', Buffer.from('x'), Buffer.from('y'))).toBe('Changed video: hero.webm');
  });

  it('says which fields changed, and how many entries a list gained or lost', () => {
    const before = { route: '/', title: 'Home', sections: [{ heading: 'A', text: 'a' }], faqs: [{ q: 1 }] };
    expect(describeFileChange('config/pages/home.json', json(before), json({ ...before, sections: [{ heading: 'B', text: 'b' }] }))).toBe(
      'Home page: heading changed, text changed',
    );
    expect(describeFileChange('config/collections/faqs.json', json({ faqs: [{ q: 1 }] }), json({ faqs: [{ q: 1 }, { q: 2 }, { q: 3 }] }))).toBe(
      'FAQs: 2 entries added to faqs',
    );
    expect(describeFileChange('config/site.json', json({ contact: { phone: '1' } }), json({ contact: { phone: '2' }, shareImage: '/media/x.jpg' }))).toBe(
      'Site settings: phone changed, share image added',
    );
  });
});
