import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/**
 * Writes a generated file, or with --check on the command line, fails when the committed one differs,
 * naming the command that regenerates it (each file is checked, then the command fails).
 */
export function writeOrCheckGenerated(file: string, content: string, command: string, from = 'schemas/'): void {
  const shown = relative(process.cwd(), file);
  if (!process.argv.includes('--check')) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    console.log(`Wrote ${shown} from ${from}.`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // A missing file is out of date like any other.
  }
  if (current !== content) {
    console.error(`${shown} is out of date with ${from}. Run \`${command}\` and commit the result.`);
    process.exitCode = 1;
    return;
  }
  console.log(`${shown} is up to date with ${from}.`);
}
