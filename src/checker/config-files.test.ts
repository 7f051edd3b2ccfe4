import { describe, expect, it } from 'vitest';
import {
  CONFIG_FILE_KINDS,
  kindAmong,
  kindOfConfigFile,
  POINT_COLLECTIONS,
  type ConfigFileKind,
} from './config-files.ts';

/** A file each kind's pattern names: the pattern itself, or with "*" as a name. */
const exampleOf = (kind: ConfigFileKind) => kind.pattern.replace('*', 'example');

describe('the kind of a config file', () => {
  it('is the most specific kind whose pattern the file matches, whatever the order of the list', () => {
    const reversed = [...CONFIG_FILE_KINDS].reverse();
    for (const kind of CONFIG_FILE_KINDS) {
      expect(kindOfConfigFile(exampleOf(kind)), kind.pattern).toBe(kind);
      expect(kindAmong(reversed, exampleOf(kind)), kind.pattern).toBe(kind);
    }
  });

  it('gives a kind added after the catch-all its own files, and leaves the others to the catch-all', () => {
    const awards: ConfigFileKind = {
      pattern: 'collections/awards.json',
      schema: 'collections/awards.schema.json',
      required: false,
      group: 'Awards',
    };
    const kinds = [...CONFIG_FILE_KINDS, awards];
    expect(kindAmong(kinds, 'collections/awards.json')).toBe(awards);
    expect(kindAmong(kinds, 'collections/values.json')).toBe(POINT_COLLECTIONS);
    expect(kindAmong(kinds, 'collections/awards/2025.json')).toBeUndefined();
  });
});
