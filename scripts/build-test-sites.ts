/**
 * `npm run build:test-sites`: every site the browser tests serve, a few builds at a time (a build leaves a core idle
 * much of the time): dist/, the spec site and the project site (the spec site in a folder), then the scale site,
 * the delivery sites and the photo site. Each build's output is printed whole when it ends; the command fails,
 * naming the build, when any of them fails.
 */
import { spawn } from 'node:child_process';

const STAGES = [
  ['build', 'build:spec-site', 'build:project-site'],
  ['build:scale-site', 'build:delivery-sites', 'build:photo-site'],
];

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n> npm run ${script}\n${Buffer.concat(output).toString()}`);
      if (code !== 0) console.error(`npm run ${script} failed (exit code ${code}).`);
      resolve(code === 0);
    });
  });
}

for (const stage of STAGES) {
  const results = await Promise.all(stage.map(run));
  if (results.includes(false)) {
    process.exitCode = 1;
    break;
  }
}
