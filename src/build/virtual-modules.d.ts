/**
 * The site's settings, navigation and pages, which every page needs; served by src/build/vite-plugin-site-config.ts.
 */
declare module 'virtual:site-shell' {
  const shell: import('../contract/site-config.ts').SiteShell;
  export default shell;
}

/**
 * A loader per page, by its route, of the collections that page shows (each section's data.ts,
 * src/build/site-modules.ts).
 */
declare module 'virtual:page-data' {
  const loaders: Readonly<Record<string, () => Promise<{ default: import('../contract/site-config.ts').PageData }>>>;
  export default loaders;
}

/** Every influencer when pre-rendering; null in the browser, which fetches one profile at a time. */
declare module 'virtual:influencer-records' {
  const records: readonly import('../generated/config-types.ts').Influencer[] | null;
  export default records;
}

/**
 * One form of config/forms/: its config, its schema, and its validators compiled at build time; see
 * src/checker/form-modules.ts.
 */
declare module 'virtual:form/*' {
  export const form: import('../generated/config-types.ts').FormConfig;
  export const schema: import('@rjsf/utils').RJSFSchema;
  export const validateFns: import('@rjsf/validator-ajv8').ValidatorFunctions;
}

/** A loader for each form of config/forms/, by its file name, so form code loads only on pages that show a form. */
declare module 'virtual:forms' {
  const forms: Readonly<Record<string, () => Promise<typeof import('virtual:form/*')>>>;
  export default forms;
}

/** What the editor at /admin/ was told when the site was built (src/build/site-editor-settings.ts). */
declare module 'virtual:site-editor-settings' {
  const settings: import('./site-editor-settings.ts').SiteEditorSettings;
  export default settings;
}

/**
 * The schemas the editor at /admin/ checks and draws forms with, built into it (scripts/site-editor-build.ts): by
 * path under schemas/ for the checker, and each kind's with its $refs resolved for the forms.
 */
declare module 'virtual:site-editor-schemas' {
  export const checkSchemas: Readonly<Record<string, import('ajv').AnySchemaObject>>;
  export const formSchemas: Record<string, object>;
}
