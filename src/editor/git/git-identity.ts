/**
 * The name and email git signs the author's commits with: read only where they were set (never one git made up), and
 * set in this repository only, from a file of the editor's own that the repository's settings include, so the
 * author's text never reaches a command line.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishStatus } from '../protocol/publishing.ts';
import { refuse } from '../protocol/refusals.ts';
import { createExclusiveFile } from './safe-path.ts';
import type { SiteRepository } from './site-repository.ts';

/** The name and email git signs the author's commits with, when they were set (never one git made up). */
export async function identityOf(repo: SiteRepository): Promise<PublishStatus['identity']> {
  const ident = await repo.git.run(['var', 'GIT_AUTHOR_IDENT'], { okExitCodes: [128] });
  const match = /^(.*) <(.*)> \d+ [+-]\d{4}$/.exec(ident.stdout.toString('utf8').trim());
  // Git makes up a name from the computer's user when none is set; only a configured one counts. Both settings in one
  // command, each "<key>\n<value>\0" ("<key>\0" without a value); where one is set more than once, the last counts.
  const set = (
    await repo.git.run(['config', '-z', '--get-regexp', '^user\\.(name|email)$'], { okExitCodes: [1] })
  ).stdout
    .toString('utf8')
    .split('\0');
  const setting = (key: string) =>
    set
      .filter((entry) => entry === key || entry.startsWith(`${key}\n`))
      .at(-1)
      ?.slice(key.length + 1)
      .trim();
  const [name, email] = [setting('user.name'), setting('user.email')];
  if (ident.exitCode !== 0 || !match || !name || !email) return null;
  return { name: match[1]!, email: match[2]! };
}

/** Sets the name and email git signs the author's commits with, in this repository only. */
export async function setIdentity(repo: SiteRepository, name: unknown, email: unknown): Promise<void> {
  const clean = (value: unknown, what: string, pattern: RegExp) => {
    if (typeof value !== 'string' || !pattern.test(value.trim())) throw refuse('identityField', what);
    return value.trim();
  };
  const cleanName = clean(name, 'name, as colleagues know you', /^[^\n\r<>\0]{1,100}$/);
  const cleanEmail = clean(email, 'email address, such as ama@loommedia.com.gh', /^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/);
  const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  // A file of the editor's own, included by the repository's settings: the author's text never reaches a command
  // line. Written whole or not at all, and never through a link planted at its name.
  const file = join(await repo.workFolder(), 'identity.gitconfig');
  const temporary = createExclusiveFile(
    file,
    'saving',
    `[user]\n\tname = ${quoted(cleanName)}\n\temail = ${quoted(cleanEmail)}\n`,
  );
  renameSync(temporary, file);
  const included = (await repo.git.run(['config', '--local', '--get-all', 'include.path'], { okExitCodes: [1] })).stdout
    .toString('utf8')
    .split('\n');
  if (!included.includes('site-editor/identity.gitconfig'))
    await repo.git.run(['config', '--local', '--add', 'include.path', 'site-editor/identity.gitconfig']);
}
