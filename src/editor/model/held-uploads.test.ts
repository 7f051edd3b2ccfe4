import { describe, expect, it } from 'vitest';
import { fileNameProblem } from '../../content/file-names.ts';
import {
  freeMediaName,
  heldNameProblem,
  heldUploadList,
  placesNaming,
  renamedName,
  uploadsNamedIn,
  withMediaRenamed,
} from './held-uploads.ts';
import { identifyUpload } from './upload-check.ts';

// A 1 × 1 picture, whole.
const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

describe('the name an upload is held under', () => {
  it('is free: its own, then -2, -3 before the ending, and a name with no ending gets a number too', () => {
    const taken = new Set(['beach.jpg', 'beach-2.jpg', 'notes', 'archive.tar.gz']);
    expect(freeMediaName('beach.jpg', (name) => taken.has(name))).toBe('beach-3.jpg');
    expect(freeMediaName('sunset.jpg', (name) => taken.has(name))).toBe('sunset.jpg');
    // A name without an ending once took the same name for ever.
    expect(freeMediaName('notes', (name) => taken.has(name))).toBe('notes-2');
    expect(freeMediaName('archive.tar.gz', (name) => taken.has(name))).toBe('archive.tar-2.gz');
  });

  it('is one the checker takes: a name Windows keeps, a dot at its end, an invisible character are refused in its words', () => {
    for (const name of ['con.png', 'AUX.jpg', 'lpt1.webm', 'photo.', 'tab\there.png', 'a\u202egnp.jpg'])
      expect(heldNameProblem(name), name).toBe(fileNameProblem(`public/media/${name}`));
    expect(heldNameProblem('.hidden.png')).toMatch(/^starts with a dot/);
    expect(heldNameProblem('beach day.png')).toMatch(/^has a character other than letters/);
    expect(heldNameProblem('a/b.png')).toMatch(/^has a folder in it/);
    expect(heldNameProblem('beach-day_2.PNG')).toBeUndefined();
  });

  it('refuses an upload whose name would be one the checker refuses, in the rule’s words and what to do', () => {
    expect(identifyUpload('CON.png', png, 'image', png.length)).toEqual({
      refused: 'CON.png is named "con.png", a name Windows keeps for a device. Rename it. Then upload it again.',
    });
    expect(identifyUpload('aux.jpg', png, 'image', png.length)).toMatchObject({
      refused: expect.stringMatching(/^aux\.jpg is named "aux\.png", a name Windows keeps for a device/),
    });
    expect(identifyUpload('Beach Day.png', png, 'image', png.length)).not.toHaveProperty('refused');
  });

  it('is renamed to what the author types, keeping the ending that says what the file is', () => {
    expect(renamedName('  beach-day ', 'con.png')).toEqual({ name: 'beach-day.png' });
    expect(renamedName('Beach-Day.PNG', 'con.png')).toEqual({ name: 'beach-day.png' });
    expect(renamedName('hero.jpeg', 'hero.jpg')).toEqual({ name: 'hero.jpeg' });
    expect(renamedName('hero.webm', 'hero.jpg')).toEqual({
      refused: 'hero.webm ends with .webm, but the file is a JPEG picture: keep its ending, .jpg.',
    });
    expect(renamedName('nul', 'x.png')).toEqual({ refused: `nul.png ${fileNameProblem('nul.png')}` });
    expect(renamedName(' ', 'x.png')).toEqual({ refused: 'Write the new name first.' });
  });

  it('lists held uploads oldest first, saying what is wrong with a name held before names were checked', () => {
    expect(
      heldUploadList([
        { path: 'public/media/late.mp4', bytes: 20, uploadedAt: Date.UTC(2025, 2, 4) },
        { path: 'public/media/con.png', bytes: 10, uploadedAt: Date.UTC(2025, 2, 3) },
      ]),
    ).toEqual([
      {
        src: '/media/con.png',
        kind: 'image',
        bytes: 10,
        uploadedAt: '2025-03-03T00:00:00.000Z',
        nameProblem: fileNameProblem('con.png'),
      },
      { src: '/media/late.mp4', kind: 'video', bytes: 20, uploadedAt: '2025-03-04T00:00:00.000Z' },
    ]);
  });
});

describe('the fields that name an upload', () => {
  const home = {
    sections: [{ video: { poster: '/media/con.png', src: '/media/hero.mp4#t=1' } }, { image: '/media/con.png?v=2' }],
  };

  it('are found, and follow it when it is renamed, a query or anchor kept', () => {
    expect(placesNaming(home, '/media/con.png')).toEqual([
      ['sections', 0, 'video', 'poster'],
      ['sections', 1, 'image'],
    ]);
    expect(withMediaRenamed(home, '/media/con.png', '/media/poster.png')).toEqual({
      sections: [
        { video: { poster: '/media/poster.png', src: '/media/hero.mp4#t=1' } },
        { image: '/media/poster.png?v=2' },
      ],
    });
    expect(uploadsNamedIn([home], ['public/media/con.png', 'public/media/other.png'])).toEqual([
      'public/media/con.png',
    ]);
  });
});
