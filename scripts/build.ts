/**
 * `npm run build`: checks config/, builds the site into dist/ and pre-renders every page.
 * `tsx scripts/build.ts <site folder> <output folder>` builds another site the same way, such as the spec fixture
 * site the browser tests run on, into any folder of its own (src/build/output-folder.ts says which it refuses).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT, siteFolders } from '../src/checker/project-folders.ts';
import { reportConfigValidation } from '../src/checker/report-validation.ts';
import {
  contentSecurityPolicyOf,
  deliveryOrigins,
  withConnectSources,
  withSpeculationRules,
} from '../src/build/security-headers.ts';
import { basePathOf } from '../src/content/site-address.ts';
import { sizesNamed } from '../src/content/pictures.ts';
import { speculationRules } from '../src/islands/prefetch.ts';
import { validateConfig } from '../src/checker/validate-config.ts';
import { movedProfiles } from '../src/influencers/moved-profiles.ts';
import { prerenderSite } from './prerender.ts';
import { buildSiteEditor, isEditorAddress, SITE_EDITOR_FOLDER, siteEditorHeaders } from './site-editor-build.ts';
import { siteEditorSettings } from '../src/build/site-editor-settings.ts';
import { builtCommit, writeSiteVersion } from '../src/build/site-version.ts';
import { refusedOutputFolder, serverBuildFolderOf } from '../src/build/output-folder.ts';
import {
  HOSTS,
  hostingOf,
  hostProblems,
  hostsItFits,
  measureSite,
  picturesTime,
  readHostingFile,
} from '../src/build/hosting.ts';

const [siteArg, outArg] = process.argv.slice(2);
const siteDir = siteArg ? resolve(siteArg) : PROJECT_ROOT;
const outDir = outArg ? resolve(outArg) : join(PROJECT_ROOT, 'dist');
const serverOutDir = serverBuildFolderOf(outDir, PROJECT_ROOT);

const refusedOutput = refusedOutputFolder(outDir, siteDir, PROJECT_ROOT);
if (refusedOutput) {
  console.error(refusedOutput);
  process.exit(1);
}
const started = performance.now();
const validation = validateConfig(siteFolders(siteDir));
const editor = siteEditorSettings(siteDir);
// A page at the editor's address would replace it, or it the page: the build says so rather than lose either.
const inEditorsPlace = editor ? validation.config?.pages.find((page) => isEditorAddress(page.route)) : undefined;
if (inEditorsPlace)
  console.error(
    `A page's address, ${inEditorsPlace.route}, is where the site's editor lives (/${SITE_EDITOR_FOLDER}/). Give the page another address in config/pages/, or build without the editor: SITE_EDITOR=off.`,
  );
if (!reportConfigValidation(validation) || !validation.config || inEditorsPlace) {
  process.exitCode = 1;
} else {
  // vite.config.ts reads the site to build from SITE_DIR.
  process.env.SITE_DIR = siteDir;
  // Built for the folder of the site's address: "/" on its own domain, "/loom-site/" for a GitHub project site.
  const base = `${basePathOf(validation.config.site.url)}/`;
  await build({ root: PROJECT_ROOT, base, build: { outDir, emptyOutDir: true } });
  await build({
    root: PROJECT_ROOT,
    base,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: serverOutDir, emptyOutDir: true },
  });
  // The editor, at /admin/, unless the site is built without it (SITE_EDITOR=off).
  if (editor) await buildSiteEditor(outDir, base, editor);
  // Pages may connect to the site and to the addresses its forms deliver to, and nowhere else; they may prefetch.
  // The editor's folder has its own policy instead (site-editor-build.ts).
  const headersFile = join(outDir, '_headers');
  const headers = existsSync(headersFile)
    ? withSpeculationRules(
        withConnectSources(readFileSync(headersFile, 'utf8'), deliveryOrigins(validation.config)),
        speculationRules(basePathOf(validation.config.site.url)),
      )
    : undefined;
  if (headers !== undefined)
    writeFileSync(headersFile, editor ? `${headers.trimEnd()}\n\n${siteEditorHeaders(base, editor)}` : headers);
  // The same policy inside every page, for hosts that send no headers of their own (GitHub Pages).
  await prerenderSite(outDir, serverOutDir, {
    contentSecurityPolicy: headers === undefined ? undefined : contentSecurityPolicyOf(headers),
    moved: movedProfiles(validation.config),
  });
  // The commit it was built from, where the editor looks to tell the author their Publish is live.
  writeSiteVersion(outDir, builtCommit(siteDir));
  if (!fitsItsHost()) process.exitCode = 1;
}

/**
 * Whether the site just built fits the host it is built for, said in words with the numbers; for a build that names
 * no host (on a computer), which hosts it fits.
 */
function fitsItsHost(): boolean {
  const choice = hostingOf(readHostingFile(join(siteDir, 'config')));
  const measure = measureSite(outDir);
  const counted = `${measure.files.toLocaleString('en')} files, ${(measure.bytes / 1e6).toFixed(1)} MB, at most ${measure.fullestFolder.files.toLocaleString('en')} in one folder`;
  if (!choice.host) {
    const { fits, not } = hostsItFits(measure);
    console.log(`The site: ${counted}. It fits ${fits.join(', ') || 'no host as it is'}.`);
    for (const line of not) console.log(`  Not on ${line}`);
    return true;
  }
  const host = { ...choice, host: choice.host };
  const problems = hostProblems(measure, host, {
    time: { ms: performance.now() - started, picturesMs: picturesTime() },
    pictureSizes: sizesNamed(validation.config!),
  });
  if (problems.length === 0) {
    console.log(`The site fits ${HOSTS[choice.host].words} (${choice.plan} plan): ${counted}.`);
    return true;
  }
  console.error(
    `The site will not go live on ${HOSTS[choice.host].words} (${choice.plan} plan; its limits: ${HOSTS[choice.host].documented}):`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  return false;
}
