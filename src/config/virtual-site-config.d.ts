/** The validated site config without the forms, served by siteConfigPlugin (src/config/vite-plugin-site-config.ts). */
declare module 'virtual:site-config' {
  const config: Omit<import('./site-config').SiteConfig, 'forms'>;
  export default config;
}

/** One form of config/forms/: its config, its schema, and its validators compiled at build time; see src/config/form-modules.ts. */
declare module 'virtual:form/*' {
  export const form: import('../generated/config-types').FormConfig;
  export const schema: import('@rjsf/utils').RJSFSchema;
  export const validateFns: import('@rjsf/validator-ajv8').ValidatorFunctions;
}

/** A loader for each form of config/forms/, by its file name, so form code loads only on pages that show a form. */
declare module 'virtual:forms' {
  const forms: Readonly<Record<string, () => Promise<typeof import('virtual:form/*')>>>;
  export default forms;
}
