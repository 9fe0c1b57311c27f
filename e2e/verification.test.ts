/**
 * Verification after every generation (issue 22), as a person sees it in Debian Chromium against Kiln started
 * like `npm start` with the builtin generator: the first answer carries a passing "Checked in the browser" card
 * whose steps open, whose screenshots are real images that open larger in a dialog (Escape closes it, focus
 * returns), and the card is axe-clean (no serious or critical violation inside it).
 */
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KilnProcess, launchChromium, newProjectFromDashboard, startKilnProcess } from './harness';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser: Browser;
let kiln: KilnProcess | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await kiln?.stop();
  await browser?.close();
});

describe('verification in the chat', () => {
  it('a first generation shows a passing verification report with screenshots', {
    timeout: 180_000,
  }, async () => {
    kiln = await startKilnProcess({ env: { KILN_BUILTIN_DELAY_MS: '0' } });
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    await newProjectFromDashboard(page, kiln.url, 'ada@example.com', 'A todo list app with due dates');

    const log = page.getByRole('log', { name: 'Chat history' });
    const card = log.getByRole('region', { name: 'Verification in the browser' });
    await card.waitFor({ timeout: 60_000 });
    await card.getByText('Checked in the browser: everything worked').waitFor();

    // Collapsed when it passed; the summary opens the steps.
    await card.getByText('Checked in the browser: everything worked').click();
    const steps = card.getByRole('listitem').filter({ hasText: /^Passed: / });
    expect(await steps.count()).toBeGreaterThan(1);
    expect(await card.textContent()).toContain('visit /');

    // Screenshots: real JPEGs, shown as thumbnails.
    const shots = card.getByRole('list', { name: 'Screenshots' }).getByRole('button');
    expect(await shots.count()).toBeGreaterThanOrEqual(2);
    const size = await shots
      .first()
      .locator('img')
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { w: img.naturalWidth, h: img.naturalHeight };
      });
    expect(size.w).toBeGreaterThan(300);

    // A thumbnail opens the screenshot larger; Escape closes it and focus returns to the thumbnail.
    await shots.first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: /The page after visit \/ at desktop width/ }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => shots.first().evaluate((el) => el === document.activeElement), { timeout: 5000 })
      .toBe(true);

    // The card is axe-clean.
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const w = window as unknown as {
        axe: {
          run: (
            context: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      };
      const { violations } = await w.axe.run({ include: [['section.verification']] });
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}×${v.nodes.length} (${v.nodes[0]?.target.join(' ')})`);
    });
    expect(violations).toEqual([]);
  });
});
