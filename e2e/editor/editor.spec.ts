import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { siteFolders } from '../../src/checker/project-folders';
import { validateConfig } from '../../src/checker/validate-config';
import { commitAndPush, git } from '../../src/testing/git-sites';
import { EDITOR_LAUNCH_MARK, EDITOR_SITE_DIR, EDITOR_SITE_GIT, LIVE_SITE_DIR } from '../../src/testing/sites';
import { EDITOR_PORT, EDITOR_PREVIEW_PORT, EDITOR_TOKEN, HOSTILE_PORT, siteUrl } from '../ports';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { fillValidApplication, fillValidInquiry, toasts } from '../spec/answers';
import { PREVIEW_WIDTHS } from '../../src/editor/app/PreviewPane';
import { problemWords } from '../../src/editor/app/problem-words';
import {
  changedLines,
  diffLines,
  errorsOfSite,
  existsOnDisk,
  fileList,
  heldUploads,
  newPage,
  onDisk,
  openFile,
  original,
  preview,
  previewShows,
  resetEditedSite,
  saveButton,
  status,
  validateCommand,
} from './editor-page';

const HOME = 'config/pages/home.json';
const ABOUT = 'config/pages/about.json';

// Git in these tests runs as the editor's does: with settings of its own (share-editor-site.ts), never the machine's.
Object.assign(process.env, {
  GIT_CONFIG_GLOBAL: join(EDITOR_SITE_GIT.settings, 'global.gitconfig'),
  GIT_CONFIG_NOSYSTEM: '1',
});
const FAQS = 'config/collections/faqs.json';

