/**
 * config/ and public/ themselves are read only as plain folders: a link in their place (a teammate's commit, a hand)
 * could lead anywhere on the computer, so the checker says so in words and reads nothing through it.
 */
import { renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyOfSpecSite } from '../testing/edited-site.ts';
import { formatConfigProblem } from './config-problem.ts';
import { siteFolders } from './project-folders.ts';
import { validateConfig } from './validate-config.ts';

let site: { root: string; remove: () => void } | undefined;
afterEach(() => site?.remove());

/** The site with `folder` moved aside and a link in its place that leads to it. */
function linkedInPlaceOf(folder: 'config' | 'public'): string {
  site = copyOfSpecSite();
  renameSync(join(site.root, folder), join(site.root, `${folder}-elsewhere`));
  symlinkSync(`${folder}-elsewhere`, join(site.root, folder));
  return site.root;
}

describe('a site whose config/ or public/ is a link', () => {
  it.each(['config', 'public'] as const)('refuses %s/ in words, and reads nothing through it', (folder) => {
    const { problems, config } = validateConfig(siteFolders(linkedInPlaceOf(folder)));
    const lines = problems.filter((problem) => problem.severity === 'error').map(formatConfigProblem);
    const refused = `${folder}/:1:1  (whole file): this folder is a link to ${folder}-elsewhere, and the site's tools read only real files and folders. Put the folder itself in its place.`;
    expect(lines).toContain(refused);
    expect(config).toBeUndefined();
    // Nothing of what it leads to was read: no config file is named, and every picture a page names is missing.
    const others = lines.filter((line) => line !== refused);
    if (folder === 'config') expect(others).toEqual([]);
    else {
      expect(others.length).toBeGreaterThan(0);
      for (const line of others) expect(line).toMatch(/is not a file in public\/\. Put the file at public\//);
    }
  });
});
