/**
 * Editing at npm run edit, read line by line on the disk it writes: list entries, a new service, a new page with its
 * link, a text block. The page is the same at /admin/ (e2e/both-editors/ holds what is tried on both); these run here
 * only, to keep the browser suite within its time, and because they read the exact lines the editor wrote.
 */
import { expect, test } from '../fixtures.ts';
import {
  diffLines,
  errorsOfSite,
  existsOnDisk,
  fileList,
  newPage,
  onDisk,
  openFile,
  original,
  preview,
  previewShows,
  resetEditedSite,
  saveButton,
  status,
  FAQS,
  REFUSED_SAVE_OR_UPLOAD,
} from './editor-page.ts';

test.afterEach(resetEditedSite);

test.describe('the visual editor', () => {
  test.use({ expectedProblem: REFUSED_SAVE_OR_UPLOAD });

  test('shows an emptied text at its own box, and only that box, where the problem list takes the author', async ({
    page,
  }) => {
    await openFile(page, 'Pages', 'Home');
    const headline = page.locator('#root_sections_0_heading');
    await headline.fill('');
    const problems = page.getByRole('region', { name: /problem/ });
    await expect(
      problems.getByRole('button', {
        name: /Error: Heading is empty: write one\. Home › Section 1 \(Full-screen video opening\)/,
      }),
    ).toBeVisible();
    // The message is under the headline's box, and no other field of the block is marked.
    await expect(
      headline.locator('xpath=ancestor::div[contains(@class,"form-group")][1]').locator('.error-detail'),
    ).toContainText('is empty');
    await expect(page.locator('.editor-main .error-detail')).toHaveCount(1);
    await page.locator('#root_sections_1_heading').focus();
    await problems.getByRole('button', { name: /Heading is empty/ }).click();
    await expect(headline).toBeFocused();
    await expect(headline).toBeInViewport();
  });

  test('a link box keeps its problem to itself while the address is being typed, and shows it once the author pauses', async ({
    page,
  }) => {
    // The page's clock is the test's: the pause is stepped through, not waited for.
    await page.clock.install();
    await openFile(page, 'Navigation', 'Navigation');
    const link = page.locator('#root_links_4_href');
    const fieldProblem = link
      .locator('xpath=ancestor::div[contains(@class,"form-group")][1]')
      .locator('> .error-detail');
    await link.fill('');
    // From here the page's time moves only as the test moves it: a busy machine's slow typing or slow check is no pause.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    await link.pressSequentially('/abo');
    await page.clock.runFor(100);
    // The checker has answered (the list at the top says so), but the box does not call a half-typed address wrong.
    await expect(page.getByRole('region', { name: /problem/ })).toContainText('"/abo" is not a page of this site');
    await expect(fieldProblem).toBeHidden();
    await page.clock.runFor(2000);
    await expect(fieldProblem).toBeVisible();
    await expect(fieldProblem).toContainText('is not a page of this site');
    // Finished, the address is a page, and nothing is wrong.
    await link.pressSequentially('ut');
    await page.clock.runFor(2000);
    await expect(page.getByRole('region', { name: /problem/ })).toHaveCount(0);
  });

  test('adds, duplicates, moves and removes list entries, shows them in the preview, and writes only those entries', async ({
    page,
  }) => {
    const before = (JSON.parse(original(FAQS)) as { faqs: { question: string; answer: string }[] }).faqs;
    await openFile(page, 'FAQs', 'FAQs');
    await page.getByRole('button', { name: 'Add an FAQ' }).last().click();
    const added = before.length;
    await page.locator(`#root_faqs_${added}_question`).fill('Can we film in Kumasi?');
    await page.locator(`#root_faqs_${added}_answer`).fill('Yes, anywhere in Ghana.');
    await expect(preview(page).getByText('Can we film in Kumasi?')).toBeVisible();
    // The first entry cannot move up; the second can.
    await page.getByRole('button', { name: 'Move up' }).nth(1).click();
    await page.getByRole('button', { name: 'Duplicate' }).nth(2).click();
    await page.getByRole('button', { name: 'Remove' }).nth(3).click();
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FAQS}.`);
    const saved = (JSON.parse(onDisk(FAQS)) as { faqs: { question: string }[] }).faqs.map((faq) => faq.question);
    // Move up swapped the first two, Duplicate copied the third, Remove dropped that copy: the new one is last.
    expect(saved).toEqual([
      before[1]!.question,
      before[0]!.question,
      ...before.slice(2).map((faq) => faq.question),
      'Can we film in Kumasi?',
    ]);
    expect(errorsOfSite()).toEqual([]);
    // The file keeps its layout: only the moved entry, the comma before the new one, and the new one's lines differ.
    const { removed, added: gained } = diffLines(FAQS);
    expect(removed.length).toBeLessThanOrEqual(5);
    expect(gained).toEqual(expect.arrayContaining([expect.stringContaining('"question": "Can we film in Kumasi?"')]));
    expect(gained.length - removed.length).toBe(4);
  });

  test('removes an entry of a list written on one line, and the list stays on its one line', async ({ page }) => {
    const SERVICES = 'config/collections/services.json';
    const first = (JSON.parse(original(SERVICES)) as { services: { name: string; features: string[] }[] }).services[0]!;
    await openFile(page, 'Services', 'Services');
    await page.locator('#root_services_0_features_1').focus();
    await page.locator('#root_services_0_features').getByRole('button', { name: 'Remove' }).nth(1).click();
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${SERVICES}.`);
    const { removed, added } = diffLines(SERVICES);
    expect([removed.length, added.length]).toEqual([1, 1]);
    expect(JSON.parse(`{${added[0]!.replace(/,$/, '')}}`)).toEqual({
      features: first.features.filter((_, index) => index !== 1),
    });
  });

  test('adds a service by its name, with a drawing chosen in words: its id is made, never shown, and the contact form offers it', async ({
    page,
  }) => {
    const SERVICES = 'config/collections/services.json';
    const count = (JSON.parse(original(SERVICES)) as { services: unknown[] }).services.length;
    await openFile(page, 'Services', 'Services');
    await page.getByRole('button', { name: 'Add a service' }).last().click();
    const field = (name: string) => page.locator(`#root_services_${count}_${name}`);
    const errorUnder = (name: string) =>
      field(name).locator('xpath=ancestor::div[contains(@class,"form-group")][1]').locator('.error-detail');
    // The new service is empty by nature: nothing is called a problem before the author has been in a field.
    await expect(field('name')).toBeVisible();
    await expect(page.locator('.editor-problems')).toHaveCount(0);
    await expect(errorUnder('name')).toHaveCount(0);
    // A field left empty says so once left; the others still wait for the author.
    await field('name').focus();
    await field('summary').focus();
    await expect(errorUnder('name')).toContainText('empty');
    await expect(errorUnder('description')).toHaveCount(0);
    await field('name').fill('Event Coverage');
    await field('summary').fill('Your launch, filmed and shared the same day.');
    await field('description').fill('A crew at your event, and edited clips in your hands before the guests leave.');
    await field('artwork').selectOption({ label: 'A calendar' });
    await page.locator(`#root_services_${count}_features`).getByRole('button', { name: 'Add a feature' }).click();
    await field('features_0').fill('Same-day highlight reels');
    // The id is made from the name: there is no box for it.
    await expect(field('id')).toHaveCount(0);
    await expect(preview(page).getByRole('heading', { name: 'Event Coverage' })).toBeVisible();
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${SERVICES}.`);
    const saved = (
      JSON.parse(onDisk(SERVICES)) as { services: { id: string; name: string; artwork?: string }[] }
    ).services.at(-1);
    expect(saved).toMatchObject({ id: 'event-coverage', name: 'Event Coverage', artwork: 'calendar' });
    expect(errorsOfSite()).toEqual([]);

    // Renamed after saving, it keeps its id: what the contact form sends stays the same.
    await field('name').fill('Event Filming');
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${SERVICES}.`);
    expect(
      (JSON.parse(onDisk(SERVICES)) as { services: { id: string; name: string }[] }).services.at(-1),
    ).toMatchObject({
      id: 'event-coverage',
      name: 'Event Filming',
    });

    // The contact form's choices follow the services with no second edit.
    await openFile(page, 'Pages', 'Contact');
    await expect(preview(page).getByRole('option', { name: 'Event Filming' })).toHaveCount(1);
  });

  test('adds a page with a second section of another kind and a text block written as in an email (subheadings, lists and links in the preview, HTML refused in words), and a link to it in the navigation, routed in the preview, saved valid', async ({
    page,
  }) => {
    await newPage(page, '/team', 'Our Team | {name}');
    await expect(page.getByRole('heading', { name: /^Pages: Our Team/ })).toBeVisible();
    // No example is kept as content: each text to write is empty, shows an example, and is a problem until written.
    await expect(page.locator('#root_description')).toHaveValue('');
    await expect(page.locator('#root_description')).toHaveAttribute('placeholder', /^e\.g\. \S/);
    await expect(page.locator('.editor-problems')).toContainText('Description is empty: write one.');
    await page.locator('#root_description').fill('The people behind our stories.');
    await page.locator('#root_sections_0_text').fill('Producers, strategists and creators in Accra.');
    await page.locator('#root_sections_0_heading').fill('Meet the Team');
    await previewShows(page, '/team');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Meet the Team');

    // A second section, of another kind, picked from the kinds the page schema offers.
    await page.getByRole('button', { name: 'Add a section' }).last().click();
    const kind = page.locator('#root_sections_1__oneof_select');
    await kind.selectOption({
      label: (await kind.locator('option', { hasText: /^Frequently asked questions/ }).textContent())!,
    });
    await page.locator('#root_sections_1_heading').fill('Questions for the team');
    await expect(preview(page).getByRole('heading', { name: 'Questions for the team' })).toBeVisible();

    // A text block, written as in an email.
    await page.getByRole('button', { name: 'Add a section' }).last().click();
    const textKind = page.locator('#root_sections_2__oneof_select');
    await textKind.selectOption({ label: (await textKind.locator('option', { hasText: /^Text: / }).textContent())! });
    const text = page.locator('#root_sections_2_text');
    // Long texts are boxes of several lines, as their schema declares.
    expect(await text.evaluate((box: HTMLTextAreaElement) => [box.tagName, box.rows > 4])).toEqual(['TEXTAREA', true]);
    await text.fill(
      'We are a small team.\n\n## How we work\n\n- Your **story** first\n- Your questions, [answered](/contact)',
    );
    await expect(preview(page).getByRole('heading', { level: 2, name: 'How we work' })).toBeVisible();
    await expect(preview(page).getByRole('main').getByRole('listitem')).toHaveText([
      'Your story first',
      'Your questions, answered',
    ]);
    // The preview serves the site in a folder of its own: the link goes to the contact page there.
    await expect(preview(page).getByRole('link', { name: 'answered' })).toHaveAttribute('href', /\/contact$/);

    await text.fill('We are a <b>small</b> team.');
    await expect(page.locator('.editor-problems')).toContainText(
      'holds HTML ("<b>"), which a text block does not take',
    );
    await expect(page.locator('.editor-main .error-detail').first()).toContainText('Error: Text holds HTML');
    await text.fill('We are a **small** team.');
    await expect(preview(page).locator('strong', { hasText: 'small' })).toBeVisible();

    // A link to it in the navigation.
    await openFile(page, 'Navigation', 'Navigation');
    await page.getByRole('button', { name: 'Add a link' }).first().click();
    const links = (JSON.parse(original('config/navigation.json')) as { links: unknown[] }).links.length;
    await page.locator(`#root_links_${links}_label`).fill('Team');
    // The link field offers the site's pages by name, the new one (not saved yet) among them.
    const offered = await page
      .locator(`#root_links_${links}_href`)
      .evaluate((input: HTMLInputElement) =>
        [...(input.list?.options ?? [])].map((option) => `${option.label} ${option.value}`),
      );
    expect(offered).toEqual(expect.arrayContaining(['About /about', 'Our Team /team']));
    await page.locator(`#root_links_${links}_href`).fill('/team');
    const nav = preview(page).getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Team' }).click();
    await previewShows(page, '/team');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Meet the Team');

    await saveButton(page).click();
    await expect(status(page)).toHaveText(
      /^Saved config\/(navigation\.json, config\/pages\/team\.json|pages\/team\.json, config\/navigation\.json)\.$/,
    );
    expect(existsOnDisk('config/pages/team.json')).toBe(true);
    // The navigation gained the link, written as the links beside it are, and a comma; no other line changed.
    const { removed, added } = diffLines('config/navigation.json');
    expect(removed).toHaveLength(1);
    expect(added).toEqual([`${removed[0]},`, expect.stringMatching(/"label": "Team".*"href": "\/team"/)]);
    expect(errorsOfSite()).toEqual([]);
    await expect(fileList(page).getByRole('button', { name: 'Team', exact: true })).toBeVisible();
  });
});
