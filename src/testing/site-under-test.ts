import { siteFolders } from '../checker/project-folders.ts';
import type { SiteConfig } from '../contract/site-config.ts';
import { validateConfig } from '../checker/validate-config.ts';
import { SPEC_SITE_DIR } from './sites.ts';

let config: SiteConfig | undefined;

/**
 * The whole config of the site a unit test runs on (vite.config.ts sets SITE_DIR per test project), read through the
 * checker: the renderer receives each page's collections with the page, so tests that expect them read them here.
 */
export function siteUnderTest(): SiteConfig {
  config ??= validateConfig(siteFolders(process.env.SITE_DIR ?? SPEC_SITE_DIR)).config;
  if (!config)
    throw new Error(
      `The site at ${process.env.SITE_DIR ?? SPEC_SITE_DIR} has config errors; npm run validate lists them.`,
    );
  return config;
}
