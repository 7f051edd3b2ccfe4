/**
 * Get latest changes brings in what teammates published, the site's code included, and none of that code runs in the
 * editor until it is restarted. A copy of this project (its code and its own site) is kept in a real bare repository;
 * a teammate pushes code that marks that it ran, on the server and in the page; `npm run edit` runs on the author's
 * copy in real processes, gets the latest, and is then restarted from its page.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../checker/project-folders.ts';
import { RunningEditor } from '../../testing/editor-process.ts';
import {
  commitAndPush,
  isolatedGitEnvironment,
  shareSite,
  withEnvironment,
  type SharedSite,
} from '../../testing/git-sites.ts';

let root: string;
let site: SharedSite;
let editor: RunningEditor;
let gitEnvironment: Record<string, string>;
/** A file the teammate's server code writes when it runs, and text the teammate's page code holds. */
let ranOnServer: string;
const PAGE_MARK = 'pushed-by-a-teammate';

/** Git with the test's own settings, never the machine's. */
function withGit<T>(work: () => T): T {
  return withEnvironment(gitEnvironment, work);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'editor-code-'));
  gitEnvironment = isolatedGitEnvironment(root);
  ranOnServer = join(root, 'server-code-ran');
  // This project as an author has it: its code and its site in one repository, its packages installed.
  const author = join(root, 'author');
  for (const part of ['src', 'schemas', 'scripts', 'config', 'public', 'package.json', 'tsconfig.json'])
    cpSync(join(PROJECT_ROOT, part), join(author, part), { recursive: true });
  writeFileSync(join(author, '.gitignore'), 'node_modules\n');
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(author, 'node_modules'));
  site = withGit(() => shareSite(author, join(root, 'site.git'), join(root, 'teammate')));
  editor = await RunningEditor.start(author, { ...gitEnvironment, XDG_CACHE_HOME: join(root, 'cache') }, author);
}, 120_000);
afterAll(async () => {
  await editor?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** The editor page's own module, as the editor serves it to the browser. */
const servedPageCode = async () => (await fetch(`http://127.0.0.1:${editor.port}/app/api.ts`)).text();

describe("a teammate's code", () => {
  it('comes in with Get latest changes but runs in the editor only once the author restarts it, never after a crash', async () => {
    // The teammate changes the site's code (server and page) and some content, and publishes.
    appendFileSync(
      join(site.teammate, 'src/editor/server/editor-api.ts'),
      `\nimport { writeFileSync as markRun } from 'node:fs';\nmarkRun(${JSON.stringify(ranOnServer)}, 'ran');\n`,
    );
    appendFileSync(join(site.teammate, 'src/editor/app/api.ts'), `\nexport const teammateMark = '${PAGE_MARK}';\n`);
    const about = JSON.parse(readFileSync(join(site.teammate, 'config/pages/about.json'), 'utf8'));
    about.title = `Changed with the code | ${about.title.split('|').at(-1).trim()}`;
    writeFileSync(join(site.teammate, 'config/pages/about.json'), `${JSON.stringify(about, null, 2)}\n`);
    withGit(() => commitAndPush(site.teammate, 'Developer', 'New editor code, and the About title'));

    const latest = await editor.api('/api/publish/latest', { choices: {} });
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({
      status: 'updated',
      codeChanged: ['src/editor/app/api.ts', 'src/editor/server/editor-api.ts'],
    });
    // Git brought it all into the author's copy...
    expect(readFileSync(join(site.author, 'src/editor/app/api.ts'), 'utf8')).toContain(PAGE_MARK);
    expect(JSON.parse(readFileSync(join(site.author, 'config/pages/about.json'), 'utf8')).title).toBe(about.title);
    // ...but the running editor serves its page the code it started with, and its server never ran the new code.
    expect(await servedPageCode()).not.toContain(PAGE_MARK);
    expect((await editor.api('/api/files')).status).toBe(200);
    expect((await editor.api('/api/check', { changes: [] })).status).toBe(200);
    expect(existsSync(ranOnServer)).toBe(false);

    // A crash starts it again by itself, with the code the author started with: never the teammate's.
    const from = editor.output.length;
    process.kill(editor.editorPid(), 'SIGKILL');
    await editor.waitFor(/started again after stopping unexpectedly/, from);
    await editor.answering(from);
    expect(await servedPageCode()).not.toContain(PAGE_MARK);
    expect(existsSync(ranOnServer)).toBe(false);

    // Restarted from its page, it runs the code as it is now.
    const before = (await editor.api('/api/session')).body.sessionFolder;
    const restarted = editor.output.length;
    expect((await editor.api('/api/restart', {})).status).toBe(202);
    await editor.waitFor(/started again with the latest code/, restarted);
    await editor.answering(restarted);
    expect((await editor.api('/api/session')).body.sessionFolder).not.toBe(before);
    expect(await servedPageCode()).toContain(PAGE_MARK);
    expect(existsSync(ranOnServer)).toBe(true);
  }, 120_000);
});
