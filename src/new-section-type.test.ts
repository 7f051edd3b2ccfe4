/**
 * README's steps for a new section type showing a new collection, carried out on a copy of this project: the
 * section's folder, its schema, the collection's schema and one line in CONFIG_FILE_KINDS, and nothing else.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './checker/project-folders.ts';
import { copyOfProject, runIn as run } from './testing/project-copy.ts';

const ADDITIONS = join(PROJECT_ROOT, 'src/testing/new-section-type');
const KINDS_FILE = 'src/checker/config-files.ts';
/** The collection's line in CONFIG_FILE_KINDS, ahead of the catch-all collections of points. */
const REGISTRY_LINE = `  { pattern: 'collections/testimonials.json', schema: 'collections/testimonials.schema.json', required: false, group: 'Testimonials', collects: { testimonials: 'testimonials' } },\n`;
const POINTS_COMMENT = '  // Any other collection is a collection of points';

describe('a new section type showing a new collection', () => {
  it(
    'needs its folder, its schema, the collection schema and one registry line; then it generates, type-checks, validates and builds',
    { timeout: 240_000 },
    () => {
      const copy = copyOfProject('new-section-type-');
      try {
        // The developer's part: new files only, and one line.
        cpSync(join(ADDITIONS, 'src'), join(copy, 'src'), { recursive: true });
        // A folder without its schema is named, with what to do.
        const withoutSchema = run(copy, 'tsx', 'scripts/generate.ts');
        expect(withoutSchema.status).toBe(1);
        expect(withoutSchema.output).toContain(
          'src/sections/testimonials/ has no schemas/sections/testimonials.schema.json.',
        );
        for (const folder of ['schemas', 'config'])
          cpSync(join(ADDITIONS, folder), join(copy, folder), { recursive: true });
        const kinds = readFileSync(join(copy, KINDS_FILE), 'utf8');
        expect(kinds).toContain(POINTS_COMMENT);
        writeFileSync(join(copy, KINDS_FILE), kinds.replace(POINTS_COMMENT, `${REGISTRY_LINE}${POINTS_COMMENT}`));

        const stale = run(copy, 'tsx', 'scripts/generate.ts', '--check');
        expect(stale.status).toBe(1);
        expect(stale.output).toContain(
          'src/generated/sections.ts is out of date with src/sections/. Run `npm run generate`',
        );

        // README's one command writes the generated code and the config reference, which npm test checks too.
        const generated = run(copy, 'npm', 'run', 'generate');
        expect(generated.output).toContain('Wrote src/generated/section-data.ts');
        expect(generated.status).toBe(0);
        expect(run(copy, 'tsx', 'scripts/gen-docs.ts', '--check').status).toBe(0);
        expect(readFileSync(join(copy, 'docs/config-reference.md'), 'utf8')).toContain('testimonials');
        expect(readFileSync(join(copy, 'src/generated/config-types.ts'), 'utf8')).toMatch(
          /readonly testimonials: readonly .*\['testimonials'\]>\[number\]\[\];/,
        );

        const typecheck = run(copy, 'tsc', '-p', '.');
        expect(typecheck.output).toBe('');
        expect(typecheck.status).toBe(0);

        // The checker knows the new file: a testimonial without its author is an error with file, line and field.
        const collection = join(copy, 'config/collections/testimonials.json');
        const written = readFileSync(collection, 'utf8');
        writeFileSync(collection, written.replace(', "author": "Kojo Asante, Founder"', ''));
        const invalid = run(copy, 'tsx', 'scripts/validate.ts');
        expect(invalid.status).toBe(1);
        expect(invalid.output).toContain(
          'config/collections/testimonials.json:5:5  testimonials 2.author: this required field is missing. Add it: who said it, such as "Efua Mensah, Head of Marketing".',
        );
        writeFileSync(collection, written);

        const built = run(copy, 'tsx', 'scripts/build.ts');
        expect(built.status, built.output).toBe(0);
        const page = readFileSync(join(copy, 'dist/clients/index.html'), 'utf8');
        for (const text of [
          'What Clients Say',
          'They found creators our audience already trusted.',
          'Kojo Asante, Founder',
        ])
          expect(page).toContain(text);
        expect(page).not.toContain('Never shown');
        // Only the page that shows them carries them, in its HTML: no other page, and no script (the section is no
        // island).
        const home = readFileSync(join(copy, 'dist/index.html'), 'utf8');
        expect(home).not.toContain('Kojo Asante');
        expect(page).not.toMatch(/data-island="testimonials"/);
        const scripts = readdirSync(join(copy, 'dist/assets')).filter((file) => file.endsWith('.js'));
        const carrying = scripts.filter((file) =>
          readFileSync(join(copy, 'dist/assets', file), 'utf8').includes('Kojo Asante'),
        );
        expect(carrying).toEqual([]);

        // The editor lists the new collection in a group of its own.
        const groups = run(
          copy,
          'tsx',
          '--eval',
          "import('./src/checker/config-files.ts').then((m) => console.log(JSON.stringify(m.EDITOR_GROUPS)))",
        );
        expect(JSON.parse(groups.output)).toContain('Testimonials');
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  );
});
