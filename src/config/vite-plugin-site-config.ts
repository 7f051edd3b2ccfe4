import { writeSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { SiteFolders } from './config-files.ts';
import { formatConfigProblem } from './config-problem.ts';
import { formLoadersCode, formModuleCode } from './form-modules.ts';
import { validateConfig, type ConfigValidation } from './validate-config.ts';

const PUBLIC_ID = 'virtual:site-config';
const RESOLVED_ID = '\0virtual:site-config';
const FORM_PREFIX = 'virtual:form/';
const FORMS_ID = 'virtual:forms';

/**
 * Serves the validated config to the renderer as `virtual:site-config`, each form of config/forms/ with its
 * validators compiled at build time as `virtual:form/<name>` (so form code and copy load only where a form shows),
 * and a loader for every form it finds as `virtual:forms`: a new form is a new file, with no code to change.
 * A build refuses a broken config with the validator's lines; the dev server shows them in its overlay and
 * in the terminal, and reloads the page once the files are fixed.
 */
export function siteConfigPlugin(folders: SiteFolders): Plugin {
  let latest: ConfigValidation | undefined;
  const validate = () => (latest = validateConfig(folders));
  const problemLines = (result: ConfigValidation) => result.problems.map(formatConfigProblem);
  const errorLines = (result: ConfigValidation) => result.problems.filter((problem) => problem.severity === 'error').map(formatConfigProblem);

  return {
    name: 'site-config',
    buildStart() {
      const result = validate();
      if (this.meta.watchMode !== false || result.config) return;
      // Print only the author's lines and stop: a thrown error would come with the bundler's stack trace. The lines
      // are written out in full before exiting, even to a pipe. (Warnings are printed by npm run build's own check,
      // once, not again by each of its two bundles.)
      writeFully(2, `${errorLines(result).join('\n')}\n`);
      process.exit(1);
    },
    resolveId(id) {
      if (id === PUBLIC_ID) return RESOLVED_ID;
      if (id === FORMS_ID) return `\0${FORMS_ID}`;
      return id.startsWith(FORM_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID && id !== `\0${FORMS_ID}` && !id.startsWith(`\0${FORM_PREFIX}`)) return undefined;
      const result = latest ?? validate();
      if (!result.config) {
        const error = new Error(errorLines(result).join('\n'));
        error.stack = '';
        throw error;
      }
      if (id === RESOLVED_ID) {
        const { forms: _forms, ...pages } = result.config;
        return `export default ${JSON.stringify(pages)};`;
      }
      if (id === `\0${FORMS_ID}`) return formLoadersCode(Object.keys(result.config.forms));
      const name = id.slice(`\0${FORM_PREFIX}`.length);
      const form = result.config.forms[name];
      if (!form) throw new Error(`There is no form config/forms/${name}.json.`);
      return formModuleCode(name, form);
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add([folders.config, folders.schemas, folders.public]);
      const onChange = (file: string) => {
        const inConfig = [folders.config, folders.schemas].some((dir) => !relative(dir, file).startsWith('..'));
        const inPublic = !relative(folders.public, file).startsWith('..');
        if (!inConfig && !inPublic) return;
        const result = validate();
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (module.id === RESOLVED_ID || module.id === `\0${FORMS_ID}` || module.id?.startsWith(`\0${FORM_PREFIX}`)) server.moduleGraph.invalidateModule(module);
        }
        if (!result.config) {
          const lines = errorLines(result);
          server.config.logger.error(problemLines(result).join('\n'), { timestamp: true });
          server.ws.send({ type: 'error', err: { message: lines.join('\n'), stack: '', plugin: 'site-config' } });
        } else {
          if (result.problems.length > 0) server.config.logger.warn(problemLines(result).join('\n'), { timestamp: true });
          server.config.logger.info(`config/ is valid (${result.fileCount} files); reloading.`, { timestamp: true });
          server.ws.send({ type: 'full-reload' });
        }
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, onChange);
    },
  };
}

/** Writes all of `text` to a file descriptor before returning, waiting while a pipe's reader catches up. */
function writeFully(fd: number, text: string): void {
  let bytes = Buffer.from(text);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}
