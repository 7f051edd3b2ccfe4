/**
 * `npm run check:site`, the content gate: what every host runs before a change goes live. It checks config/ and
 * builds the site (npm run build), then checks the built pages themselves: valid HTML (the W3C Nu Html Checker),
 * every address inside the site answered by a built file, axe on one page of each kind, and each page's script
 * within its budget. It prints one line per check and what failed, and exits 1 when anything did: a host's build
 * then fails and the live site stays as it was.
 *
 * `tsx scripts/check-site.ts <site folder> <output folder>` gates another site, as `npm run build` builds one;
 * `--built` checks a site already built there, without building it again.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT, siteFolders } from '../src/checker/project-folders.ts';
import { validateConfig } from '../src/checker/validate-config.ts';
import { basePathOf } from '../src/content/site-address.ts';
import { htmlFilesIn, siteFileName, tagsOf } from '../src/build/built-site/built-pages.ts';
import { htmlErrors } from '../src/build/built-site/html-validity.ts';
import { brokenReferences } from '../src/build/built-site/internal-links.ts';
import { axeFindings } from '../src/build/built-site/page-axe.ts';
import { overBudget, pageScripts, SCRIPT_BUDGET_KB } from '../src/build/built-site/script-weight.ts';
import { SITE_EDITOR_FOLDER } from './site-editor-build.ts';

const args = process.argv.slice(2);
const alreadyBuilt = args.includes('--built');
const [siteArg, outArg] = args.filter((arg) => !arg.startsWith('--'));
const siteDir = siteArg ? resolve(siteArg) : PROJECT_ROOT;
const dist = outArg ? resolve(outArg) : join(PROJECT_ROOT, 'dist');

/** How many of a check's findings are printed; the rest are counted. */
const SHOWN = 12;

interface Outcome {
  /** What was checked, in a line: "HTML valid on all 16 pages (W3C Nu Html Checker)". */
  readonly passed: string;
  /** What failed, one line each; none when the check passed. */
  readonly failures: readonly string[];
  /** The check's headline when it failed. */
  readonly failed: string;
  /** Why the check could not run at all (no Java, a site never built). */
  readonly error?: string;
}

const seconds = (ms: number) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;

async function timed(check: () => Promise<Outcome> | Outcome): Promise<Outcome & { ms: number }> {
  const started = performance.now();
  try {
    const outcome = await check();
    return { ...outcome, ms: performance.now() - started };
  } catch (error) {
    // A check that cannot run (no Java, a site never built) fails the gate in its own words, never with a stack.
    return { passed: '', failed: '', error: (error as Error).message, failures: [], ms: performance.now() - started };
  }
}

function report(outcome: Outcome & { ms: number }): boolean {
  const ok = outcome.failures.length === 0 && !outcome.error;
  console.log(`${ok ? '✓' : '✗'} ${outcome.error ?? (ok ? outcome.passed : outcome.failed)} (${seconds(outcome.ms)})`);
  for (const line of outcome.failures.slice(0, SHOWN)) console.log(`    ${line}`);
  if (outcome.failures.length > SHOWN) console.log(`    … and ${outcome.failures.length - SHOWN} more.`);
  return ok;
}

/** Runs `npm run build` (or builds the site named) with its own output, and says whether it built. */
function build(): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'),
        join(PROJECT_ROOT, 'scripts/build.ts'),
        ...(siteArg ? [siteDir, dist] : []),
      ],
      {
        stdio: 'inherit',
        cwd: PROJECT_ROOT,
      },
    );
    child.on('close', (code) => done(code === 0));
  });
}

const started = performance.now();
console.log(`Content gate: ${siteDir === PROJECT_ROOT ? 'config/' : siteDir} and the pages built from it.\n`);
if (!alreadyBuilt) {
  const built = await timed(async () => {
    const ok = await build();
    return ok
      ? { passed: 'config/ checked and the site built', failed: '', failures: [] }
      : { passed: '', failed: '', error: 'config/ has a problem or the build failed: see above', failures: [] };
  });
  console.log();
  if (!report(built)) {
    console.log('\nThe site must not go live: fix what is listed above. The live site stays as it was.');
    process.exit(1);
  }
}

