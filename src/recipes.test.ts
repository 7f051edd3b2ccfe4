/**
 * The recipes of docs/recipes.md, carried out as written on one copy of this project (the spec site in it), as a developer who
 * follows several in turn: a new section type showing a new collection (its folder, its schema, the collection's
 * schema and one line in CONFIG_FILE_KINDS, and nothing else), a delivery method, an influencer field shown on the
 * card and the profile, and a request to the editor. The copy generates, type-checks, validates and builds; the built
 * site shows what each recipe added, and the copy's editor answers the new request behind its guard. One copy for all
 * of them: each run of the type checker or the build costs the same whatever it meets.
 */
import { copyFileSync, cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './checker/project-folders.ts';
import { RunningEditor } from './testing/editor-process.ts';
import {
  copyOfProject,
  editJsonIn,
  replaceOnce,
  runIn as run,
  typecheckIn,
  typeErrorsIn,
} from './testing/project-copy.ts';

/** The new section type and its collection, as files (src/testing/new-section-type/README.md). */
const ADDITIONS = join(PROJECT_ROOT, 'src/testing/new-section-type');
const KINDS_FILE = 'src/checker/config-files.ts';
/** The collection's line in CONFIG_FILE_KINDS, ahead of the catch-all collections of points. */
const REGISTRY_LINE = `  { pattern: 'collections/testimonials.json', schema: 'collections/testimonials.schema.json', required: false, group: 'Testimonials', collects: { testimonials: 'testimonials' } },\n`;
const POINTS_COMMENT = '  // Any other collection is a collection of points';

/** The new delivery method: answers posted as JSON to a form service that knows the form by an id. */
const FORMSPREE_KIND = {
  title: 'FormspreeDelivery',
  description: 'Send the answers to Formspree, which emails them to you and keeps them in its dashboard.',
  type: 'object',
  additionalProperties: false,
  required: ['method', 'formId', 'timeoutMs'],
  properties: {
    method: { const: 'formspree', description: 'Marks this delivery as "formspree".' },
    formId: {
      type: 'string',
      pattern: '^[A-Za-z0-9]{6,12}$',
      patternErrorMessage:
        'is not a Formspree form id. Copy it from the form\'s page on Formspree, such as "xyzabcde".',
      description: 'The id Formspree gives the form, such as "xyzabcde".',
    },
    timeoutMs: { $ref: '#/$defs/deliveryTimeout' },
  },
};
const FORMSPREE_ENTRY = `  formspree: {
    sends: true,
    request: (delivery, _form, pairs) => ({
      url: \`https://formspree.io/f/\${delivery.formId}\`,
      contentType: 'application/json',
      body: JSON.stringify(Object.fromEntries(pairs)),
      timeoutMs: delivery.timeoutMs,
    }),
    connectsTo: () => 'https://formspree.io',
  },
`;

/** The new influencer field, and what the card and the profile show of it. */
const CITY = {
  $ref: '../common.schema.json#/$defs/text',
  description: 'The city the creator works from, such as "Lagos". Optional.',
};
const shownCity = (style: string) =>
  `{influencer.city ? (\n            <Box as="p" ${style}>\n              {influencer.city}\n            </Box>\n          ) : null}\n`;

/** The new request to the editor: whether the editor is answering, as a page might ask before a long task. */
const ROUTE_ENTRY = "  /** Whether the editor answers. */\n  ping: get('/api/ping'),\n";
const ROUTE_HANDLER = '  ping: () => ({ status: 200, body: { answering: true } }),\n';
const ROUTE_CALL = "\nexport const ping = () => call<{ answering: true }>('ping');\n";

describe('the recipes of docs/recipes.md', () => {
  it(
    'a section type with its collection, a delivery method, an influencer field on the card and profile, and an editor request, as written: they generate, type-check, validate, build and answer',
    { timeout: 300_000 },
    async () => {
      const copy = copyOfProject('recipes-');
      try {
        // The site's security headers, whose connect-src the build writes.
        copyFileSync(join(PROJECT_ROOT, 'public/_headers'), join(copy, 'public/_headers'));

        // A section type: its folder. A folder without its schema is named, with what to do.
        cpSync(join(ADDITIONS, 'src'), join(copy, 'src'), { recursive: true });
        const withoutSchema = run(copy, 'tsx', 'scripts/generate.ts');
        expect(withoutSchema.status).toBe(1);
        expect(withoutSchema.output).toContain(
          'src/sections/testimonials/ has no schemas/sections/testimonials.schema.json.',
        );
        // Its schema, the collection's schema and file, and the collection's one line in CONFIG_FILE_KINDS.
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

        // A delivery method: 1. its kind in schemas/form.schema.json.
        editJsonIn(copy, 'schemas/form.schema.json', (schema) => schema.properties.delivery.oneOf.push(FORMSPREE_KIND));
        // An influencer field: 1. its property in the influencer's schema (optional, so every file stays valid).
        editJsonIn(copy, 'schemas/collections/influencer.schema.json', (schema) => (schema.properties.city = CITY));
        // A request to the editor: 1. its entry in the table of routes.
        replaceOnce(
          copy,
          'src/editor/protocol/routes.ts',
          '} as const satisfies Record<string, EditorRoute>;',
          `${ROUTE_ENTRY}} as const satisfies Record<string, EditorRoute>;`,
        );
        // The recipe's one command writes the generated code and the config reference, which npm test checks too.
        const generated = run(copy, 'npm', 'run', 'generate');
        expect(generated.status, generated.output).toBe(0);
        expect(generated.output).toContain('Wrote src/generated/section-data.ts');
        expect(run(copy, 'tsx', 'scripts/gen-docs.ts', '--check').status).toBe(0);
        expect(readFileSync(join(copy, 'docs/config-reference.md'), 'utf8')).toContain('testimonials');
        expect(readFileSync(join(copy, 'src/generated/config-types.ts'), 'utf8')).toMatch(
          /readonly testimonials: readonly .*\['testimonials'\]>\[number\]\[\];/,
        );
        // An influencer field: 3. its name in INFLUENCER_SUMMARY_FIELDS, and where the card shows it.
        replaceOnce(copy, 'src/contract/site-config.ts', "  'photo',\n] as const", "  'photo',\n  'city',\n] as const");
        replaceOnce(
          copy,
          'src/influencers/InfluencerCard.tsx',
          '            {influencer.handle}\n          </Box>\n',
          `            {influencer.handle}\n          </Box>\n          ${shownCity('color="fg.muted" fontSize="sm"')}`,
        );
        // 4. where the profile shows it.
        replaceOnce(
          copy,
          'src/sections/influencer-profile/InfluencerProfile.tsx',
          '            {influencer.handle}\n          </Box>\n',
          `            {influencer.handle}\n          </Box>\n          ${shownCity('fontSize="md" color="whiteAlpha.900"')}`,
        );
        // A request to the editor: 4. the backend's method, which each backend is then missing.
        replaceOnce(
          copy,
          'src/editor/protocol/editor-backend.ts',
          '  /** A failure to reach the site in words',
          '  ping(): Promise<Answer<{ answering: true }>>;\n  /** A failure to reach the site in words',
        );
        // The type-checker names the table the method is missing from, the route's missing handler and each backend
        // without the method. (That the section type needs no more, nor the influencer's field, the whole project's
        // check says once the recipes are done: no step after this one touches them.)
        const missing = typeErrorsIn(copy, [
          'src/content/delivery-methods.ts',
          'src/editor/server/editor-api.ts',
          'src/editor/app/local-backend.ts',
          'src/editor/model/hosted-backend.ts',
          'src/testing/editor-on-disk.ts',
        ]);
        expect(missing).toMatch(/src\/content\/delivery-methods\.ts.*'formspree'/);
        expect(missing).toMatch(/src\/editor\/server\/editor-api\.ts.*'ping'/);
        expect(missing).toMatch(/src\/editor\/app\/local-backend\.ts.*'ping'/);
        expect(missing).toMatch(
          /src\/editor\/model\/hosted-backend\.ts.*\n.*'ping' is missing in type 'HostedBackend'/,
        );
        expect(missing).toMatch(/src\/testing\/editor-on-disk\.ts.*'ping'/);

        // A delivery method: 3. its entry in DELIVERY_METHODS.
        replaceOnce(
          copy,
          'src/content/delivery-methods.ts',
          '  // Netlify Forms:',
          `${FORMSPREE_ENTRY}  // Netlify Forms:`,
        );
        // A request to the editor: 2. its handler; 3. the page's call; 4. the local backend's answer.
        replaceOnce(
          copy,
          'src/editor/server/editor-api.ts',
          'const HANDLERS: { readonly [name in EditorRouteName]: RouteHandler } = {\n',
          `const HANDLERS: { readonly [name in EditorRouteName]: RouteHandler } = {\n${ROUTE_HANDLER}`,
        );
        writeFileSync(
          join(copy, 'src/editor/app/api.ts'),
          `${readFileSync(join(copy, 'src/editor/app/api.ts'), 'utf8')}${ROUTE_CALL}`,
        );
        replaceOnce(
          copy,
          'src/editor/app/local-backend.ts',
          '  failureWords: (failure, doing) =>',
          '  ping: local.ping,\n  failureWords: (failure, doing) =>',
        );
        // 5. The editor at /admin/ answers it too, and the local backend the page's tests use.
        replaceOnce(
          copy,
          'src/testing/editor-on-disk.ts',
          '    failureWords: (failure, doing) =>',
          '    ping: async () => ({ answering: true as const }),\n    failureWords: (failure, doing) =>',
        );
        replaceOnce(
          copy,
          'src/editor/model/hosted-backend.ts',
          '  failureWords(failure: Error, doing: string): string {',
          '  async ping() {\n    return { answering: true as const };\n  }\n\n  failureWords(failure: Error, doing: string): string {',
        );
        const typecheck = typecheckIn(copy);
        expect(typecheck.output).toBe('');
        expect(typecheck.status).toBe(0);

        // The checker knows the new collection: a testimonial without its author is an error with file, line and field.
        const testimonials = join(copy, 'config/collections/testimonials.json');
        const written = readFileSync(testimonials, 'utf8');
        writeFileSync(testimonials, written.replace(', "author": "Kojo Asante, Founder"', ''));
        const withoutAuthor = run(copy, 'tsx', 'scripts/validate.ts');
        expect(withoutAuthor.status).toBe(1);
        expect(withoutAuthor.output).toContain(
          'config/collections/testimonials.json:5:5  testimonials 2.author: this required field is missing. Add it: who said it, such as "Efua Mensah, Head of Marketing".',
        );
        writeFileSync(testimonials, written);

        // Authors use the rest: a form delivered by the new method, a creator with a city.
        editJsonIn(copy, 'config/forms/contact-inquiry.json', (form) => {
          form.delivery = { method: 'formspree', formId: 'Ab1', timeoutMs: 10000 };
        });
        editJsonIn(copy, 'config/collections/influencers.json', (file) => (file.influencers[0].city = 'Lagos'));
        const refused = run(copy, 'tsx', 'scripts/validate.ts');
        expect(refused.status).toBe(1);
        expect(refused.output).toMatch(
          /config\/forms\/contact-inquiry\.json:\d+:\d+ {2}delivery\.formId: "Ab1" is not a Formspree form id\./,
        );
        editJsonIn(copy, 'config/forms/contact-inquiry.json', (form) => {
          form.delivery.formId = 'xyzabcde';
          // Sending can fail now: the checker asks for the notification that says so.
          form.toasts.failure = { title: 'Submission Failed', description: 'Something went wrong. Please try again.' };
        });
        const valid = run(copy, 'tsx', 'scripts/validate.ts');
        expect(valid.status, valid.output).toBe(0);

        const built = run(copy, 'tsx', 'scripts/build.ts');
        expect(built.status, built.output).toBe(0);
        const scripts = readdirSync(join(copy, 'dist/assets')).filter((file) => file.endsWith('.js'));
        const assetsHolding = (text: string, files: readonly string[]) =>
          files.filter((file) => readFileSync(join(copy, 'dist/assets', file), 'utf8').includes(text));

        // The testimonials show on the page that has the section, in its HTML: no other page, and no script (the
        // section is no island).
        const clients = readFileSync(join(copy, 'dist/clients/index.html'), 'utf8');
        for (const text of [
          'What Clients Say',
          'They found creators our audience already trusted.',
          'Kojo Asante, Founder',
        ])
          expect(clients).toContain(text);
        expect(clients).not.toContain('Never shown');
        expect(readFileSync(join(copy, 'dist/index.html'), 'utf8')).not.toContain('Kojo Asante');
        expect(clients).not.toMatch(/data-island="testimonials"/);
        expect(assetsHolding('Kojo Asante', scripts)).toEqual([]);

        // The pages may post to the form service, and nowhere else new.
        expect(readFileSync(join(copy, 'dist/_headers'), 'utf8')).toMatch(
          /connect-src 'self' https:\/\/formspree\.io(;|$)/m,
        );
        // The city is on the directory's pre-rendered card, in its search data, and on the profile.
        expect(readFileSync(join(copy, 'dist/influencers/index.html'), 'utf8')).toContain('>Lagos</p>');
        const searchData = readdirSync(join(copy, 'dist/assets')).filter((file) => file.startsWith('influencers-'));
        expect(assetsHolding('"Lagos"', searchData)).not.toEqual([]);
        const id = JSON.parse(readFileSync(join(copy, 'config/collections/influencers.json'), 'utf8')).influencers[0]
          .id;
        expect(readFileSync(join(copy, `dist/influencers/${id}/index.html`), 'utf8')).toContain('>Lagos</p>');

        // The editor lists the new collection in a group of its own.
        const groups = run(
          copy,
          'tsx',
          '--eval',
          "import('./src/checker/config-files.ts').then((m) => console.log(JSON.stringify(m.EDITOR_GROUPS)))",
        );
        expect(JSON.parse(groups.output)).toContain('Testimonials');
        // The copy's editor answers the new request to its page, and refuses it without the session's token.
        const editor = await RunningEditor.start(copy, { XDG_CACHE_HOME: join(copy, '.cache') }, copy);
        try {
          expect(await editor.api('/api/ping')).toEqual({ status: 200, body: { answering: true } });
          const stranger = await fetch(`http://127.0.0.1:${editor.port}/api/ping`);
          expect(stranger.status).toBe(401);
        } finally {
          await editor.stop();
        }
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  );
});