/** A small PNG picture, as an author would drop in. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.afterEach(resetEditedSite);

test.describe('the visual editor', () => {
  // A refused save is answered 409 (changed on disk) or 422 (not valid), and a refused upload 400, which the browser
  // notes in its console.
  test.use({ expectedProblem: /status of (400|409|422)/ });

  test('opens a page file; a changed headline shows in the preview as typed and saves as one line', async ({
    page,
  }) => {
    await page.goto('/');
    // Timed from the click, once the editor has loaded: its list of files, and the site in the preview.
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await preview(page).locator('html[data-preview-drawn]').waitFor({ state: 'attached' });
    // Another page file first: the first form of a fresh browser compiles its schema checks once for the session.
    await fileList(page).getByRole('button', { name: 'About', exact: true }).click();
    await page.locator('#root_sections_0_heading').waitFor();
    const started = Date.now();
    await fileList(page).getByRole('button', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: `Pages: Home ${HOME}` }).waitFor();
    const headline = page.locator('#root_sections_0_heading');
    await headline.waitFor();
    const opened = Date.now() - started;
    // How fast is a bench's question; the test notes it, and checks what the author sees.
    test.info().annotations.push({ type: 'page file opened (ms)', description: String(opened) });
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');

    await headline.fill('Stories That Move Accra');
    const typed = Date.now();
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Stories That Move Accra', {
      timeout: 2000,
    });
    test.info().annotations.push({ type: 'preview after typing (ms)', description: String(Date.now() - typed) });
    // Nothing is written until Save.
    expect(onDisk(HOME)).toBe(original(HOME));

    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(changedLines(HOME)).toEqual(['      "heading": "Stories That Move Accra",']);
    const validated = validateCommand();
    expect(validated).toMatchObject({ code: 0, output: expect.stringContaining('Config is valid') });
  });

  test("shows a mistake at its field in the validator's words, lists it, keeps the preview at the last valid version, and refuses to save it", async ({
    page,
  }) => {
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_route').fill('home');
    const problems = page.getByRole('region', { name: /problem/ });
    const expected = validateConfig(siteFolders(EDITOR_SITE_DIR), {
      unsaved: new Map([['pages/home.json', original(HOME).replace('"route": "/"', '"route": "home"')]]),
    }).problems.find((problem) => problem.file === HOME && problem.path === 'route')!;
    // Said in the form's words, with the file and line in small print for a code editor.
    const said = problemWords(expected, 'Home').sentence;
    await expect(problems).toContainText(`${said} Home · ${HOME}, line ${expected.position.line}`);
    await expect(
      page
        .locator('#root_route')
        .locator('xpath=ancestor::div[contains(@class,"form-group")][1]')
        .locator('.error-detail'),
    ).toHaveText(`Error: ${said}`);
    await expect(page.getByText('The preview shows the last version without errors')).toBeVisible();
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await saveButton(page).click();
    await expect(status(page)).toContainText('Not saved');
    expect(onDisk(HOME)).toBe(original(HOME));
    // The list takes the author to the field.
    await problems.getByRole('button', { name: /Error: Route: / }).click();
    await expect(page.locator('#root_route')).toBeFocused();
    // Fixed, the refusal no longer stands: the status says so.
    await page.locator('#root_route').fill('/');
    await expect(status(page)).toHaveText('The problems are fixed: Save writes your changes.');
    await expect(problems).toHaveCount(0);
  });

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
    await page.getByRole('button', { name: 'Add', exact: true }).last().click();
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
    await page.getByRole('button', { name: 'Add', exact: true }).last().click();
    const field = (name: string) => page.locator(`#root_services_${count}_${name}`);
    await field('name').fill('Event Coverage');
    await field('summary').fill('Your launch, filmed and shared the same day.');
    await field('description').fill('A crew at your event, and edited clips in your hands before the guests leave.');
    await field('artwork').selectOption({ label: 'A calendar' });
    await page.locator(`#root_services_${count}_features`).getByRole('button', { name: 'Add', exact: true }).click();
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

  test('adds a page with two sections and a link to it in the navigation, routed in the preview, saved valid', async ({
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
    await page.getByRole('button', { name: 'Add', exact: true }).last().click();
    const kind = page.locator('#root_sections_1__oneof_select');
    await kind.selectOption({
      label: (await kind.locator('option', { hasText: /^Frequently asked questions/ }).textContent())!,
    });
    await page.locator('#root_sections_1_heading').fill('Questions for the team');
    await expect(preview(page).getByRole('heading', { name: 'Questions for the team' })).toBeVisible();

    // A link to it in the navigation.
    await openFile(page, 'Navigation', 'Navigation');
    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
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
    expect(validateCommand().code).toBe(0);
    await expect(fileList(page).getByRole('button', { name: 'Team', exact: true })).toBeVisible();
  });

  test('writes a text block as in an email: subheadings, lists and links in the preview, HTML refused in words', async ({
    page,
  }) => {
    await newPage(page, '/privacy', 'Privacy | {name}');
    await page.locator('#root_description').fill('What we keep, and why.');
    await page.locator('#root_sections_0_text').fill('What we keep about visitors.');
    await page.locator('#root_sections_0_heading').fill('Privacy');
    await page.getByRole('button', { name: 'Add', exact: true }).last().click();
    const kind = page.locator('#root_sections_1__oneof_select');
    await kind.selectOption({ label: (await kind.locator('option', { hasText: /^Text: / }).textContent())! });
    const text = page.locator('#root_sections_1_text');
    // Long texts are boxes of several lines, as their schema declares.
    expect(await text.evaluate((box: HTMLTextAreaElement) => [box.tagName, box.rows > 4])).toEqual(['TEXTAREA', true]);
    await text.fill('We keep little.\n\n## What we keep\n\n- Your **name**\n- Your email, to [answer you](/contact)');
    await previewShows(page, '/privacy');
    await expect(preview(page).getByRole('heading', { level: 2, name: 'What we keep' })).toBeVisible();
    await expect(preview(page).getByRole('main').getByRole('listitem')).toHaveText([
      'Your name',
      'Your email, to answer you',
    ]);
    // The preview serves the site in a folder of its own: the link goes to the contact page there.
    await expect(preview(page).getByRole('link', { name: 'answer you' })).toHaveAttribute('href', /\/contact$/);

    await text.fill('We keep <b>little</b>.');
    await expect(page.locator('.editor-problems')).toContainText(
      'holds HTML ("<b>"), which a text block does not take',
    );
    await expect(page.locator('.editor-main .error-detail').first()).toContainText('Error: Text holds HTML');
    await text.fill('We keep **little**.');
    await expect(preview(page).locator('strong', { hasText: 'little' })).toBeVisible();
    await saveButton(page).click();
    await expect(status(page)).toHaveText('Saved config/pages/privacy.json.');
    expect(validateCommand().code).toBe(0);
  });

  test('uploads a picture, held out of the site until Save writes the file that uses it, and picks it; refuses a file of the wrong kind in the validator words', async ({
    page,
  }) => {
    const SITE = 'config/site.json';
    const shareImage = (JSON.parse(original(SITE)) as { shareImage: string }).shareImage;
    await openFile(page, 'Site', 'Loom Media');
    await page.locator('#root_shareImage').scrollIntoViewIfNeeded();
    const field = page.locator('#root_shareImage');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    const picker = page.getByRole('dialog', { name: /Choose a picture for “Share image”/ });
    await picker
      .getByLabel(/upload one from your computer/)
      .setInputFiles({ name: 'Team Photo (1).PNG', mimeType: 'image/png', buffer: PNG });
    await expect(picker).toBeHidden();
    await expect(field).toHaveValue('/media/team-photo-1.png');
    // Nothing reaches the site before Save: the upload is held aside, and its glimpse shows from there.
    expect([existsOnDisk('public/media/team-photo-1.png'), heldUploads()]).toEqual([false, ['media/team-photo-1.png']]);
    await expect
      .poll(() =>
        page
          .locator('.media-thumb[src$="/media/team-photo-1.png"]')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    // The file is now among those to pick from, marked as not saved yet; picking another fills the field with it.
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    const uploaded = picker.getByRole('button', { name: /\/media\/team-photo-1\.png/ });
    await expect(uploaded).toHaveAttribute('aria-pressed', 'true');
    await expect(uploaded).toContainText('joins the site when you save');
    await picker.getByRole('button', { name: /\/media\/hero-poster\.jpg/ }).click();
    await expect(field).toHaveValue('/media/hero-poster.jpg');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    await uploaded.click();
    await saveButton(page).click();
    await expect(status(page)).toContainText(`Saved ${SITE}.`);
    expect([existsOnDisk('public/media/team-photo-1.png'), heldUploads()]).toEqual([true, []]);
    // The picture it replaced is no longer used by any page, and the author is told.
    const stillUsed = readdirSync(join(EDITOR_SITE_DIR, 'config'), { recursive: true }).some(
      (path) => String(path).endsWith('.json') && onDisk(`config/${String(path)}`).includes(JSON.stringify(shareImage)),
    );
    if (!stillUsed)
      await expect(status(page)).toContainText(
        `${shareImage} is no longer used by any page: Publish offers to remove it.`,
      );
    expect(validateCommand().code).toBe(0);

    // A picture dropped on the WebM field of the home page's video is refused, and nothing is written.
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_video_webm').scrollIntoViewIfNeeded();
    await page
      .locator('#root_sections_0_video_webm')
      .locator('xpath=ancestor::div[contains(@class,"media-field")][1]')
      .getByRole('button', { name: 'Choose or upload…' })
      .click();
    const videoPicker = page.getByRole('dialog', { name: /Choose a WebM video/ });
    await videoPicker
      .getByLabel(/upload one from your computer/)
      .setInputFiles({ name: 'clip.png', mimeType: 'image/png', buffer: PNG });
    await expect(videoPicker.getByRole('alert')).toHaveText(
      /^clip\.png is not the WebM version of the video, which this field needs\./,
    );
    expect(existsOnDisk('public/media/clip.png')).toBe(false);
    await videoPicker.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('#root_sections_0_video_webm')).toHaveValue('/media/hero.webm');
  });

  test('takes a new MP4 alone as the video, offers to remove the old WebM copy and to make a new still picture, and the preview plays it at once', async ({
    page,
  }) => {
    await openFile(page, 'Pages', 'Home');
    const mp4 = page.locator('#root_sections_0_video_mp4');
    await mp4.scrollIntoViewIfNeeded();
    await mp4
      .locator('xpath=ancestor::div[contains(@class,"media-field")][1]')
      .getByRole('button', { name: 'Choose or upload…' })
      .click();
    const picker = page.getByRole('dialog', { name: /Choose an MP4 video/ });
    await picker.getByLabel(/upload one from your computer/).setInputFiles({
      name: 'Launch.mp4',
      mimeType: 'video/mp4',
      buffer: readFileSync(join(EDITOR_SITE_DIR, 'public/media/hero.mp4')),
    });
    await expect(mp4).toHaveValue('/media/launch.mp4');
    // The preview's video loads the new file straight away.
    await expect(preview(page).locator('video source[type="video/mp4"]')).toHaveAttribute(
      'src',
      /^\/session-[0-9a-f]+\/media\/launch\.mp4$/,
    );
    await expect
      .poll(() =>
        preview(page)
          .locator('video')
          .evaluate((video: HTMLVideoElement) => video.currentSrc),
      )
      .toMatch(/\/media\/(launch\.mp4|hero\.webm)$/);

    const offer = page
      .getByRole('status')
      .filter({ hasText: 'The WebM copy of this video (/media/hero.webm) is another video' });
    await offer.getByRole('button', { name: 'Remove the WebM copy' }).click();
    await expect(page.locator('#root_sections_0_video_webm')).toHaveValue('');
    await expect(offer).toHaveCount(0);
    await expect(preview(page).locator('video source')).toHaveCount(1);
    await expect
      .poll(() =>
        preview(page)
          .locator('video')
          .evaluate((video: HTMLVideoElement) => video.currentSrc),
      )
      .toMatch(/\/media\/launch\.mp4$/);

    // The still picture is still the old video's: the editor says so, and makes one from the new video.
    const poster = page.locator('#root_sections_0_video_poster');
    const hint = page.getByRole('status').filter({ hasText: "The still picture is the old video's" });
    await hint.getByRole('button', { name: 'Make one from the new video' }).click();
    await expect(poster).toHaveValue('/media/launch-poster.jpg');
    await expect(hint).toHaveCount(0);
    expect(existsOnDisk('public/media/launch.mp4')).toBe(false);
    await saveButton(page).click();
    // Saved with the new video in the site; the two old copies, which no page names any more, are pointed out.
    await expect(status(page)).toHaveText(
      `Saved ${HOME}. /media/hero.webm, /media/hero.mp4 are no longer used by any page: Publish offers to remove them.`,
    );
    expect(existsOnDisk('public/media/launch.mp4')).toBe(true);
    expect(JSON.parse(onDisk(HOME)).sections[0].video).toMatchObject({
      mp4: '/media/launch.mp4',
      poster: '/media/launch-poster.jpg',
    });
    expect(existsOnDisk('public/media/launch-poster.jpg')).toBe(true);
    expect(JSON.parse(onDisk(HOME)).sections[0].video.webm).toBeUndefined();
    expect(validateCommand().code).toBe(0);
  });

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
    const pages = page.locator('.preview-bar select');
    await pages.selectOption({
      label: (await pages.locator('option', { hasText: /\(\/influencers\)$/ }).textContent())!,
    });
    await previewShows(page, '/influencers');
    await expect(preview(page).getByRole('heading', { name: 'Amara Okafor-Mensah' })).toBeVisible();
  });

  test('previews a form, whose messages can be tried there as they are edited', async ({ page }) => {
    await openFile(page, 'Forms', 'Contact inquiry');
    await previewShows(page, '/contact');
    const form = JSON.parse(original('config/forms/contact-inquiry.json')) as {
      submit: { label: string };
      messages: { required: string };
    };
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByText(form.messages.required, { exact: true }).first()).toBeVisible();

    await page.locator('#root_messages_required').fill('Please fill this in');
    await page.locator('#root_submit_label').fill('Send it');
    await preview(page).getByRole('button', { name: 'Send it' }).click();
    await expect(preview(page).getByText('Please fill this in', { exact: true }).first()).toBeVisible();
  });

  test("runs a previewed form's length rules on what is typed, with the configured messages", async ({ page }) => {
    await openFile(page, 'Forms', 'Creator application');
    await previewShows(page, '/influencers/apply');
    const form = JSON.parse(original('config/forms/creator-application.json')) as {
      schema: { properties: { fullName: { title: string; errorMessage: { minLength: string } } } };
      submit: { label: string };
    };
    const fullName = form.schema.properties.fullName;
    await preview(page).getByLabel(fullName.title).fill('A');
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByText(fullName.errorMessage.minLength, { exact: true }).first()).toBeVisible();
    await preview(page).getByLabel(fullName.title).fill('Ama Serwaa');
    await preview(page).getByRole('button', { name: form.submit.label }).click();
    await expect(preview(page).getByText(fullName.errorMessage.minLength, { exact: true })).toHaveCount(0);
  });

  test('takes both previewed forms, answered validly, to their success notification and view', async ({ page }) => {
    const contact = JSON.parse(original('config/forms/contact-inquiry.json')) as {
      submit: { label: string };
      toasts: { success: { title: string } };
    };
    await openFile(page, 'Forms', 'Contact inquiry');
    await previewShows(page, '/contact');
    await fillValidInquiry(preview(page));
    await preview(page).getByRole('button', { name: contact.submit.label }).click();
    await expect(toasts(preview(page)).getByText(contact.toasts.success.title, { exact: true })).toBeVisible();

    const application = JSON.parse(original('config/forms/creator-application.json')) as {
      submit: { label: string };
      behaviour: { successView: { heading: string } };
    };
    await openFile(page, 'Forms', 'Creator application');
    await previewShows(page, '/influencers/apply');
    await fillValidApplication(preview(page));
    await preview(page).getByRole('button', { name: application.submit.label }).click();
    await expect(preview(page).getByRole('heading', { name: application.behaviour.successView.heading })).toBeVisible();
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
    // The spec's forms only log their answers: the editor warns that they reach nobody, and says what to set.
    await expect(page.locator('.editor-problems .problem-warning').filter({ hasText: FORM })).toContainText(
      'Delivery is not set, so nobody receives what visitors send',
    );
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
    await expect(status(page)).toHaveText(`Saved ${FORM}. With 1 warning to check, listed above.`);
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
    // A rule without its message cannot be saved: the checker says so at the message's input.
    await expect(added.getByLabel('Message when it is shorter')).toHaveAttribute('aria-invalid', 'true');
    await added.getByLabel('Message when it is shorter').fill('Please give at least 10 digits');
    await page.getByRole('button', { name: 'Move Phone Number up' }).click();
    await previewShows(page, '/contact');
    await expect(preview(page).getByLabel('Phone Number')).toHaveAttribute('type', 'tel');

    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FORM}. With 1 warning to check, listed above.`);
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

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('edits and saves by touch at 390 × 844, one part at a time, with nothing wider than the screen', async ({
      page,
    }) => {
      const nothingSideways = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const show = (part: string) =>
        page.getByRole('group', { name: 'Show' }).getByRole('button', { name: part, exact: true });
      await page.goto('/');
      await expect(status(page)).toHaveText('Choose a file to edit.');
      await nothingSideways();
      await fileList(page).getByRole('button', { name: 'Home', exact: true }).tap();
      const headline = page.locator('#root_sections_0_heading');
      await expect(headline).toBeVisible();
      await expect(fileList(page)).toBeHidden();
      await headline.fill('Stories That Move Accra');
      await nothingSideways();

      await show('Preview').tap();
      await expect(show('Preview')).toHaveAttribute('aria-pressed', 'true');
      await expect(headline).toBeHidden();
      await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Stories That Move Accra');
      await expect(
        page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await nothingSideways();

      await show('Edit').tap();
      await saveButton(page).tap();
      await expect(status(page)).toHaveText(`Saved ${HOME}.`);
      expect(changedLines(HOME)).toEqual(['      "heading": "Stories That Move Accra",']);
      // Every control on screen is large enough for a finger.
      const small = await page
        .locator('button:visible, select:visible, input:visible')
        .evaluateAll((controls) =>
          controls
            .filter(
              (control) =>
                control.getBoundingClientRect().height < 24 ||
                (control.tagName !== 'INPUT' && control.getBoundingClientRect().height < 44),
            )
            .map((control) => control.outerHTML.slice(0, 80)),
        );
      expect(small).toEqual([]);
      await show('Files').tap();
      await expect(fileList(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('designs a form by touch at 390 px: a field opens, its rule changes, nothing is wider than the screen, axe finds nothing', async ({
      page,
    }) => {
      await page.goto('/');
      await fileList(page).getByRole('button', { name: 'Creator application', exact: true }).tap();
      const card = page.locator('.designer-field').first();
      await card.locator('summary').tap();
      await card.getByLabel('At most this many characters').fill('120');
      await expect(card.locator('.designer-offer')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
    });

    test('opens every file at 360 px with nothing wider than the screen', async ({ page }) => {
      // Every file of the site, one after another: about 25 s alone, more on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      await expect(status(page)).toHaveText('Choose a file to edit.');
      const files = fileList(page).locator('li button');
      const count = await files.count();
      expect(count).toBeGreaterThan(10);
      for (let index = 0; index < count; index++) {
        await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Files', exact: true }).tap();
        const name = (await files.nth(index).textContent())!;
        await files.nth(index).tap();
        await expect(page.locator('#file-heading')).toBeVisible();
        expect([name, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([name, 360]);
      }
    });
  });

  test('shows the preview at phone and desktop widths', async ({ page }) => {
    await openFile(page, 'Pages', 'About');
    // Read inside the frame: the preview is another origin, which the editor's page itself cannot look into.
    const width = () =>
      preview(page)
        .locator('html')
        .evaluate(() => window.innerWidth);
    expect(await width()).toBe(PREVIEW_WIDTHS.Desktop);
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await expect.poll(width).toBe(PREVIEW_WIDTHS.Phone);
    await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('undoes and redoes changes, in the form and in the preview', async ({ page }) => {
    await openFile(page, 'Pages', 'Home');
    const headline = page.locator('#root_sections_0_heading');
    await headline.fill('First try');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('First try');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue('Weaving Stories Into Impact');
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText('Weaving Stories Into Impact');
    await expect(saveButton(page)).toBeDisabled();
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(headline).toHaveValue('First try');
  });

  test('takes typing back a word at a time, and undoes a saved change after Save', async ({ page }) => {
    await page.clock.install();
    await openFile(page, 'Pages', 'Home');
    const headline = page.locator('#root_sections_0_heading');
    const before = await headline.inputValue();
    await headline.press('End');
    // The word is typed while the page's time stands still: on a busy machine, a slow key is not the author's pause.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    await headline.pressSequentially(' Always', { delay: 30 });
    await page.clock.resume();
    await expect(preview(page).getByRole('heading', { level: 1 })).toHaveText(`${before} Always`);
    // One word typed is one step back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue(before);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(headline).toHaveValue(`${before} Always`);
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(JSON.parse(onDisk(HOME)).sections[0].heading).toBe(`${before} Always`);
    // After Save, Undo still takes the change back, as a change to save.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(headline).toHaveValue(before);
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    expect(JSON.parse(onDisk(HOME)).sections[0].heading).toBe(before);
  });

  test('never overwrites a file changed on disk while it was open: shows both versions', async ({ page }) => {
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_heading').fill('Mine');
    writeFileSync(join(EDITOR_SITE_DIR, HOME), original(HOME).replace('Weaving Stories Into Impact', 'Theirs'));
    await saveButton(page).click();
    const conflict = page.getByRole('region', { name: `Conflict in ${HOME}` });
    await expect(conflict).toContainText('"heading": "Theirs"');
    await expect(conflict).toContainText('"heading": "Mine"');
    expect(onDisk(HOME)).toContain('Theirs');
  });

  test('keeps unsaved changes, new files included, through a reload, and asks before the tab closes', async ({
    page,
  }) => {
    await openFile(page, 'Pages', 'Home');
    await page.locator('#root_sections_0_heading').fill('Not yet saved');
    await page.getByRole('button', { name: 'New influencer' }).click();
    await page.getByRole('dialog', { name: 'A new influencer' }).getByLabel('Name').fill('Kojo Mensah');
    await page.getByRole('dialog', { name: 'A new influencer' }).getByRole('button', { name: 'Create' }).click();
    await expect(saveButton(page)).toHaveText('Save (2 files)');

    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await expect(status(page)).toContainText('Restored your unsaved changes');
    await expect(saveButton(page)).toHaveText('Save (2 files)');
    await openFile(page, 'Pages', 'Home');
    await expect(page.locator('#root_sections_0_heading')).toHaveValue('Not yet saved');
    expect(onDisk(HOME)).toBe(original(HOME));
  });

  test('passes axe with a page open, and with the new-page and media dialogs open', async ({ page }) => {
    // Four scans of the whole editor, each several seconds on a busy two-core machine.
    test.setTimeout(90_000);
    await openFile(page, 'Pages', 'Home');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'New page' }).click();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Choose or upload…' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    // The form designer, with a field open and a problem shown.
    await openFile(page, 'Forms', 'Creator application');
    await page.locator('.designer-field summary').first().click();
    await page.locator('.designer-field').first().getByLabel('Label').fill('');
    await expect(page.locator('.designer-field .problem-error').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('can be used with the keyboard alone: open a file, edit it, make a page', async ({ page }) => {
    await page.goto('/');
    await fileList(page).getByRole('button', { name: 'New page' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'A new page' });
    await expect(dialog.getByLabel('Address')).toBeFocused();
    await page.keyboard.type('/press');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Press | {name}');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Pages: Press/ })).toBeVisible();
    await page.locator('#root_title').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('#root_description')).toBeFocused();
  });

  test('finds a file by its name or path among all of them', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Find a file').fill('contact');
    const shown = fileList(page).getByRole('listitem');
    await expect(shown).not.toHaveCount(0);
    for (const text of await shown
      .locator('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => `${button.textContent} ${button.getAttribute('title')}`.toLowerCase()),
      )) {
      expect(text).toContain('contact');
    }
    await expect(fileList(page).getByRole('region', { name: 'Site' })).toHaveCount(0);
    // A page is listed by its name, and found by its address too.
    await page.getByLabel('Find a file').fill('/influencers/apply');
    await expect(fileList(page).locator('li button')).toHaveText(['Apply to Join Our Network']);
  });
});

test.describe('deleting in the editor', () => {
  test('deletes a page after naming what points to it, points those links elsewhere, and leaves the site valid', async ({
    page,
  }) => {
    await openFile(page, 'Pages', 'About');
    await page.getByRole('button', { name: 'Delete About' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete About?' });
    await expect(dialog).toContainText('Its address, /about, will show');
    // The menu's link to it is named before anything is removed.
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(/places? points? to it/);
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Navigation' })).toHaveText([
      /^Navigation › Link \d+ \(About\)$/,
    ]);
    await expectNoAxeViolations(page);
    expect(existsOnDisk(ABOUT)).toBe(true);

    await dialog.getByLabel('Point them to another page').check();
    await dialog.getByLabel('The page they point to instead').selectOption('/contact');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(status(page)).toContainText('Deleted About Us page.');
    await expect(status(page)).toContainText('now point');
    expect(existsOnDisk(ABOUT)).toBe(false);
    expect(onDisk('config/navigation.json')).toContain('{ "label": "About", "href": "/contact" }');
    await expect(fileList(page).getByRole('button', { name: 'About', exact: true })).toHaveCount(0);
    expect(errorsOfSite()).toEqual([]);
  });

  test('follows files that appear or disappear on disk, closing an open one that was removed', async ({ page }) => {
    await openFile(page, 'Lists of points', 'Values');
    const awards = join(EDITOR_SITE_DIR, 'config/collections/awards.json');
    writeFileSync(
      awards,
      `${JSON.stringify({ $schema: '../../schemas/collections/points.schema.json', points: [{ title: 'Best Agency', text: 'Accra, 2025.' }] }, null, 2)}\n`,
    );
    await expect(fileList(page).getByRole('button', { name: 'Awards', exact: true })).toBeVisible({ timeout: 15_000 });
    rmSync(join(EDITOR_SITE_DIR, 'config/collections/values.json'));
    await expect(fileList(page).getByRole('button', { name: 'Values', exact: true })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(status(page)).toHaveText('config/collections/values.json was removed outside the editor.');
    await expect(page.getByRole('heading', { name: /^Lists of points: Values/ })).toHaveCount(0);
  });
});

test.describe("the editor's guards, as a hostile page or program would try them", () => {
  const editorOrigin = siteUrl(EDITOR_PORT);
  const previewOrigin = siteUrl(EDITOR_PREVIEW_PORT);
  /** Every file of the edited site, to prove that nothing was written. */
  const snapshot = () =>
    readdirSync(EDITOR_SITE_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map(
        (entry) =>
          `${join(entry.parentPath, entry.name)} ${readFileSync(join(entry.parentPath, entry.name)).toString('base64')}`,
      )
      .sort();

  test('opens only from the address npm run edit printed, keeps its token out of the address bar, and says what to do without it', async ({
    browser,
  }) => {
    // A browser that never opened the editor: nothing stored.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(`${editorOrigin}/`);
    await expect(status(page)).toHaveText(/^This editor needs the address npm run edit printed in its terminal/);
    await page.goto(`${editorOrigin}/#token=${EDITOR_TOKEN}`);
    await expect(status(page)).toHaveText('Choose a file to edit.');
    expect(page.url()).toBe(`${editorOrigin}/`);
    // A reload keeps working: the token stays in the editor's own storage.
    await page.reload();
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await context.close();
  });

  test('a page of another local server can neither read the editor, its token or its files, nor write, upload or launch a program', async ({
    browser,
  }) => {
    const before = snapshot();
    // The page a hostile site (or any other local dev server) would serve: it tries every way in it has.
    const attack = `
      const editor = ${JSON.stringify(editorOrigin)};
      const preview = ${JSON.stringify(previewOrigin)};
      const outcome = (promise) => promise.then((response) => response.type === 'opaque' ? 'sent blind' : 'read ' + response.status, () => 'blocked');
      const change = JSON.stringify({ changes: [{ path: ${JSON.stringify(HOME)}, data: { hacked: true }, baseVersion: null }] });
      const loaded = (tag, src) => new Promise((resolve) => { const element = document.createElement(tag); element.onload = () => resolve('loaded'); element.onerror = () => resolve('blocked'); element.src = src; document.body.append(element); });
      window.results = (async () => ({
        'the editor page': await outcome(fetch(editor + '/')),
        "the editor's code": await outcome(fetch(editor + '/@fs${join(LIVE_SITE_DIR, 'src/editor/app/api.ts')}')),
        'the file list': await outcome(fetch(editor + '/api/files', { headers: { 'x-editor-token': 'guess' } })),
        "the preview's data": await outcome(fetch(preview + '/data/influencers.json')),
        'a save, blind': await outcome(fetch(editor + '/api/save', { method: 'POST', mode: 'no-cors', body: change, headers: { 'content-type': 'text/plain' } })),
        'an upload, blind': await outcome(fetch(editor + '/api/media?name=x.png&accept=image', { method: 'POST', mode: 'no-cors', body: 'x' })),
        'a save through a dot segment': await outcome(fetch(editor + '/media/%2e%2e/api/save', { method: 'POST', mode: 'no-cors', body: change })),
        'open-in-editor as a picture': await loaded('img', editor + '/__open-in-editor?file=package.json'),
        "the editor's page as a script": await loaded('script', editor + '/'),
      }))();
    `;
    const hostile = createServer((request, response) => {
      if (request.url === '/attack.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(attack);
      else
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><title>Hostile</title><iframe src="${editorOrigin}/"></iframe><script src="/attack.js"></script>`,
          );
    });
    await new Promise<void>((resolve) => hostile.listen(HOSTILE_PORT, '127.0.0.1', resolve));
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{ origin: editorOrigin, localStorage: [{ name: 'editor-session-token', value: EDITOR_TOKEN }] }],
      },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl(HOSTILE_PORT)}/`);
      const results = await page.evaluate(
        () => (window as unknown as { results: Promise<Record<string, string>> }).results,
      );
      expect(results).toEqual({
        'the editor page': 'blocked',
        "the editor's code": 'blocked',
        'the file list': 'blocked',
        "the preview's data": 'blocked',
        'a save, blind': 'sent blind',
        'an upload, blind': 'sent blind',
        'a save through a dot segment': 'sent blind',
        'open-in-editor as a picture': 'blocked',
        "the editor's page as a script": 'blocked',
      });
      // The editor refuses to be framed by another page: its frame shows no editor.
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      await expect(frame.locator('.editor-status')).toHaveCount(0);
      // What was sent blind changed nothing, and no program was launched.
      expect(snapshot()).toEqual(before);
      expect(existsSync(EDITOR_LAUNCH_MARK)).toBe(false);
    } finally {
      await context.close();
      await new Promise((resolve) => hostile.close(resolve));
    }
  });

  test('another local server the browser visits is given nothing that shows the preview, its drafts or the media', async ({
    page,
  }) => {
    // The author at work: a draft of an influencer's bio, shown in the preview.
    await openFile(page, 'Influencers', 'Influencers');
    await page.locator('#root_influencers_0_name').focus();
    await page.locator('#root_influencers_0_bio').fill('A draft bio that is not saved yet');
    // The preview draws the profile once the draft has been checked: seconds on a busy machine.
    await expect(preview(page).getByText('A draft bio that is not saved yet')).toBeVisible({ timeout: 20_000 });
    // Another server on this machine, visited in the same browser: it keeps whatever the browser sends it.
    const received: Record<string, string | string[] | undefined>[] = [];
    const other = createServer((request, response) => {
      received.push(request.headers);
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Another local server</title><img src="/pixel.png">');
    });
    await new Promise<void>((resolve) => other.listen(HOSTILE_PORT, '127.0.0.1', resolve));
    try {
      const visit = await page.context().newPage();
      await visit.goto(`${siteUrl(HOSTILE_PORT)}/`);
      await visit.close();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    expect(received.length).toBeGreaterThan(0);
    // No cookie at all: nothing the editor gives is sent to other ports.
    expect(received.map((headers) => headers.cookie).filter(Boolean)).toEqual([]);
    // What it received, replayed on every route that shows the site being edited, reads nothing.
    const replayed = received.map((headers) => ({
      ...(headers.cookie ? { cookie: String(headers.cookie) } : {}),
      'user-agent': String(headers['user-agent']),
    }));
    for (const headers of replayed) {
      for (const [origin, path] of [
        [previewOrigin, '/'],
        [previewOrigin, '/data/influencers/1.json'],
        [previewOrigin, '/media/hero-poster.jpg'],
        [editorOrigin, '/media/hero-poster.jpg'],
      ] as const) {
        const answer = await fetch(`${origin}${path}`, { headers });
        expect(answer.status, `${origin}${path}`).toBeGreaterThanOrEqual(400);
        expect(await answer.text()).not.toContain('A draft bio');
      }
    }
    // The preview's address holds the session's folder, which only the editor's page gave it.
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${previewOrigin}/session-`));
    expect(frame).toBeDefined();
    expect(await frame!.evaluate(() => document.cookie)).toBe('');
  });

  test("the preview, another origin, can reach neither the editor's page nor its token", async ({ page }) => {
    await page.goto('/');
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await preview(page).locator('html[data-preview-drawn]').waitFor({ state: 'attached' });
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${previewOrigin}/`))!;
    const reach = await frame.evaluate(() => {
      let parentDocument: string;
      try {
        parentDocument = parent.document.title;
      } catch {
        parentDocument = 'blocked';
      }
      return { parentDocument, token: localStorage.getItem('editor-session-token'), origin: location.origin };
    });
    expect(reach).toEqual({ parentDocument: 'blocked', token: null, origin: previewOrigin });
    // Its frame may run the site's scripts, and nothing more.
    expect(await page.locator('iframe[title^="Preview of"]').getAttribute('sandbox')).not.toContain(
      'allow-top-navigation',
    );
    const policy = (await page.request.get('/')).headers()['content-security-policy'];
    expect(policy).toContain(`frame-src ${previewOrigin}`);
    expect(policy).toContain("script-src 'self'");
  });
});

