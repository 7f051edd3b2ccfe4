/**
 * `npm run fuzz:config [-- <cases> [<seed>]]`: mutates a copy of the spec site's config at random (wrong types,
 * removed, unknown and repeated fields, wrapped and unwrapped lists, cut-off files, huge texts, deep nesting, bad
 * bytes, other encodings and line endings, empty files, folders and odd file names), puts drawings with a part no
 * drawing may hold in its public/, and checks that the checker never throws or hangs and locates every problem. npm test runs a few hundred cases; this runs as many as asked.
 */
import { runConfigFuzz } from '../src/testing/config-fuzz.ts';
import { SPEC_SITE_DIR } from '../src/testing/sites.ts';

const runs = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
const started = performance.now();
const { failures, cases } = runConfigFuzz({ siteDir: SPEC_SITE_DIR, runs, seed });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
for (const failure of failures) {
  console.error(`${failure.mutation}: ${failure.reason}`);
  for (const line of failure.lines.slice(0, 5))
    console.error(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
}
console.log(
  `${cases} cases in ${seconds} s with seed ${seed}: ${failures.length === 0 ? 'no failures' : `${failures.length} failures (replay with npm run fuzz:config -- ${runs} ${seed})`}.`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
