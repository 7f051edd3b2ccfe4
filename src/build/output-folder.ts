/**
 * Where a build may write, since it empties its output folder first: any folder of its own, inside the project or
 * anywhere else, but never one that holds the site or the project, nor one inside what the build reads (the site's
 * config/ and public/, the project's src/ and schemas/), nor a home folder or a disk's top. And where the build's
 * pre-rendering code is written for the while it runs: inside the project, where its packages are found, whatever
 * the output folder.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, parse, sep } from 'node:path';

const within = (folder: string, path: string) => path === folder || path.startsWith(`${folder}${sep}`);

/** Why the build will not write to `outDir` (absolute), in words with what to do; undefined when it may. */
export function refusedOutputFolder(outDir: string, siteDir: string, projectRoot: string): string | undefined {
  const instead = `Name a folder of its own, such as ${join(siteDir, 'dist')}.`;
  if (outDir === parse(outDir).root || outDir === homedir())
    return `${outDir} is a whole disk or home folder, and the build empties its output folder first. ${instead}`;
  const holds = [projectRoot, siteDir].find((folder) => within(outDir, folder));
  if (holds)
    return `${outDir} holds ${holds === siteDir ? 'the site' : 'the project'} itself, and the build empties its output folder first. ${instead}`;
  const read = [
    join(siteDir, 'config'),
    join(siteDir, 'public'),
    join(projectRoot, 'src'),
    join(projectRoot, 'schemas'),
  ].find((folder) => within(folder, outDir));
  if (read) return `${outDir} is inside ${read}, which the build reads. ${instead}`;
  return undefined;
}

/** Where the pre-rendering code for the build into `outDir` is written: in the project, so its packages are found. */
export const serverBuildFolderOf = (outDir: string, projectRoot: string): string =>
  join(
    projectRoot,
    'node_modules',
    '.cache',
    'site-ssr',
    createHash('sha256').update(outDir).digest('hex').slice(0, 12),
  );
