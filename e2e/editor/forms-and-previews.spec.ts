/**
 * The preview of forms and profiles, and the form designer, at npm run edit. The preview and the designer are the
 * same code at /admin/ (where the preview runs in a sandboxed frame); these run here only, to keep the browser suite
 * within its time.
 */
import { expect, test } from '../fixtures.ts';
import { fillValidApplication, fillValidInquiry, toasts } from '../spec/answers.ts';
import {
  diffLines,
  errorsOfSite,
  onDisk,
  openFile,
  original,
  preview,
  previewShows,
  resetEditedSite,
  saveButton,
  status,
  REFUSED_SAVE_OR_UPLOAD,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('the visual editor, with forms and the preview', () => {
  test.use({ expectedProblem: REFUSED_SAVE_OR_UPLOAD });

  test("previews an influencer's profile and the directory as their entry is edited", async ({ page }) => {
    await openFile(page, 'Influencers', 'Influencers');
    const first = (
      JSON.parse(original('config/collections/influencers.json')) as { influencers: { id: number; name: string }[] }
    ).influencers[0]!;
    // The directory first; moving into an influencer's entry shows their profile.
    await previewShows(page, '/influencers');
    await page.locator('#root_influencers_0_name').focus();
    await previewShows(page, `/influencers/${first.id}`);
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(first.name);
    await page.locator('#root_influencers_0_name').fill('Amara Okafor-Mensah');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Amara Okafor-Mensah');
    // The directory is offered beside the profile, and shows the new name on the card.
    const pages = page.locator('.preview-bar').getByLabel('Page');
    await pages.selectOption({
      label: (await pages.locator('option', { hasText: /\(\/influencers\)$/ }).textContent())!,
    });
    await previewShows(page, '/influencers');
    await expect(preview(page).getByRole('heading', { name: 'Amara Okafor-Mensah' })).toBeVisible();
  });

  test('previews a form, whose messages can be tried there as they are edited, and which, answered validly, shows its success notification', async ({
    page,
  }) => {
    await openFile(page, 'Forms', 'Contact inquiry');
    await previewShows(page, '/contact');
    const form = JSON.parse(original('config/forms/contact-inquiry.json')) as {
      submit: { label: string };
      messages: { required: string };
      toasts: { success: { title: string } };
    };
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByText(form.messages.required, { exact: true }).first()).toBeVisible();

    await page.locator('#root_messages_required').fill('Please fill this in');
    await page.locator('#root_submit_label').fill('Send it');
    await preview(page).getByRole('button', { name: 'Send it' }).click();
    await expect(preview(page).getByText('Please fill this in', { exact: true }).first()).toBeVisible();
    // Answered validly, the form as edited goes through to its success notification.
    await fillValidInquiry(preview(page));
    await preview(page).getByRole('button', { name: 'Send it' }).click();
    await expect(toasts(preview(page)).getByText(form.toasts.success.title, { exact: true })).toBeVisible();
  });

  test("runs a previewed form's length rules on what is typed, with the configured messages, and, answered validly, shows its success view", async ({
    page,
  }) => {
    await openFile(page, 'Forms', 'Creator application');
    await previewShows(page, '/influencers/apply');
    const form = JSON.parse(original('config/forms/creator-application.json')) as {
      schema: { properties: { fullName: { title: string; errorMessage: { minLength: string } } } };
      submit: { label: string };
      behaviour: { successView: { heading: string } };
    };
    const fullName = form.schema.properties.fullName;
    await preview(page).getByLabel(fullName.title).fill('A');
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByText(fullName.errorMessage.minLength, { exact: true }).first()).toBeVisible();
    await preview(page).getByLabel(fullName.title).fill('Ama Serwaa');
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByText(fullName.errorMessage.minLength, { exact: true })).toHaveCount(0);
    // With every other answer valid too, the application goes through to its success view.
    await fillValidApplication(preview(page));
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByRole('heading', { name: form.behaviour.successView.heading })).toBeVisible();
  });

  test('edits a form as a form: each rule beside its message, the texts offered a changed number, saved as the lines changed', async ({
    page,
  }) => {
    const FORM = 'config/forms/creator-application.json';
    type Field = { title: string; minLength: number; errorMessage: { minLength: string } };
    const form = JSON.parse(original(FORM)) as {
      schema: { properties: Record<string, Field> };
      uiSchema: Record<string, { 'ui:help'?: string }>;
    };
    // The field with a minimum length whose message and help both state it.
    const [name, field] = Object.entries(form.schema.properties).find(
      ([key, candidate]) =>
        candidate.minLength > 1 &&
        candidate.errorMessage.minLength.includes(String(candidate.minLength)) &&
        form.uiSchema[key]?.['ui:help']?.includes(String(candidate.minLength)),
    )!;
    const raised = field.minLength + 30;
    await openFile(page, 'Forms', 'Creator application');
    // The spec's forms only log their answers: the editor says in one folded line that they reach nobody, and what
    // to set is inside, for whoever sets up the site. The problem list stays for what the author can fix.
    const note = page.locator('.editor-main .setup-note');
    await expect(note).toHaveCount(1);
    await expect(note.locator('summary')).toHaveText(
      'What visitors send with this form reaches nobody yet: a developer sets where it goes.',
    );
    await expect(note.getByText('Delivery is not set, so nobody receives what visitors send')).toBeHidden();
    await note.locator('summary').click();
    await expect(note.getByText('Delivery is not set, so nobody receives what visitors send')).toBeVisible();
    await expect(page.locator('.editor-problems')).toHaveCount(0);
    // Nothing of the schema's own vocabulary shows.
    await expect(page.locator('.editor-main')).not.toContainText(
      /ui:|Type: object|FormConfig|minLength|oneOf|Required-1|properties/,
    );
    const card = page.getByRole('group', { name: field.title, exact: true });
    await card.locator('summary').click();
    await expect(card.getByLabel('Message when it is shorter')).toHaveValue(field.errorMessage.minLength);
    await card.getByLabel('At least this many characters').fill(String(raised));
    // The message now disagrees with the rule: the checker says so beside it, and the designer offers the fix.
    await expect(card.locator('.problem-error').first()).toBeVisible();
    await card.getByRole('button', { name: `Change ${field.minLength} to ${raised} in them` }).click();
    await expect(card.getByLabel('Message when it is shorter')).toHaveValue(
      field.errorMessage.minLength.replace(String(field.minLength), String(raised)),
    );
    await expect(card.locator('.problem-error')).toHaveCount(0);
    await previewShows(page, '/influencers/apply');
    await expect(
      preview(page).getByText(form.uiSchema[name]!['ui:help']!.replace(String(field.minLength), String(raised)), {
        exact: true,
      }),
    ).toBeVisible();

    const scrolled = await page.locator('.editor-main').evaluate((main) => main.scrollTop);
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FORM}.`);
    // Saving keeps the author's place: the field stays open, the form where it was.
    await expect(card.getByLabel('At least this many characters')).toBeVisible();
    expect(await page.locator('.editor-main').evaluate((main) => main.scrollTop)).toBe(scrolled);
    const { removed, added } = diffLines(FORM);
    expect(removed).toHaveLength(3);
    expect(added.map((line) => line.includes(String(raised)))).toEqual([true, true, true]);
    expect(errorsOfSite()).toEqual([]);
  });

  test('adds a field named from its label, of the kind chosen, required, shown in the preview and saved valid', async ({
    page,
  }) => {
    const FORM = 'config/forms/contact-inquiry.json';
    await openFile(page, 'Forms', 'Contact inquiry');
    await page.getByRole('button', { name: 'Add a field' }).click();
    const card = page.getByRole('group', { name: 'New field' });
    await expect(card.getByLabel('Label')).toBeFocused();
    await card.getByLabel('Label').fill('Phone Number');
    const added = page.getByRole('group', { name: 'Phone Number', exact: true });
    await expect(added.getByLabel('Name in the answers you receive')).toHaveValue('phoneNumber');
    await added.getByLabel('Kind of answer').selectOption({ label: 'Phone number' });
    await added.getByRole('switch', { name: 'Visitors must answer it' }).check();
    await added.getByLabel('At least this many characters').fill('10');
    // A rule comes with a message, which follows the number as it is typed, until the author writes their own.
    await expect(added.getByLabel('Message when it is shorter')).toHaveValue('Write at least 10 characters.');
    await expect(added.getByLabel('Message when it is shorter')).not.toHaveAttribute('aria-invalid');
    await added.getByLabel('Message when it is shorter').fill('Please give at least 10 digits');
    await page.getByRole('button', { name: 'Move Phone Number up' }).click();
    await previewShows(page, '/contact');
    // The preview's form is compiled anew for each change, which takes seconds on a busy machine.
    await expect(preview(page).getByLabel('Phone Number')).toHaveAttribute('type', 'tel', { timeout: 20_000 });

    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FORM}.`);
    const saved = JSON.parse(onDisk(FORM)) as {
      schema: { required: string[]; properties: Record<string, unknown> };
      uiSchema: Record<string, unknown> & { 'ui:order': string[] };
    };
    expect(saved.schema.properties.phoneNumber).toEqual({
      type: 'string',
      title: 'Phone Number',
      minLength: 10,
      errorMessage: { minLength: 'Please give at least 10 digits' },
    });
    expect(saved.uiSchema.phoneNumber).toEqual({ 'ui:widget': 'tel' });
    expect(saved.schema.required.at(-1)).toBe('phoneNumber');
    expect(saved.uiSchema['ui:order'].at(-2)).toBe('phoneNumber');
    expect(errorsOfSite()).toEqual([]);
  });
});
