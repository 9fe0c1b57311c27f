/**
 * Verification after every generation (issue 22), as a person sees it in Debian Chromium against Kiln started
 * like `npm start` with the builtin generator: the first answer carries a passing "Checked in the browser" card
 * whose steps open, whose screenshots are real images that open larger in a dialog (Escape closes it, focus
 * returns), and the card is axe-clean (no serious or critical violation inside it). A scripted model's page
 * whose button throws shows a failing card naming the step; the fix loop repairs it and its card passes. Deep
 * debugging started from the chat's "Debug deeply…" dialog runs a verified fix step, says in the chat that it
 * finished and with how many credits, which is what the organisation's balance lost; a second run stopped with the
 * chat's Stop says so and costs nothing.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeApp,
  type KilnProcess,
  newProjectFromDashboard,
  pageGql,
  scriptedModelEnv,
  signUp,
  startKilnProcess,
  useBrowser,
} from './harness';

const browser = useBrowser();
let kiln: KilnProcess | undefined;

afterAll(async () => {
  await kiln?.stop();
});

describe('verification in the chat', () => {
  it('a first generation shows a passing verification report with screenshots', {
    timeout: 180_000,
  }, async () => {
    kiln = await startKilnProcess({ env: { KILN_BUILTIN_DELAY_MS: '0', KILN_VERIFY: 'on' } });
    const page = await (await browser().newContext({ bypassCSP: true })).newPage();
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
    expect(await axeViolations(page, { include: 'section.verification' })).toEqual([]);
  });

  it('a scripted page with a broken button gets a failing report; the fix loop repairs it and the report passes', {
    timeout: 300_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await kiln?.stop();
    kiln = await startKilnProcess({
      env: scriptedModelEnv(model, { KILN_BUILTIN_DELAY_MS: '0', KILN_VERIFY: 'on' }),
    });
    model.enqueue(
      {
        reply: `Here is your shop.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  const add = () => { const cart = undefined; cart.items.push('tea'); };
  return <main className="p-6"><h1>Tea shop</h1><button type="button" onClick={add}>Add to cart</button></main>;
}
</kiln:file>
`,
      },
      {
        reply: `Fixed: the cart exists now.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
const cart = undefined;
=======
const cart = { items: [] as string[] };
>>>>>>> REPLACE
</kiln:edit>
`,
      },
    );
    const page = await (await browser().newContext()).newPage();
    // Not newProjectFromDashboard: the fix is queued as the first revision finishes, so VALID may never show
    // until the fix is done.
    await page.goto(`${kiln.url}/`);
    await page.waitForURL(/\/login$/);
    await signUp(page, 'linus@example.com');
    await describeApp(page, 'A tea shop');
    const log = page.getByRole('log', { name: 'Chat history' });
    const cards = log.getByRole('region', { name: 'Verification in the browser' });

    // The first answer's report failed, open, naming the button and its error, with a screenshot of it.
    const failed = cards.filter({ hasText: 'Checked in the browser: something failed' });
    await failed.waitFor({ timeout: 120_000 });
    const step = failed.getByRole('listitem').filter({ hasText: /^Failed: / });
    await expect.poll(() => step.first().textContent()).toContain('click "Add to cart"');
    expect(await step.first().textContent()).toMatch(/items/);
    await failed.getByRole('button', { name: /Screenshot after click "Add to cart" \(desktop\)/ }).waitFor();

    // The fix loop, told the report, repairs it: the fix's own report passes.
    await log
      .getByText(/Verification in the browser failed/)
      .first()
      .waitFor({ timeout: 90_000 });
    const passed = cards.filter({ hasText: 'Checked in the browser: everything worked' });
    await passed.waitFor({ timeout: 120_000 });
    expect(await cards.count()).toBe(2);
    expect(model.requests.length).toBe(2);
  });

  it('deep debugging from the chat runs a verified step, charges what it shows and stops on Stop', {
    timeout: 240_000,
  }, async () => {
    await using model = await startScriptedModelServer();
    await kiln?.stop();
    kiln = await startKilnProcess({
      env: scriptedModelEnv(model, { KILN_BUILTIN_DELAY_MS: '0', KILN_VERIFY: 'off' }),
    });
    model.enqueue({
      reply: `Here is your shop.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  const add = () => { const cart = undefined; cart.items.push('tea'); };
  return <main className="p-6"><h1>Tea shop</h1><button type="button" onClick={add}>Add to cart</button></main>;
}
</kiln:file>
`,
    });
    const page = await (await browser().newContext()).newPage();
    await newProjectFromDashboard(page, kiln.url, 'grace@example.com', 'A tea shop');
    model.enqueue({
      reply: `Fixed: the cart exists now.
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
const cart = undefined;
=======
const cart = { items: [] as string[] };
>>>>>>> REPLACE
</kiln:edit>
`,
    });
    const balance = () =>
      pageGql(page, '{ organizations { credits { balance } } }').then(
        (r) => r.data.organizations[0].credits.balance as number,
      );
    const startDeepDebugging = async (problem: string) => {
      await page.getByRole('button', { name: 'Debug deeply…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Debug deeply' });
      await dialog.getByLabel('What goes wrong?').fill(problem);
      await dialog.getByLabel('Steps at most').fill('2');
      await dialog.getByRole('button', { name: 'Start deep debugging' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    const before = await balance();
    await startDeepDebugging('Add to cart does nothing');
    const log = page.getByRole('log', { name: 'Chat history' });
    await log.getByText(/^Deep debugging, step 1 of at most 2/).waitFor({ timeout: 60_000 });
    const finished = log.getByText(/^Deep debugging finished \(1 step, \d+ of 50 credits\)/);
    await finished.waitFor({ timeout: 90_000 });
    await log.getByText('Checked in the browser: everything worked').waitFor();
    // It charges what it shows: the organisation's balance fell by the credits the chat names.
    const shown = Number(/(\d+) of 50 credits/.exec((await finished.textContent()) ?? '')?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(before - (await balance())).toBe(shown);

    // Stoppable: Stop during a step ends it, and the stopped step costs nothing.
    model.enqueue({ reply: 'Looking into it, slowly.'.repeat(40), chunkSize: 4, delayMs: 50 });
    const afterFirst = await balance();
    await startDeepDebugging('It looks plain');
    // The second run's first step (the first run's says the same words).
    const firstSteps = log.getByText(/^Deep debugging, step 1 of at most 2 \(0 of 50 credits used\)/);
    await expect.poll(() => firstSteps.count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => model.requests.length, { timeout: 60_000 }).toBe(3);
    await page.getByRole('button', { name: 'Stop' }).click();
    await log.getByText('Canceled. Nothing was changed.').waitFor({ timeout: 60_000 });
    await expect.poll(balance, { timeout: 30_000 }).toBe(afterFirst);
  });
});
