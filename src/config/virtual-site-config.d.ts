/** The validated site config without the forms, served by siteConfigPlugin (src/config/vite-plugin-site-config.ts). */
declare module 'virtual:site-config' {
  const config: Omit<import('./site-config').SiteConfig, 'forms'>;
  export default config;
}

/** One form of config/forms/ with its validators compiled at build time; see src/config/form-modules.ts. */
declare module 'virtual:form/*' {
  export const form: import('../generated/config-types').FormConfig;
  export const validateFns: import('@rjsf/validator-ajv8').ValidatorFunctions;
}
