import { writeSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { SiteFolders } from '../checker/project-folders.ts';
import { formatConfigProblem } from '../checker/config-problem.ts';
import { formLoadersCode, formModuleCode } from '../checker/form-modules.ts';
import { siteModulesOf, type SiteModules } from './site-modules.ts';
import { validateConfig, type ConfigValidation } from '../checker/validate-config.ts';
import { PROJECT_ROOT } from '../checker/project-folders.ts';
import type { SiteConfig } from '../contract/site-config.ts';
import { copyPictureFiles, leaveOutOriginals, pictureCacheDir, runImagePipeline } from './image-pipeline.ts';
import { HOSTS, hostingOf, notePicturesTime, readHostingFile } from './hosting.ts';
import { siteEditorSettings } from './site-editor-settings.ts';

/**
 * The modules the renderer imports, each holding only what its importers show:
 * - virtual:site-shell: the site's settings, navigation and pages, which every page needs;
 * - virtual:page-data: a loader per page (by route) of virtual:page-data/<n>, the collections that page shows;
 * - virtual:forms and virtual:form/<name>: each form with its validators compiled at build time;
 * - virtual:influencer-records: every influencer when pre-rendering, nothing in the browser. A built site's profiles
 *   are pages of their own; the dev server (and the editor's preview) draw them in the browser, fetching one profile
 *   at a time from /data/influencers/<id>.json.
 */
const SHELL = 'virtual:site-shell';
const PAGE_DATA = 'virtual:page-data';
const FORMS = 'virtual:forms';
const FORM_PREFIX = 'virtual:form/';
const RECORDS = 'virtual:influencer-records';
const OWN = [SHELL, PAGE_DATA, FORMS, RECORDS];

const isOwn = (id: string) => OWN.includes(id) || id.startsWith(FORM_PREFIX) || id.startsWith(`${PAGE_DATA}/`);

/**
 * Serves the validated config to the renderer as the modules above, and the data files the browser fetches (the
 * directory's search data, each influencer's profile). A build refuses a broken config with the checker's lines; the
 * dev server shows them in its overlay and in the terminal, and reloads the page once the files are fixed.
 */
export function siteConfigPlugin(folders: SiteFolders): Plugin {
  let latest:
    | {
        result: ConfigValidation;
        config?: SiteConfig;
        modules?: SiteModules;
        dataFiles?: ReadonlyMap<string, string>;
        pictures?: ReadonlyMap<string, string>;
        pipelineOnly?: readonly string[];
      }
    | undefined;
  let building = false;
  /** The site the renderer receives: the checked config, with what the image pipeline made of its pictures. */
  const use = (
    result: ConfigValidation,
    config = result.config,
    pictures?: ReadonlyMap<string, string>,
    pipelineOnly?: readonly string[],
  ) => {
    const modules = config ? siteModulesOf(config) : undefined;
    const dataFiles =
      modules && new Map([modules.influencerIndex, ...modules.profiles].map((file) => [file.url, file.content]));
    latest = { result, config, modules, dataFiles, pictures, pipelineOnly };
    return latest;
  };
  const validate = () => use(validateConfig(folders));
  const problemLines = (result: ConfigValidation) => result.problems.map(formatConfigProblem);
  const errorLines = (result: ConfigValidation) =>
    result.problems.filter((problem) => problem.severity === 'error').map(formatConfigProblem);
  /**
   * What the site loads from the valid config, or an error that shows the checker's lines (in the dev server's
   * overlay).
   */
  const valid = (): SiteModules => {
    const { result, modules } = latest ?? validate();
    if (!modules) {
      const error = new Error(errorLines(result).join('\n'));
      error.stack = '';
      throw error;
    }
    return modules;
  };

  return {
    name: 'site-config',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      const { result } = validate();
      // A build makes every size of the pictures config names, or finds them in the cache; the dev server and the
      // editor's preview show the originals, framed the same way.
      if (building && result.config) {
        const started = performance.now();
        const cacheDir = pictureCacheDir(PROJECT_ROOT);
        const { host, pictures } = hostingOf(readHostingFile(folders.config));
        const limit = host && HOSTS[host].buildMinutes;
        const client = this.environment.config.consumer === 'client';
        const made = await runImagePipeline(result.config, {
          publicDir: folders.public,
          cacheDir,
          service: pictures === 'build' ? undefined : pictures,
          // Said as soon as it shows, not when the host stops the build.
          budget:
            limit && client
              ? {
                  ms: limit * 60_000,
                  over: (projectedMs, left) =>
                    this.warn(
                      `${left} pictures still to make, about ${Math.round(projectedMs / 60_000)} min in all at this pace: over ${HOSTS[host].words}'s ${limit}-minute build limit. README, "Pictures on a host's image service", says what to do.`,
                    ),
                }
              : undefined,
        });
        use(result, made.config, made.files, made.pipelineOnly);
        if (client) notePicturesTime(performance.now() - started);
        if (made.encoded + made.reused > 0 && client)
          this.info(
            `pictures: ${made.encoded} made, ${made.reused} from the cache (${relative(PROJECT_ROOT, cacheDir) || cacheDir})`,
          );
      }
      if (this.meta.watchMode !== false || result.config) return;
      // Print only the author's lines and stop: a thrown error would come with the bundler's stack trace. The lines
      // are written out in full before exiting, even to a pipe. (Warnings are printed by npm run build's own check,
      // once, not again by each of its two bundles.)
      writeFully(2, `${errorLines(result).join('\n')}\n`);
      process.exit(1);
    },
    resolveId(id) {
      return isOwn(id) ? `\0${id}` : undefined;
    },
    load(resolved, options) {
      if (!resolved.startsWith('\0') || !isOwn(resolved.slice(1))) return undefined;
      const id = resolved.slice(1);
      const modules = valid();
      if (id === SHELL) return `export default ${JSON.stringify(modules.shell)};`;
      if (id === PAGE_DATA) {
        const loaders = modules.pageData.map(
          ([route], index) => `  ${JSON.stringify(route)}: () => import(${JSON.stringify(`${PAGE_DATA}/${index}`)}),`,
        );
        return ['export default {', ...loaders, '};'].join('\n');
      }
      if (id.startsWith(`${PAGE_DATA}/`)) {
        const page = modules.pageData[Number(id.slice(PAGE_DATA.length + 1))];
        if (!page) throw new Error(`There is no page ${id}.`);
        return `export default ${JSON.stringify(page[1])};`;
      }
      if (id === RECORDS)
        return `export default ${options?.ssr ? JSON.stringify(latest!.config!.influencers) : 'null'};`;
      if (id === FORMS) return formLoadersCode(Object.keys(modules.forms));
      const name = id.slice(FORM_PREFIX.length);
      const form = modules.forms[name];
      if (!form) throw new Error(`There is no form config/forms/${name}.json.`);
      return formModuleCode(name, form);
    },
    generateBundle() {
      // The browser's build carries the directory's search data; the pre-rendering build reads the records themselves.
      // No profile data: every profile is a pre-rendered page, and nothing on a built page fetches one.
      if (this.environment.config.consumer !== 'client') return;
      const { influencerIndex } = valid();
      this.emitFile({ type: 'asset', fileName: influencerIndex.url.slice(1), source: influencerIndex.content });
    },
    writeBundle(output) {
      // The pictures' files, copied from the cache rather than passed through the bundler: thousands of them.
      if (this.environment.config.consumer !== 'client' || !output.dir) return;
      if (latest?.pictures) copyPictureFiles(latest.pictures, output.dir);
      // The originals only the pipeline read stay out of the site, unless the editor at /admin/ is built in: it shows
      // them (thumbnails, the focus picker, its preview).
      if (latest?.pipelineOnly && !siteEditorSettings(join(folders.config, '..')))
        leaveOutOriginals(latest.pipelineOnly, output.dir);
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add([folders.config, folders.schemas, folders.public]);
      // The data files, as the build writes them, straight from the config being edited.
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]!;
        const body = latest?.dataFiles?.get(path);
        if (body === undefined) return next();
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(body);
      });
      const onChange = (file: string) => {
        const inConfig = [folders.config, folders.schemas].some((dir) => !relative(dir, file).startsWith('..'));
        const inPublic = !relative(folders.public, file).startsWith('..');
        if (!inConfig && !inPublic) return;
        const { result } = validate();
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (module.id?.startsWith('\0') && isOwn(module.id.slice(1))) server.moduleGraph.invalidateModule(module);
        }
        if (!result.config) {
          const lines = errorLines(result);
          server.config.logger.error(problemLines(result).join('\n'), { timestamp: true });
          server.ws.send({ type: 'error', err: { message: lines.join('\n'), stack: '', plugin: 'site-config' } });
        } else {
          if (result.problems.length > 0)
            server.config.logger.warn(problemLines(result).join('\n'), { timestamp: true });
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
