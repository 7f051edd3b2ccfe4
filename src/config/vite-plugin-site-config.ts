import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatConfigProblem } from './config-problem.ts';
import { siteFolders, validateConfig, type ConfigValidation } from './validate-config.ts';

const PUBLIC_ID = 'virtual:site-config';
const RESOLVED_ID = '\0virtual:site-config';

/**
 * Serves the validated config to the renderer as `virtual:site-config`.
 * A build refuses a broken config with the validator's lines; the dev server shows them in its overlay and
 * in the terminal, and reloads the page once the files are fixed.
 */
export function siteConfigPlugin(rootDir: string): Plugin {
  const folders = siteFolders(rootDir);
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
      return id === PUBLIC_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const result = latest ?? validate();
      if (!result.config) {
        const error = new Error(problemLines(result).join('\n'));
        error.stack = '';
        throw error;
      }
      return `export default ${JSON.stringify(result.config)};`;
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add([folders.config, folders.schemas, folders.public]);
      const onChange = (file: string) => {
        const inConfig = [folders.config, folders.schemas].some((dir) => !relative(dir, file).startsWith('..'));
        const inPublic = !relative(folders.public, file).startsWith('..');
        if (!inConfig && !inPublic) return;
        const result = validate();
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
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
