/** An upload judged as the editor in the browser judges the file the author picked, before anything is sent. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_SITE_DIR } from '../../testing/sites.ts';
import { judgeUpload } from './upload-check.ts';

const media = (name: string) => new Uint8Array(readFileSync(join(SPEC_SITE_DIR, 'public/media', name)));

describe('an upload judged in the browser', () => {
  it('takes a picture or a video whole, under a safe name with the ending its content says', async () => {
    expect(await judgeUpload('Team Photo (final).JPG', media('hero-poster.jpg'), 'image')).toEqual({
      path: 'public/media/team-photo-final.jpg',
      kind: 'image',
    });
    expect(await judgeUpload('launch.mov', media('hero.mp4'), 'mp4')).toEqual({
      path: 'public/media/launch.mp4',
      kind: 'video',
    });
  });

  it('refuses in words what is not a picture or video, the wrong kind for the field, too large, or damaged', async () => {
    const refusal = async (name: string, bytes: Uint8Array, accept: Parameters<typeof judgeUpload>[2]) => {
      const judged = await judgeUpload(name, bytes, accept);
      return 'refused' in judged ? judged.refused : '';
    };
    expect(await refusal('notes.txt', new TextEncoder().encode('Hello, this is text.'), 'image')).toBe(
      'notes.txt is not a picture or video the site can show (JPEG, PNG, GIF, WebP, AVIF, WebM or MP4).',
    );
    expect(await refusal('poster.jpg', media('hero-poster.jpg'), 'webm')).toMatch(
      /^poster\.jpg is not the WebM version of/,
    );
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(media('hero-poster.jpg').subarray(0, 64));
    expect(await refusal('huge.jpg', huge, 'image')).toBe(
      'huge.jpg is 10.0 MB; a picture can be at most 10 MB. Make it smaller first.',
    );
    const cut = media('hero-poster.jpg').subarray(0, 200);
    expect(await refusal('cut.jpg', cut, 'image')).toMatch(/^cut\.jpg starts like a picture but .+: it may be damaged/);
    expect(await refusal('cut.mp4', media('hero.mp4').subarray(0, 64), 'mp4')).toMatch(
      /^cut\.mp4 starts like a video but .+: it may be damaged/,
    );
  });

  it('refuses a drawing or an XML file whatever its name or prefix, as the local editor’s server does (same identifyUpload)', async () => {
    const text = (value: string) => new TextEncoder().encode(value);
    const uploads: [string, Uint8Array][] = [
      [
        'sneaky.svg',
        text(
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:é="http://www.w3.org/2000/svg"><é:script>alert(1)</é:script></svg>',
        ),
      ],
      ['icon.png', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['schema.xsd', text('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')],
      ['feed.xml', text('<?xml version="1.0"?><rss/>')],
      ['brand.woff2', text('wOF2\u0000\u0001\u0000\u0000')],
    ];
    for (const [name, bytes] of uploads)
      expect(await judgeUpload(name, bytes, 'any')).toEqual({
        refused: `${name} is not a picture or video the site can show (JPEG, PNG, GIF, WebP, AVIF, WebM or MP4).`,
      });
  });
});
