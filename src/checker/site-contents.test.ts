/** A site held in memory is read as the same site on disk is: the checker cannot tell them apart. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SPEC_SITE_DIR } from '../testing/sites.ts';
import { checkSite } from './check-site.ts';
import { PROJECT_SCHEMAS, siteFolders } from './project-folders.ts';
import { readSchemas } from './read-config-files.ts';
import { siteContentsInMemory } from './site-contents.ts';
import { readSiteContents } from './validate-config.ts';

const schemas = readSchemas(PROJECT_SCHEMAS);
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A copy of the spec site on disk, and the same files in memory as bytes. */
function bothWays(change?: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'site-contents-'));
  folders.push(dir);
  cpSync(join(SPEC_SITE_DIR, 'config'), join(dir, 'config'), { recursive: true });
  cpSync(join(SPEC_SITE_DIR, 'public'), join(dir, 'public'), { recursive: true });
  change?.(dir);
  const files = new Map<string, Uint8Array>();
  for (const folder of ['config', 'public'])
    for (const entry of readdirSync(join(dir, folder), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) {
        const full = join(entry.parentPath, entry.name);
        files.set(relative(dir, full), readFileSync(full));
      }
  return { onDisk: readSiteContents(siteFolders(dir)), inMemory: siteContentsInMemory(files, schemas) };
}

describe('a site held in memory', () => {
  it('holds the same config files, paths and public files as on disk, and the same first bytes of each', () => {
    const { onDisk, inMemory } = bothWays((dir) => writeFileSync(join(dir, 'config/notes.txt'), 'not config'));
    expect(inMemory.config).toEqual(onDisk.config);
    expect(inMemory.config?.paths).toContain('notes.txt');
    expect(inMemory.publicFiles).toEqual(onDisk.publicFiles);
    for (const path of onDisk.publicFiles.plain)
      expect(Buffer.from(inMemory.publicFileStart(`/${path}`)!)).toEqual(onDisk.publicFileStart(`/${path}`));
    expect(inMemory.publicFileStart('/media/none.jpg')).toBeUndefined();
  });

  it('says a file that is not UTF-8 where and why, as on disk', () => {
    const { onDisk, inMemory } = bothWays((dir) =>
      writeFileSync(join(dir, 'config/pages/about.json'), Buffer.from('{ "title": "Caf\xe9" }', 'latin1')),
    );
    expect(inMemory.config?.problems).toEqual(onDisk.config?.problems);
    expect(inMemory.config?.problems[0]?.message).toMatch(/^this file is not valid UTF-8: the byte 0xE9 here/);
  });

  it('takes texts as they are, and a site with no config/ is said to have none', () => {
    const texts = siteContentsInMemory(new Map([['config/pages/home.json', '\uFEFF{}']]), schemas);
    expect(texts.config?.files).toEqual([
      { path: 'pages/home.json', displayPath: 'config/pages/home.json', text: '{}' },
    ]);
    const empty = checkSite(siteContentsInMemory(new Map([['public/media/a.jpg', 'x']]), schemas));
    expect(empty.problems.map((problem) => problem.message)).toEqual([
      'there is no config folder at config/. A site keeps its content in config/.',
    ]);
  });
});
