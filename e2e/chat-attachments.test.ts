/**
 * Attaching an image to a chat message (issue 21: "a screenshot of what to build"), as a person does it in
 * Debian Chromium against Kiln started like `npm start` with the builtin generator: the image button opens the
 * file chooser; a text file is refused with the reason shown; a PNG shows as a thumbnail with a remove button;
 * the message is sent with it; the image shows in the user's message (loaded from the server, for members
 * only) and again after a reload; the builtin generator's answer says it got the image without pretending to
 * read it. axe-core finds no serious or critical violation with a thumbnail waiting and with the sent image.
 * The dashboard's first prompt takes images the same way (before the project exists), and so does a plan-mode
 * (Discuss) question; the builtin model's answers say it received them.
 */
import { BUILTIN_IMAGES_NOTE } from '@kiln/codegen';
import { CHAT_ATTACHMENT_MESSAGES } from '@kiln/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeApp,
  launchChromium,
  newProjectFromDashboard,
  signUp,
  useSharedKiln,
} from './harness';

/** An 8×8 PNG: a real image, typed by its bytes on the server. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4EaCBFTEMLQkAaplQAc/OcKAAAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
const kiln = useSharedKiln();

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Picks files through the Attach images button's file chooser. */
async function attachThroughChooser(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach images' }).click();
  await (await chooser).setFiles(files);
}

describe('chat attachments in the builder', () => {
  it('attaches a screenshot, shows its thumbnail, sends it, and shows it in the chat after a reload', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await newProjectFromDashboard(page, kiln().url, 'pic@example.com', 'A landing page for a bakery');
    const chat = page.getByRole('complementary', { name: 'Chat' });
    const log = chat.getByRole('log', { name: 'Chat history' });

    // A text file is refused at once, with the reason on screen.
    await attachThroughChooser(page, [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    ]);
    await chat.getByRole('alert').filter({ hasText: CHAT_ATTACHMENT_MESSAGES.wrongType }).waitFor();

    // A PNG: a thumbnail with its remove button, and the limits in words.
    await attachThroughChooser(page, [{ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG }]);
    const waiting = chat.getByRole('list', { name: 'Images to send' });
    await waiting.getByRole('img', { name: 'Attachment 1: screenshot.png' }).waitFor();
    await waiting.getByRole('button', { name: 'Remove image 1: screenshot.png' }).waitFor();
    await waiting.getByText(/Up to 4 images, 5 MiB each/).waitFor();
    // Uploaded: the spinner is gone.
    await expect.poll(() => waiting.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Sent with the message: the thumbnails leave the composer, the image shows in the user's bubble.
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill('Make the header look like this screenshot');
    await box.press('Enter');
    const sent = log.getByRole('img', { name: 'Attachment 1' });
    await sent.waitFor({ timeout: 30_000 });
    await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => sent.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 20_000,
      })
      .toBe(8);
    // The builtin generator says it got the image and built from the words.
    await log.getByText(BUILTIN_IMAGES_NOTE(1)).waitFor({ timeout: 90_000 });
    await page
      .getByTestId('revision-status')
      .filter({ hasText: /^VALID$/ })
      .waitFor({ state: 'attached', timeout: 90_000 });
    expect(await axeViolations(page)).toEqual([]);

    // After a reload the image is still there, served to this member by the builder origin.
    await page.reload();
    const again = page
      .getByRole('complementary', { name: 'Chat' })
      .getByRole('log', { name: 'Chat history' })
      .getByRole('img', { name: 'Attachment 1' });
    await again.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => again.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 20_000,
      })
      .toBe(8);
    const src = await again.getAttribute('src');
    expect(src).toMatch(/^\/api\/projects\/[0-9a-f-]{36}\/attachments\/[0-9a-f-]{36}$/);

    // Someone signed out (another browser context) cannot read it.
    const stranger = await browser.newContext();
    const res = await stranger.request.get(`${kiln().url}${src}`);
    expect(res.status()).toBe(401);
    await stranger.close();
    await context.close();
  });

  it('takes images in the first prompt on the dashboard and in a plan-mode question', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${kiln().url}/`);
    await page.waitForURL(/\/login$/);
    await signUp(page, 'first-pic@example.com');

    // The dashboard's prompt box: the same button, thumbnails and remove as the workspace composer.
    await attachThroughChooser(page, [
      { name: 'sketch.png', mimeType: 'image/png', buffer: PNG },
      { name: 'other.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const waiting = page.getByRole('list', { name: 'Images to send' });
    await waiting.getByRole('img', { name: 'Attachment 2: other.png' }).waitFor();
    await waiting.getByRole('button', { name: 'Remove image 2: other.png' }).click();
    await expect.poll(() => waiting.getByRole('img').count()).toBe(1);
    await expect.poll(() => waiting.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await describeApp(page, 'A landing page for a bakery like this sketch');

    // The first message carries the image, and the model got it with the prompt.
    const chat = page.getByRole('complementary', { name: 'Chat' });
    const log = chat.getByRole('log', { name: 'Chat history' });
    const first = log.getByRole('img', { name: 'Attachment 1' });
    await first.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 20_000,
      })
      .toBe(8);
    await log.getByText(BUILTIN_IMAGES_NOTE(1)).waitFor({ timeout: 90_000 });
    await page
      .getByTestId('revision-status')
      .filter({ hasText: /^VALID$/ })
      .waitFor({ state: 'attached', timeout: 90_000 });

    // Plan mode (Discuss): the image button stays, the question goes with its image, the answer says so.
    await chat.getByRole('radio', { name: 'Discuss' }).click();
    await attachThroughChooser(page, [{ name: 'idea.png', mimeType: 'image/png', buffer: PNG }]);
    const composerImages = chat.getByRole('list', { name: 'Images to send' });
    await expect
      .poll(() => composerImages.locator('[aria-busy="true"]').count(), { timeout: 20_000 })
      .toBe(0);
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill('How would you add this section?');
    await chat.getByRole('button', { name: 'Send question' }).click();
    await expect.poll(() => log.getByText(BUILTIN_IMAGES_NOTE(1)).count(), { timeout: 90_000 }).toBe(2);
    await expect.poll(() => log.getByRole('img', { name: 'Attachment 1' }).count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
