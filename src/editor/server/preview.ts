import { formModuleCode } from '../../checker/form-modules.ts';
import { contentHash } from '../../content/content-hash.ts';
import type { SiteConfig } from '../../contract/site-config.ts';
import { siteModulesOf } from '../../build/site-modules.ts';
import { BoundedCache } from '../model/bounded-cache.ts';
import type { PreviewBuild, PreviewPayload } from '../protocol/files.ts';

/**
 * Where the preview's forms are imported from: each is compiled as the build compiles it (src/checker/form-modules.ts).
 */
export const PREVIEW_FORM_PREFIX = '/@preview-form/';

/** How many versions of the data files stay served, so a preview still loading an older version finds it. */
const KEPT_VERSIONS = 8;

const hashOf = (text: string) => contentHash(text).slice(0, 12);

/**
 * Makes the preview of a valid config: what the site loads, by the same path as the build (src/build/site-modules.ts),
 * each form compiled as the build compiles it. Runs where the config is checked; a form compiled once is not compiled
 * again.
 */
export class PreviewBuilder {
  readonly #compiled = new BoundedCache<string>(KEPT_VERSIONS);

  build(config: SiteConfig): PreviewBuild {
    // Answers typed into the preview are never sent anywhere: its forms only log them, whatever their delivery.
    const modules = siteModulesOf(config, { sending: false });
    const formModules = Object.entries(modules.forms).map(([name, form]) => {
      const address = `${PREVIEW_FORM_PREFIX}${name}/${hashOf(JSON.stringify(form))}.js`;
      let code = this.#compiled.get(address);
      if (code === undefined) this.#compiled.set(address, (code = formModuleCode(name, form)));
      return [name, address, code] as const;
    });
    const profiles = modules.profiles.map((file) => [file.url, file.content] as const);
    const payload: PreviewPayload = {
      shell: modules.shell,
      pageData: Object.fromEntries(modules.pageData),
      forms: Object.fromEntries(formModules.map(([name, address]) => [name, address])),
      influencersVersion: hashOf(profiles.map(([, json]) => json).join('\n')),
    };
    return {
      payload,
      formModules: formModules.map(([, address, code]) => [address, code]),
      influencerIndex: modules.influencerIndex,
      profiles,
    };
  }
}

/**
 * The site as the editor's preview sees it: the last valid config the author's unsaved changes made. It gives the
 * preview its payload, and serves the form modules and data files the renderer asks for (the directory's search
 * data, each influencer's profile), as the build would write them from that config.
 */
export class SitePreview {
  readonly #formModules = new BoundedCache<string>(KEPT_VERSIONS);
  readonly #dataFiles = new BoundedCache<string>(KEPT_VERSIONS);
  #profiles = new Map<string, string>();
  #builder: PreviewBuilder | undefined;

  /** Takes in the preview of a new valid config; returns what the preview page draws. */
  take(build: PreviewBuild): PreviewPayload {
    this.#dataFiles.set(build.influencerIndex.url, build.influencerIndex.content);
    this.#profiles = new Map(build.profiles);
    for (const [address, code] of build.formModules)
      if (this.#formModules.get(address) === undefined) this.#formModules.set(address, code);
    return build.payload;
  }

  /** Builds and takes in the preview of a new valid config here, in this thread. */
  update(config: SiteConfig): PreviewPayload {
    this.#builder ??= new PreviewBuilder();
    return this.take(this.#builder.build(config));
  }

  /** The code of a form module the preview imports, by its address; undefined when no recent version has it. */
  formModule(address: string): string | undefined {
    return this.#formModules.get(address);
  }

  /** The body of a data file the renderer fetches (as /assets/influencers-….json or /data/influencers/3.json). */
  dataFile(pathname: string): string | undefined {
    return this.#profiles.get(pathname) ?? this.#dataFiles.get(pathname);
  }
}
