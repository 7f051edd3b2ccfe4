import { describe, expect, it } from 'vitest';
import {
  FIELD_FILE_KINDS,
  fileKindExtensions,
  FILE_FORMATS,
  formatOfExtension,
  mediaOfPath,
  uploadMimeTypes,
  type FileKind,
} from './file-formats.ts';

describe('the pictures and videos the site shows, declared once', () => {
  it('gives every kind of file field its endings and what may be uploaded into it', () => {
    expect(fileKindExtensions('mp4')).toEqual(['.mp4', '.m4v']);
    expect(fileKindExtensions('image')).toEqual(
      expect.arrayContaining(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.svg']),
    );
    // An SVG can be named by a field, but not uploaded: the editor only takes what it can check whole.
    expect(uploadMimeTypes('image')).not.toContain('image/svg+xml');
    for (const kind of Object.keys(FIELD_FILE_KINDS) as FileKind[]) {
      expect(fileKindExtensions(kind).length).toBeGreaterThan(0);
      expect(uploadMimeTypes(kind).length).toBeGreaterThan(0);
    }
  });

  it('types every shown format by its ending, whatever its case, and nothing else', () => {
    expect(formatOfExtension('.WEBP')?.mime).toBe('image/webp');
    expect(formatOfExtension('.m4v')).toBe(FILE_FORMATS.mp4);
    expect(formatOfExtension('.mkv')).toBeUndefined();
    expect(formatOfExtension('.html')).toBeUndefined();
  });

  it('tells a picture or a video the site shows by a path, from the same table', () => {
    expect(mediaOfPath('/media/team-photo.JPG')).toBe('image');
    expect(mediaOfPath('public/media/hero.m4v')).toBe('video');
    expect(mediaOfPath('/media/clip.mov')).toBeUndefined();
    expect(mediaOfPath('/media.jpg/notes')).toBeUndefined();
    expect(mediaOfPath('/about/')).toBeUndefined();
  });
});