if (!existsSync(join(dist, 'index.html'))) {
  console.log(`✗ No site is built in ${dist}: run the gate without --built, which builds it.`);
  process.exit(1);
}
const config = validateConfig(siteFolders(siteDir)).config;
if (!config) {
  console.log('✗ config/ has a problem: run npm run validate to see it.');
  process.exit(1);
}
const origin = new URL(config.site.url).origin;
const base = `${basePathOf(config.site.url)}/`;
const isEditorPage = (file: string) => file.startsWith(`${SITE_EDITOR_FOLDER}/`);

/** The address a built page is served at. */
const addressOf = (file: string) => `${origin}${base}${file.replace(/(^|\/)index\.html$/, '$1')}`;

/**
 * One built page of each kind: one per page of config/pages/ (the first profile for "/influencers/:id"), and each
 * not-found page, chosen by the address each page was pre-rendered for.
 */
function onePageOfEachKind(): { file: string; path: string; address: string }[] {
  const patterns = config!.pages
    .filter((page) => page.route !== '*')
    .map((page) => new RegExp(`^${page.route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':id', '[^/]+')}$`));
  const chosen = new Map<string, string>();
  for (const path of htmlFilesIn(dist)) {
    const file = siteFileName(dist, path);
    if (isEditorPage(file)) continue;
    if (file.endsWith('404.html')) {
      chosen.set(file, path);
      continue;
    }
    const root = [...tagsOf(readFileSync(path, 'utf8'))].find(({ attributes }) => attributes.has('data-prerendered'));
    const prerendered = root?.attributes.get('data-prerendered');
    const kind = prerendered === undefined ? -1 : patterns.findIndex((pattern) => pattern.test(prerendered));
    if (kind >= 0 && !chosen.has(String(kind))) chosen.set(String(kind), path);
  }
  return [...chosen.values()].map((path) => {
    const file = siteFileName(dist, path);
    return { file, path, address: addressOf(file) };
  });
}

const pages = htmlFilesIn(dist).length;
const outcomes = await Promise.all([
  // The HTML checker runs in Java, beside the checks that run here.
  timed(async () => {
    const { errors } = await htmlErrors(dist);
    return {
      passed: `HTML valid on all ${pages} pages (W3C Nu Html Checker)`,
      failed: `HTML not valid: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'} (W3C Nu Html Checker)`,
      failures: errors,
    };
  }),
  timed(() => {
    const broken = brokenReferences(dist, origin, base);
    const byAddress = new Map<string, string[]>();
    for (const { address, file } of broken) byAddress.set(address, [...(byAddress.get(address) ?? []), file]);
    return {
      passed: `every link, script, stylesheet and picture inside the site answers, on all ${pages} pages`,
      failed: `${byAddress.size} ${byAddress.size === 1 ? 'address' : 'addresses'} inside the site that no built file answers`,
      failures: [...byAddress].map(
        ([address, from]) =>
          `${address}, named by ${from.slice(0, 3).join(', ')}${from.length > 3 ? ` and ${from.length - 3} more` : ''}`,
      ),
    };
  }),
  timed(async () => {
    const chosen = onePageOfEachKind();
    const findings = await axeFindings(chosen);
    return {
      passed: `axe finds nothing on one page of each kind (${chosen.length} pages)`,
      failed: `axe finds ${findings.length} ${findings.length === 1 ? 'problem' : 'problems'} on one page of each kind`,
      failures: findings.map((finding) => `${finding.file}: ${finding.words}`),
    };
  }),
  timed(() => {
    const scripts = pageScripts(dist, base, isEditorPage);
    const heaviest = scripts.reduce((most, page) => (page.bytes > most.bytes ? page : most), scripts[0]!);
    const over = overBudget(scripts);
    return {
      passed: `script within budget on all ${scripts.length} pages (${SCRIPT_BUDGET_KB.text} KB for text, ${SCRIPT_BUDGET_KB.behaviour} with a behaviour, ${SCRIPT_BUDGET_KB.interactive} where visitors act; the most: ${heaviest.file}, ${(heaviest.bytes / 1024).toFixed(1)} KB)`,
      failed: `${over.length} ${over.length === 1 ? 'page loads' : 'pages load'} more script than its budget`,
      failures: over,
    };
  }),
]);
const passed = outcomes.map(report).every(Boolean);
console.log(
  passed
    ? `\nThe site may go live: every check passed in ${seconds(performance.now() - started)}.`
    : '\nThe site must not go live: fix what is listed above. The live site stays as it was.',
);
process.exitCode = passed ? 0 : 1;
