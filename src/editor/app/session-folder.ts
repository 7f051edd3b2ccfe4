/**
 * The session's folder (/session-<key>), where the preview and the site's pictures and videos are served to the
 * editor's page and its preview only. The page learns it from the API once it opens (api.ts, openSession).
 */
let sessionFolder = '';

export function setSessionFolder(folder: string): void {
  sessionFolder = folder;
}

/** The folder the page has: a restarted editor gives a new one. */
export const currentSessionFolder = () => sessionFolder;

/**
 * Where a file of the site's public/ ("/media/hero.jpg") or a page of the preview ("/about") is served for this
 * session.
 */
export const inSession = (path: string) => `${sessionFolder}${path}`;
