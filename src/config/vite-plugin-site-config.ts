import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { SiteFolders } from './config-files.ts';
import { formatConfigProblem } from './config-problem.ts';
import { formModuleCode } from './form-modules.ts';
import type { FormName } from './site-config.ts';
import { validateConfig, type ConfigValidation } from './validate-config.ts';

const PUBLIC_ID = 'virtual:site-config';
const RESOLVED_ID = '\0virtual:site-config';
const FORM_PREFIX = 'virtual:form/';

/**
 * Serves the validated config to the renderer as `virtual:site-config`, and each form of config/forms/ with its
 * validators compiled at build time as `virtual:form/<name>`, so form code and copy load only where a form shows.
 * A build refuses a broken config with the validator's lines; the dev server shows them in its overlay and
 * in the terminal, and reloads the page once the files are fixed.
 */
export function siteConfigPlugin(folders: SiteFolders): Plugin {
  let latest: ConfigValidation | undefined;
  const validate = () => (latest = validateConfig(folders));
  const problemLines = (result: ConfigValidation) => result.problems.map(formatConfigProblem);

  return {
    name: 'site-config',
    buildStart() {
      const result = validate();
      if (result.problems.length > 0 && this.meta.watchMode === false) {
        // A broken config never builds. Print only the author's lines: the bundler would wrap a thrown error in a stack trace.
        for (const line of problemLines(result)) console.error(line);
        process.exit(1);
      }
    },
    resolveId(id) {
      if (id === PUBLIC_ID) return RESOLVED_ID;
      return id.startsWith(FORM_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID && !id.startsWith(`\0${FORM_PREFIX}`)) return undefined;
      const result = latest ?? validate();
      if (!result.config) {
        const error = new Error(problemLines(result).join('\n'));
        error.stack = '';
        throw error;
      }
      if (id === RESOLVED_ID) {
        const { forms: _forms, ...pages } = result.config;
        return `export default ${JSON.stringify(pages)};`;
      }
      const name = id.slice(`\0${FORM_PREFIX}`.length) as FormName;
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
          if (module.id === RESOLVED_ID || module.id?.startsWith(`\0${FORM_PREFIX}`)) server.moduleGraph.invalidateModule(module);
        }
        if (result.problems.length > 0) {
          const lines = problemLines(result);
          server.config.logger.error(lines.join('\n'), { timestamp: true });
          server.ws.send({ type: 'error', err: { message: lines.join('\n'), stack: '', plugin: 'site-config' } });
        } else {
          server.config.logger.info(`config/ is valid again (${result.fileCount} files); reloading.`, { timestamp: true });
          server.ws.send({ type: 'full-reload' });
        }
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, onChange);
    },
  };
}
