/**
 * Uploads on a published app as a visitor meets them, in Debian Chromium against Kiln started like `npm start`
 * with the builtin generator (issue 14): the published gallery's Add photo dialog uploads the chosen image to the
 * app's own origin, the photo appears on the wall from the files origin, and an image over the plan's limit
 * (1 MiB here) shows "Upload failed: File too large.". A form sent to `/api/public-sheet` lands in the
 * Database tab's `public_sheet_rows`, whose Download CSV button hands it to the owner.
 */
import { describe, expect, it } from 'vitest';
import { downloaded, signUp, useBrowser, useKiln } from './harness';

/** A 2×2 PNG (red, green / blue, white). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=',
  'base64',
);

const browser = useBrowser();
const kiln = useKiln({
  env: { KILN_BUILTIN_DELAY_MS: '0', KILN_UPLOAD_LIMITS: JSON.stringify({ FREE: 1024 * 1024 }) },
});

describe('uploads on a published app', () => {
  it('a visitor uploads a photo that appears on the page, one over the limit says the file is too large, and a public sheet reaches the owner as CSV', {
    timeout: 150_000,
  }, async () => {
    const builder = await (await browser().newContext()).newPage();
    await builder.goto(`${kiln().url}/`);
    await builder.waitForURL(/\/login$/);
    await signUp(builder, 'maker@example.com');
    await builder.getByLabel('Describe your app').waitFor();
    // Build and publish through the builder's own API (the generation UI has its own tests).
    const made = await builder.evaluate(async () => {
      const gql = async (query: string, variables: Record<string, unknown>) => {
        const res = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
        return (await res.json()) as { data: Record<string, { id?: string; url?: string }> };
      };
      const id = (
        await gql('mutation($p: String!) { createProject(prompt: $p) { id } }', { p: 'an image gallery' })
      ).data.createProject!.id;
      for (let i = 0; i < 600; i++) {
        const s = await gql('query($id: ID!) { project(id: $id) { latestRevision { status } } }', { id });
        const status = (s.data.project as unknown as { latestRevision: { status: string } }).latestRevision
          .status;
        if (status === 'VALID') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const url = (await gql('mutation($id: ID!) { publishProject(projectId: $id) { url } }', { id })).data
        .publishProject!.url;
      return { id, url };
    });
    const appUrl = made.url;
    expect(appUrl).toMatch(/\.apps\.localhost:\d+\/$/);

    const visitor = await (await browser().newContext()).newPage();
    // The app's first call starts its function process and database; the page gives its first fetch 5 s before
    // it keeps photos in the browser instead, which a loaded machine can exceed. Start them first.
    expect((await visitor.goto(`${appUrl}api/photos`))?.status()).toBe(200);
    await visitor.goto(String(appUrl));
    await visitor.getByText("Photos are saved in the app's database.").waitFor({ timeout: 20_000 });
    await visitor.getByRole('button', { name: 'Add photo' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Add a photo' });
    await dialog
      .locator('input[name="photo"]')
      .setInputFiles({ name: 'red-dot.png', mimeType: 'image/png', buffer: PNG });
    const chosen = dialog.getByRole('img', { name: 'The chosen photo' });
    await chosen.waitFor({ timeout: 20_000 });
    const src = await chosen.getAttribute('src');
    expect(src).toMatch(/^http:\/\/files\.localhost:\d+\/[0-9a-f-]{36}\/$/);
    await dialog.getByLabel('Title').fill('Red dot on the wall');
    // The wall shows the photo at once and saves it in the background: the fresh visitor below is sure to see it
    // once the POST has answered (on a loaded machine it can still be on its way when that visitor loads).
    const saved = visitor.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/photos',
    );
    await dialog.getByRole('button', { name: 'Add to gallery' }).click();
    expect((await saved).status()).toBe(201);

    // The photo is on the wall, its image loaded from the files origin.
    const photo = visitor.getByRole('img', { name: 'Red dot on the wall' });
    await photo.waitFor({ timeout: 20_000 });
    expect(await photo.getAttribute('src')).toBe(src);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(2);
    // It is stored: a fresh visitor sees it too.
    const again = await (await browser().newContext()).newPage();
    await again.goto(String(appUrl));
    await again.getByRole('img', { name: 'Red dot on the wall' }).waitFor({ timeout: 20_000 });

    // Over the plan's limit: the catalogue's message, and nothing is added.
    await visitor.getByRole('button', { name: 'Add photo' }).click();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 0)]);
    await dialog
      .locator('input[name="photo"]')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('Upload failed: File too large.');

    // A public sheet: what a visitor sends shows in the owner's Database tab and comes out as CSV.
    const status = await visitor.evaluate(async () => {
      const res = await fetch('/api/public-sheet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          sheetId: 'newsletter',
          formData: { email: 'ann@example.com', topics: 'trips,cats' },
        }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await builder.goto(`${kiln().url}/projects/${made.id}`);
    await builder.getByRole('tab', { name: 'Database' }).click();
    await builder.getByRole('tab', { name: 'Published data' }).click();
    const sheet = builder.locator('[data-table="public_sheet_rows"]');
    await expect.poll(() => sheet.textContent(), { timeout: 20_000 }).toContain('ann@example.com');
    const [download] = await Promise.all([
      builder.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('submitted_at,sheet_id,email,topics');
    expect(csv).toContain(',newsletter,ann@example.com,"trips,cats"');
  });
});
