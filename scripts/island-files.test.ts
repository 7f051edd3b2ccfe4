import { describe, expect, it } from 'vitest';
import type { Section } from '../src/generated/config-types.ts';
import { firstAnswerFilesOf, islandFilesOf, type BuildManifest } from './island-files.ts';

// A build's manifest as Vite writes it: source modules, their files and the shared files they import.
const MANIFEST: BuildManifest = {
  'src/islands/hydrate.tsx': { file: 'assets/hydrate-1.js', isDynamicEntry: true, imports: ['_islands-1.js'] },
  '_islands-1.js': { file: 'assets/islands-1.js', imports: ['_runtime-1.js'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_forms-1.js': { file: 'assets/forms-1.js', imports: ['_runtime-1.js'] },
  'src/sections/contact-panel/ContactPanel.tsx': {
    file: 'assets/ContactPanel-1.js',
    isDynamicEntry: true,
    imports: ['_islands-1.js', '_forms-1.js'],
  },
  'src/sections/influencer-directory/InfluencerDirectory.tsx': {
    file: 'assets/InfluencerDirectory-1.js',
    isDynamicEntry: true,
    imports: ['_islands-1.js'],
  },
  'src/sections/project-gallery/behaviour.ts': { file: 'assets/behaviour-1.js', isDynamicEntry: true },
  'virtual:form/contact-inquiry': {
    file: 'assets/contact-inquiry-1.js',
    isDynamicEntry: true,
    imports: ['_forms-1.js'],
  },
};

// The same build with first answers: theirs is a small file of its own, which the form's validators import.
const WITH_FIRST_ANSWERS: BuildManifest = {
  ...MANIFEST,
  '_first-answer-1.js': { file: 'assets/first-answer-1.js', imports: ['_runtime-1.js'] },
  'src/sections/contact-panel/first-answer.ts': {
    file: 'assets/contact-panel-answer-1.js',
    isDynamicEntry: true,
    imports: ['_first-answer-1.js'],
  },
  'virtual:form/contact-inquiry': {
    file: 'assets/contact-inquiry-1.js',
    isDynamicEntry: true,
    imports: ['_first-answer-1.js'],
  },
};

const section = (fields: Record<string, unknown>) => fields as unknown as Section;

describe("the files a page's islands need", () => {
  it('are those of what attaches islands, each section component, its form, and every file they import, each once', () => {
    const files = islandFilesOf(
      MANIFEST,
      [section({ type: 'contact-panel', form: 'contact-inquiry' }), section({ type: 'influencer-directory' })],
      '/',
    );
    expect(files).toEqual([
      '/assets/hydrate-1.js',
      '/assets/islands-1.js',
      '/assets/runtime-1.js',
      '/assets/ContactPanel-1.js',
      '/assets/forms-1.js',
      '/assets/contact-inquiry-1.js',
      '/assets/InfluencerDirectory-1.js',
    ]);
  });

  it('are addressed in the folder the site is published in, and are none on a page without React islands', () => {
    expect(islandFilesOf(MANIFEST, [section({ type: 'influencer-directory' })], '/loom-site/')[0]).toBe(
      '/loom-site/assets/hydrate-1.js',
    );
    expect(islandFilesOf(MANIFEST, [], '/')).toEqual([]);
  });

  it('stop the build with a clear message when the manifest lacks a module the page needs', () => {
    expect(() =>
      islandFilesOf(MANIFEST, [section({ type: 'contact-panel', form: 'creator-application' })], '/'),
    ).toThrow("The build's manifest has no virtual:form/creator-application");
  });

  it("name a first answer's files apart, with the form it checks, and leave them out of the islands' own", () => {
    const sections = [
      section({ type: 'contact-panel', form: 'contact-inquiry' }),
      section({ type: 'influencer-directory' }),
    ];
    expect(firstAnswerFilesOf(WITH_FIRST_ANSWERS, sections, '/')).toEqual([
      '/assets/contact-panel-answer-1.js',
      '/assets/first-answer-1.js',
      '/assets/runtime-1.js',
      '/assets/contact-inquiry-1.js',
    ]);
    expect(islandFilesOf(WITH_FIRST_ANSWERS, sections, '/')).toEqual([
      '/assets/hydrate-1.js',
      '/assets/islands-1.js',
      '/assets/ContactPanel-1.js',
      '/assets/forms-1.js',
      '/assets/InfluencerDirectory-1.js',
    ]);
  });
});
