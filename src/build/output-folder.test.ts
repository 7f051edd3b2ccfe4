import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusedOutputFolder, serverBuildFolderOf } from './output-folder.ts';

const project = '/work/site-project';
const site = '/work/sites/loom';

describe("a build's output folder", () => {
  it('may be any folder of its own, in the project or anywhere else', () => {
    for (const out of [join(project, 'dist'), join(site, 'dist'), '/tmp/loom-build', '/work/sites/loom-dist'])
      expect(refusedOutputFolder(out, site, project), out).toBeUndefined();
  });

  it('is refused in words when emptying it would lose the site, the project or what the build reads', () => {
    expect(refusedOutputFolder('/work/sites', site, project)).toBe(
      '/work/sites holds the site itself, and the build empties its output folder first. Name a folder of its own, such as /work/sites/loom/dist.',
    );
    expect(refusedOutputFolder(project, site, project)).toMatch(/^\/work\/site-project holds the project itself/);
    expect(refusedOutputFolder(join(site, 'public/out'), site, project)).toMatch(
      /is inside \/work\/sites\/loom\/public,/,
    );
    expect(refusedOutputFolder(join(project, 'src/out'), site, project)).toMatch(
      /is inside \/work\/site-project\/src,/,
    );
    expect(refusedOutputFolder('/', site, project)).toMatch(/^\/ is a whole disk or home folder/);
    expect(refusedOutputFolder(homedir(), site, project)).toMatch(/is a whole disk or home folder/);
  });

  it("has its pre-rendering code written inside the project, where the project's packages are found", () => {
    const folder = serverBuildFolderOf('/tmp/loom-build', project);
    expect(folder.startsWith(join(project, 'node_modules/'))).toBe(true);
    expect(serverBuildFolderOf('/tmp/other-build', project)).not.toBe(folder);
  });
});