// Last: it publishes, so the site's history moves on from the spec site the other tests start from.
const live = (file: string) =>
  JSON.parse(git(EDITOR_SITE_GIT.remote, 'show', `main:${file}`)) as { title: string; sections: { heading: string }[] };

test.describe('publishing from the editor', () => {
  // A refusal or a question (a teammate changed the same field) is answered 409, which the browser notes.
  test.use({ expectedProblem: /status of 409/ });

  test("an author publishes two changes from the button, gets a teammate's change and undoes one of their own, without a terminal", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/');
    await expect(status(page)).toHaveText('Choose a file to edit.');
    await fileList(page).getByRole('button', { name: 'Home', exact: true }).click();
    const headingBefore = (JSON.parse(onDisk(HOME)) as { sections: { heading: string }[] }).sections[0]!.heading;
    const changeWords = `Home page: heading of "${headingBefore}" changed`;
    await page.locator('#root_sections_0_heading').fill('Stories That Move Accra');
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${HOME}.`);
    // A second change, published with the first.
    await openFile(page, 'FAQs', 'FAQs');
    await page.locator('#root_faqs_0_question').fill('How fast can you start?');
    await saveButton(page).click();
    await expect(status(page)).toHaveText(`Saved ${FAQS}.`);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Publish' });
    // Git on this computer has no name yet: asked once.
    await panel.getByLabel('Your name').fill('Ama Mensah');
    await panel.getByLabel('Your email').fill('ama@loommedia.example');
    await panel.getByRole('button', { name: 'Save my name' }).click();
    await expect(panel.getByRole('checkbox', { name: changeWords })).toBeChecked();
    await expect(panel.getByLabel('What you changed, for your colleagues')).toHaveValue(
      new RegExp(changeWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await panel.getByLabel('What you changed, for your colleagues').fill('A headline for the new season');
    await panel.getByRole('button', { name: 'Publish to the live site' }).click();
    await expect(panel.getByText('Your changes are on their way: the site updates in about 2 minutes.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel.getByText('Nothing: every saved change is live.')).toBeVisible();
    expect(live(HOME).sections[0]!.heading).toBe('Stories That Move Accra');
    expect(git(EDITOR_SITE_GIT.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(
      'Ama Mensah|A headline for the new season',
    );
    expect(git(EDITOR_SITE_GIT.remote, 'diff', '--name-only', 'main~1', 'main')).toBe(`${FAQS}\n${HOME}`);
    await panel.getByRole('button', { name: 'Close' }).click();

    // A teammate publishes a change to another page; the author brings it in.
    git(EDITOR_SITE_GIT.teammate, 'pull', '--quiet', '--ff-only');
    const about = JSON.parse(git(EDITOR_SITE_GIT.teammate, 'show', `HEAD:${ABOUT}`)) as { title: string };
    about.title = 'About the Team | {name}';
    writeFileSync(join(EDITOR_SITE_GIT.teammate, ABOUT), `${JSON.stringify(about, null, 2)}\n`);
    commitAndPush(EDITOR_SITE_GIT.teammate, 'Kofi Boateng', 'About page: title changed');
    await page.getByRole('button', { name: 'Get latest changes' }).click();
    const latest = page.getByRole('dialog', { name: 'Get latest changes' });
    await expect(latest.getByText('About page: title changed')).toBeVisible({ timeout: 20_000 });
    expect(JSON.parse(onDisk(ABOUT)).title).toBe('About the Team | {name}');
    await latest.getByRole('button', { name: 'Close' }).click();

    // The author undoes one of their two changes from the history; the other stays live.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History of the live site' });
    await expect(history.getByText('Kofi Boateng,')).toBeVisible();
    await expect(history.getByText(changeWords)).toBeVisible();
    await expect(history.getByRole('button', { name: 'Undo this change: A headline for the new season' })).toHaveText(
      'Undo all 2 changes',
    );
    await history.getByRole('button', { name: `Undo only: ${changeWords}` }).click();
    await expect(history.getByText('Your changes are on their way: the site updates in about 2 minutes.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(history.getByText(`Undo: ${changeWords}`).first()).toBeVisible();
    expect(live(HOME).sections[0]!.heading).toBe(JSON.parse(original(HOME)).sections[0].heading);
    expect((live(FAQS) as unknown as { faqs: { question: string }[] }).faqs[0]!.question).toBe(
      'How fast can you start?',
    );
    expect(live(ABOUT).title).toBe('About the Team | {name}');
    expect(git(EDITOR_SITE_GIT.remote, 'log', '--format=%an|%s', 'main').split('\n').slice(0, 3)).toEqual([
      `Ama Mensah|Undo: ${changeWords}`,
      'Kofi Boateng|About page: title changed',
      'Ama Mensah|A headline for the new season',
    ]);
    // The author's copy is the live site, valid, with nothing left over.
    expect(git(EDITOR_SITE_DIR, 'status', '--porcelain')).toBe('');
    expect(validateCommand().code).toBe(0);
  });
});
