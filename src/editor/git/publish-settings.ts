/** How the site publishes (model/publish-settings.ts), as config/publishing.json on the disk says. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson } from '../model/json-edit.ts';
import { publishSettingsOf, type PublishSettings } from '../model/publish-settings.ts';

export { DEFAULT_SETTINGS, type PublishSettings } from '../model/publish-settings.ts';

/** The name of the place the site is kept, as this copy's git knows it. */
export const REMOTE = 'origin';

/** Where this copy keeps a branch of the remote as it last fetched it, such as refs/remotes/origin/main. */
export const fetchedRef = (branch: string) => `refs/remotes/${REMOTE}/${branch}`;

/** The settings of the site in `siteDir`, each one checked. */
export function readPublishSettings(siteDir: string): PublishSettings {
  const file = join(siteDir, 'config/publishing.json');
  return publishSettingsOf(parseJson(existsSync(file) ? readFileSync(file) : undefined));
}

/** The time limit of a git command that waits on the network (fetch, push): the site's own. */
export const byNetwork = (settings: PublishSettings) => ({ timeLimitMs: settings.waitSeconds * 1000 });
