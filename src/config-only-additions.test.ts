import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import type { RenderedPage } from './entry-server.tsx';
import { siteFolders } from './checker/project-folders.ts';
import { siteConfigPlugin } from './build/vite-plugin-site-config.ts';
import { copyOfSpecSite } from './testing/edited-site.ts';
import { LIVE_SITE_DIR } from './testing/sites.ts';

const FEEDBACK_FORM = {
  $schema: '../../schemas/form.schema.json',
  schema: {
    type: 'object',
    required: ['rating'],
    properties: {
      rating: {
        type: 'string',
        title: 'How was working with us?',
        oneOf: [
          { const: 'great', title: 'Great' },
          { const: 'fine', title: 'Fine' },
        ],
        errorMessage: { oneOf: 'Pick one' },
      },
      remarks: { type: 'string', title: 'Anything to add?' },
    },
  },
  uiSchema: {
    'ui:order': ['rating', 'remarks'],
    rating: { 'ui:widget': 'select', 'ui:placeholder': 'Choose' },
    remarks: { 'ui:widget': 'textarea' },
  },
  messages: { required: 'Required', invalid: 'Invalid input' },
  submit: { label: 'Send Feedback', busyLabel: 'Sending...' },
  behaviour: { whenIncomplete: 'show-messages', simulateSending: false, saveDraft: false, clearOnSuccess: true },
  toasts: { success: { title: 'Thank you', description: 'Your feedback reached us.' } },
};
const FEEDBACK_PAGE = {
  $schema: '../../schemas/page.schema.json',
  route: '/feedback',
  title: 'Feedback | {name}',
  description: 'Tell {name} how the project went.',
  sections: [
    { type: 'page-hero', heading: 'Your Feedback', text: 'Two questions, one minute.' },
    { type: 'form', form: 'feedback' },
    { type: 'point-grid', heading: 'What We Promise', source: 'promises' },
  ],
};
const PROMISES = {
  $schema: '../../schemas/collections/points.schema.json',
  points: [
    { title: 'A reply in a day', text: 'Every message gets an answer within one working day.' },
    { title: 'No surprises', text: 'The price we quote is the price you pay.' },
  ],
};

describe('forms and collections come from their files', () => {
  it(
    'a third form in config/forms/ and a new collection in config/collections/ render on a new page, with no change to the code',
    { timeout: 60_000 },
    async () => {
      const { root, remove } = copyOfSpecSite();
      writeFileSync(join(root, 'config/forms/feedback.json'), JSON.stringify(FEEDBACK_FORM, null, 2));
      writeFileSync(join(root, 'config/pages/feedback.json'), JSON.stringify(FEEDBACK_PAGE, null, 2));
      writeFileSync(join(root, 'config/collections/promises.json'), JSON.stringify(PROMISES, null, 2));
      const server = await createServer({
        root: LIVE_SITE_DIR,
        configFile: false,
        logLevel: 'silent',
        plugins: [react(), siteConfigPlugin(siteFolders(root))],
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/entry-server.tsx')) as {
          renderPage: (path: string) => Promise<RenderedPage>;
        };
        const page = await renderPage('/feedback');
        expect(page.status).toBe(200);
        expect(page.title).toBe('Feedback | Loom Media');
        for (const text of [
          'Your Feedback',
          'How was working with us?',
          'Anything to add?',
          'Great',
          'Send Feedback',
          'What We Promise',
          'A reply in a day',
          'No surprises',
        ]) {
          expect(page.html).toContain(text);
        }
      } finally {
        await server.close();
        remove();
      }
    },
  );
});
