/**
 * The preview's src/content/site-paths.ts: the site lives in the editor session's folder (/session-<key>), the one
 * address where the preview's pages, data, forms and media are served, as a project site lives in its folder.
 */
import { sitePathsUnder } from '../../../content/site-folder.ts';
import { SESSION_FOLDER_PREFIX } from '../../protocol/headers.ts';

export const BASE_PATH = new RegExp(`^${SESSION_FOLDER_PREFIX}[0-9a-f]+`).exec(window.location.pathname)?.[0] ?? '';

export const { sitePath, pagePath, pathInSite } = sitePathsUnder(BASE_PATH);
