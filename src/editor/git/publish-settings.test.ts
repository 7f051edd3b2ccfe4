/** How the site publishes, read from config/publishing.json: every setting given well is used, any other is the default. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readPublishSettings } from './publish-settings.ts';

let siteDir: string;
const settingsOf = (text: string) => {
  writeFileSync(join(siteDir, 'config/publishing.json'), text);
  return readPublishSettings(siteDir);
};
beforeEach(() => {
  siteDir = mkdtempSync(join(tmpdir(), 'publish-settings-'));
  mkdirSync(join(siteDir, 'config'));
});
afterEach(() => rmSync(siteDir, { recursive: true, force: true }));

describe('the publishing settings', () => {
  it('are the defaults with no file, a broken one or one that is not an object', () => {
    expect(readPublishSettings(siteDir)).toEqual(DEFAULT_SETTINGS);
    expect(settingsOf('{ "mode": "review", ')).toEqual(DEFAULT_SETTINGS);
    expect(settingsOf('["review"]')).toEqual(DEFAULT_SETTINGS);
  });

  it('take each setting given well', () => {
    expect(settingsOf('{ "mode": "review", "branch": "live/site", "updateMinutes": 10, "waitSeconds": 5 }')).toEqual({
      mode: 'review',
      branch: 'live/site',
      updateMinutes: 10,
      waitSeconds: 5,
    });
  });

  it('keep the default for each setting out of its range, and never take a branch git would read as an option', () => {
    expect(
      settingsOf('{ "mode": "draft", "branch": "--upload-pack=touch x", "updateMinutes": 0, "waitSeconds": 5.5 }'),
    ).toEqual(DEFAULT_SETTINGS);
    expect(settingsOf('{ "branch": "main;rm", "updateMinutes": 121, "waitSeconds": 601 }')).toEqual(DEFAULT_SETTINGS);
  });
});
