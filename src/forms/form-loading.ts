import formLoaders from 'virtual:forms';

type FormLoader = (typeof formLoaders)[string];
/** A form of config/forms/ as the browser loads it: its config, its schema and its build-time validators. */
export type FormModule = Awaited<ReturnType<FormLoader>>;

interface Loading {
  readonly promise: Promise<FormModule>;
  module?: FormModule;
}

// By loader, not by name: a form given a new loader (the editor's preview, after an edit) loads its new config.
const loadings = new WeakMap<FormLoader, Loading>();

function loaderOf(name: string): FormLoader {
  const load = formLoaders[name];
  if (!load)
    throw new Error(`There is no form config/forms/${name}.json. Run npm run validate to see how to fix config/.`);
  return load;
}

/**
 * Loads a form's config and validators, once. Sections that show a form load it before they render (their
 * definition's preload), so pre-rendering and attaching an island never wait for it. Light on purpose: it carries
 * none of the code that draws forms, so loading the islands' shared code does not bring that along.
 */
export function loadForm(name: string): Promise<FormModule> {
  const load = loaderOf(name);
  let loading = loadings.get(load);
  if (!loading) {
    const started: Loading = {
      promise: load().then(
        (module) => (started.module = module),
        (error: unknown) => {
          // A file that failed to load (a new release, a dropped connection) may load on the next try.
          loadings.delete(load);
          throw error;
        },
      ),
    };
    loading = started;
    loadings.set(load, loading);
  }
  return loading.promise;
}

/** The form, if it has loaded. */
export function loadedForm(name: string): FormModule | undefined {
  return loadings.get(loaderOf(name))?.module;
}
