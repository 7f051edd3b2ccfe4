/** The validated site config, served by siteConfigPlugin (src/config/vite-plugin-site-config.ts). */
declare module 'virtual:site-config' {
  const config: import('./site-config').SiteConfig;
  export default config;
}
