/**
 * How the site publishes, from config/publishing.json: straight to the published branch or for review, which branch,
 * how often the editor looks for teammates' changes, and how long it waits on the network. A file that is missing or
 * broken (the checker says so elsewhere) never stops the editor: each setting it does not give well is the default.
 * The local editor reads the file from the disk (git/publish-settings.ts), the one at /admin/ from the branch.
 */
import type { Publishing } from '../../generated/config-types.ts';
import { STRAIGHT_TO_BRANCH } from '../protocol/publishing.ts';

export type PublishSettings = Required<Omit<Publishing, '$schema'>>;

export const DEFAULT_SETTINGS: PublishSettings = {
  mode: STRAIGHT_TO_BRANCH,
  branch: 'main',
  updateMinutes: 2,
  waitSeconds: 60,
};

/** The settings config/publishing.json gives (its data, undefined when there is none), each one checked. */
export function publishSettingsOf(data: unknown): PublishSettings {
  const given = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as Publishing;
  const whole = (value: unknown, min: number, max: number, fallback: number) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : fallback;
  return {
    mode: given.mode === 'review' ? 'review' : STRAIGHT_TO_BRANCH,
    // A branch name never starts with "-" (the schema says so too): it is never read as an option.
    branch:
      typeof given.branch === 'string' && /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/.test(given.branch)
        ? given.branch
        : DEFAULT_SETTINGS.branch,
    updateMinutes: whole(given.updateMinutes, 1, 120, DEFAULT_SETTINGS.updateMinutes),
    waitSeconds: whole(given.waitSeconds, 5, 600, DEFAULT_SETTINGS.waitSeconds),
  };
}
