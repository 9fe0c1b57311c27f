/**
 * The code editor (issue 17), in Debian Chromium against Kiln started like `npm start`: text typed in the Code
 * tab shows in the preview before it is saved (no revision made); Ctrl+S saves a CODE_CHANGE revision that
 * validates; a broken save ends INVALID_CODE with the error shown at its line and Fix it offered; a save on an
 * outdated revision asks to reload or overwrite and loses nothing; New Page opens a new page in the editor; New
 * Migration is written in the editor's SQL mode and applied to the development database.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newProjectFromDashboard, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

interface Latest {
  id: string;
  number: number;
  action: string;
  status: string;
  modules: { filePath: string; content: string }[];
}

/** The project's latest revision, read through the builder's own GraphQL endpoint and session. */
async function latest(page: Page, projectId: string): Promise<Latest> {
  return page.evaluate(async (id) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query($id: ID!) { project(id: $id) { latestRevision {
          id number action status modules { filePath content } } } }`,
        variables: { id },
      }),
    });
    const body = (await response.json()) as { data: { project: { latestRevision: Latest } } };
    return body.data.project.latestRevision;
  }, projectId);
}

/** Waits until revision `number` is checked (neither queued nor building). */
async function settled(page: Page, projectId: string, number: number): Promise<Latest> {
  let rev: Latest | undefined;
  await expect
    .poll(
      async () => {
        rev = await latest(page, projectId);
        return rev.number === number && ['VALID', 'INVALID_CODE'].includes(rev.status);
      },
      { timeout: 90_000, interval: 300 },
    )
    .toBe(true);
  return rev!;
}

/** Replaces the editor's whole text as typing would (an input event per insertion, not a programmatic set). */
async function typeAll(page: Page, text: string): Promise<void> {
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

/** Typed untidily (indentation, quotes, no semicolon): format on save tidies it. */
const EDITED = `export default function Home() {
      return (
  <main className='p-8'>
          <h1>Edited by hand 4711</h1>
  </main>
      )
}
`;

/** What Prettier (the builder's format on save) makes of EDITED. */
const EDITED_FORMATTED = `export default function Home() {
  return (
    <main className="p-8">
      <h1>Edited by hand 4711</h1>
    </main>
  );
}
`;

/** Broken on line 5: the closing tag is cut. */
const BROKEN = `export default function Home() {
  return (
    <main className="p-8">
      <h1>Broken by hand</h1>
    </main
  );
}
`;

/** Compiles, but throws while rendering, on line 4. */
const THROWS = `export default function Home() {
  const items: string[] | null = null;
  return (
    <main>{items!.map((x) => x)}</main>
  );
}
`;

describe('code editor', () => {
  it('previews typed text before saving, saves CODE_CHANGE, shows a broken save at its line', {
    timeout: 300_000,
  }, async () => {
    const context = await browser().newContext({ bypassCSP: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const projectId = await newProjectFromDashboard(
      page,
      kiln().url,
      'coder@example.com',
      'A todo list with due dates',
    );
    const first = await latest(page, projectId);
    const home = 'apps/web/src/app/page.tsx';
    expect(first.modules.some((m) => m.filePath === home)).toBe(true);

    // Open the home page in the editor (the CodeMirror chunk loads lazily).
    await page.getByRole('tab', { name: 'Code' }).click();
    await page.getByRole('navigation', { name: 'Modules' }).getByTitle(home).click();
    await page.locator('.cm-content').waitFor();
    expect(await page.locator('.code-path').textContent()).toContain(home);
    expect(await axeViolations(page), 'axe on the code editor').toEqual([]);

    // Typed text reaches the preview before any save; no revision is made.
    await typeAll(page, EDITED);
    await page.getByText('Unsaved changes').first().waitFor({ state: 'attached' });
    const preview = page.frameLocator('iframe[title="Preview"]');
    await preview.getByText('Edited by hand 4711').waitFor({ state: 'attached', timeout: 30_000 });
    expect((await latest(page, projectId)).number).toBe(first.number);
    // Switching tabs keeps the text (the workspace holds it, not the Code tab).
    await page.getByRole('tab', { name: 'Preview' }).click();
    await preview.getByText('Edited by hand 4711').waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Code' }).click();
    await page.locator('.cm-content').getByText('Edited by hand 4711').waitFor();

    // Keystrokes as fast as a keyboard sends them all land (none is overwritten by the editor's own echo).
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('// typed by hand, key by key\n');
    await page.locator('.cm-content').getByText('// typed by hand, key by key').waitFor();
    // Ctrl+F opens the search panel; Escape closes it.
    await page.keyboard.press('Control+f');
    await page.locator('.cm-search').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.cm-search').waitFor({ state: 'detached' });

    // Ctrl+S: formatted and saved as a CODE_CHANGE revision that validates.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+s');
    const saved = await settled(page, projectId, first.number + 1);
    expect(saved.action).toBe('CODE_CHANGE');
    expect(saved.status).toBe('VALID');
    const savedHome = saved.modules.find((m) => m.filePath === home)?.content ?? '';
    expect(savedHome).toContain('Edited by hand 4711');
    expect(savedHome.split('// typed by hand, key by key').length).toBe(2);
    // Formatted on save, and the editor shows the formatted text.
    expect(savedHome.startsWith(EDITED_FORMATTED)).toBe(true);
    await page.locator('.cm-content').getByText('<main className="p-8">').waitFor();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

    // A broken save: INVALID_CODE, the error at line 5 in the editor, Fix it offered.
    // Typed (not saved yet), the compile error already shows at its line: the preview compiled the text.
    await typeAll(page, BROKEN);
    await expect
      .poll(() => page.locator('.code-error').first().textContent(), { timeout: 30_000 })
      .toMatch(/^Line 5: /);
    expect((await latest(page, projectId)).number).toBe(first.number + 1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const broken = await settled(page, projectId, first.number + 2);
    expect(broken.action).toBe('CODE_CHANGE');
    expect(broken.status).toBe('INVALID_CODE');
    await expect
      .poll(() => page.locator('.code-error').first().textContent(), { timeout: 30_000 })
      .toMatch(/^Line 5: /);
    await page.locator('.cm-lintRange-error').first().waitFor({ timeout: 10_000 });
    // The underlined range is on line 5 of the document.
    // Polled: the diagnostics are set again when the preview reports on the saved text (the range re-renders).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const range = document.querySelector('.cm-lintRange-error');
            const line = range?.closest('.cm-line');
            return line ? [...document.querySelectorAll('.cm-content .cm-line')].indexOf(line) + 1 : 0;
          }),
        { timeout: 10_000 },
      )
      .toBe(5);
    await page.locator('.code-panel').getByRole('button', { name: 'Fix it' }).waitFor();

    // A render error in typed text (not saved) shows at its line too: the preview's stack frame, mapped back.
    await typeAll(page, THROWS);
    await expect
      .poll(() => page.locator('.code-error').first().textContent(), { timeout: 30_000 })
      .toMatch(/^Line 4: .*map/);
    expect((await latest(page, projectId)).number).toBe(broken.number);

    // Someone else saves meanwhile: my save is refused with the conflict dialog, my text kept; Overwrite saves it.
    await typeAll(page, EDITED.replace('4711', '4712'));
    const other = await page.evaluate(
      async ({ id, base, filePath }) => {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: `mutation($p: ID!, $f: String!, $c: String!, $b: ID) {
              saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $b) { id number } }`,
            variables: {
              p: id,
              f: filePath,
              c: 'export default function Home() {\n  return <main>Someone else</main>;\n}\n',
              b: base,
            },
          }),
        });
        return ((await response.json()) as { data: { saveModule: { number: number } } }).data.saveModule;
      },
      { id: projectId, base: broken.id, filePath: home },
    );
    await settled(page, projectId, other.number);
    // The builder has seen it checked too (a save while it still looks in progress is asked to wait).
    await page
      .getByTestId('revision-status')
      .filter({ hasText: /^VALID$/ })
      .waitFor({ state: 'attached', timeout: 30_000 });
    // The Save button (Ctrl+S is covered above; a click into the editor may land on the error's tooltip).
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Someone else changed this project since you opened this file',
    });
    await dialog.waitFor({ timeout: 30_000 });
    await page.locator('.cm-content').getByText('Edited by hand 4712').waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    const overwritten = await settled(page, projectId, other.number + 1);
    expect(overwritten.status).toBe('VALID');
    expect(overwritten.modules.find((m) => m.filePath === home)?.content).toContain('Edited by hand 4712');

    // New Page from the module list while the home page has unsaved text: a new revision with the page at its
    // default path, opened in the editor; the home page's text waits, and its save does not conflict (the new
    // revision left that file alone).
    await typeAll(page, EDITED.replace('4711', '4713'));
    await page.getByRole('button', { name: 'New module' }).click();
    await page.getByRole('menuitem', { name: 'New Page' }).click();
    const created = await settled(page, projectId, overwritten.number + 1);
    expect(created.status).toBe('VALID');
    expect(created.modules.some((m) => m.filePath === 'apps/web/src/app/new-page/page.tsx')).toBe(true);
    await expect
      .poll(() => page.locator('.code-path').textContent(), { timeout: 30_000 })
      .toContain('apps/web/src/app/new-page/page.tsx');
    await page.getByRole('navigation', { name: 'Modules' }).getByTitle(home).click();
    await page.locator('.cm-content').getByText('Edited by hand 4713').waitFor();
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+s');
    const rebased = await settled(page, projectId, created.number + 1);
    expect(rebased.status).toBe('VALID');
    expect(rebased.modules.find((m) => m.filePath === home)?.content).toContain('Edited by hand 4713');
    expect(rebased.modules.some((m) => m.filePath === 'apps/web/src/app/new-page/page.tsx')).toBe(true);
    expect(await dialog.count()).toBe(0);

    // Rename the new page from its menu (a path of one's own), then delete it after confirming.
    const list = page.getByRole('navigation', { name: 'Modules' });
    await list.getByRole('button', { name: 'Actions for New Page' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename module' });
    await renameDialog.getByLabel('File path').fill('apps/web/src/app/about/page.tsx');
    await renameDialog.getByRole('button', { name: 'Rename' }).click();
    const renamed = await settled(page, projectId, rebased.number + 1);
    expect(renamed.modules.map((m) => m.filePath)).toContain('apps/web/src/app/about/page.tsx');
    expect(renamed.modules.map((m) => m.filePath)).not.toContain('apps/web/src/app/new-page/page.tsx');
    await list.getByRole('button', { name: 'Actions for About' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete module' }).getByRole('button', { name: 'Delete' }).click();
    const deleted = await settled(page, projectId, renamed.number + 1);
    expect(deleted.action).toBe('CODE_CHANGE');
    expect(deleted.modules.map((m) => m.filePath)).not.toContain('apps/web/src/app/about/page.tsx');

    // New Migration: SQL in the editor's PostgreSQL mode; saved, it is applied to the development database.
    await page.getByRole('button', { name: 'New module' }).click();
    // The New menu names the spec's module types (server test module-edits: their default names and paths).
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      'New Page',
      'New Component',
      'New Function',
      'New Mobile Page',
      'New Migration',
    ]);
    await page.getByRole('menuitem', { name: 'New Migration' }).click();
    const migration = page.getByRole('dialog', { name: 'New migration' });
    const sqlEditor = migration.locator('.cm-content');
    await sqlEditor.waitFor();
    expect(await sqlEditor.getAttribute('data-language')).toBe('sql');
    await migration.getByLabel('Name', { exact: true }).fill('create_notes');
    await sqlEditor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(
      'CREATE TABLE notes (\n  id serial PRIMARY KEY,\n  body text NOT NULL\n);\n',
    );
    await migration.getByRole('button', { name: 'Write migration' }).click();
    await migration.waitFor({ state: 'detached', timeout: 30_000 });
    const migrated = await settled(page, projectId, deleted.number + 1);
    expect(migrated.status).toBe('VALID');
    await expect
      .poll(
        () =>
          page.evaluate(async (id) => {
            const response = await fetch('/graphql', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                query: 'query($id: ID!) { project(id: $id) { database { migrations { name status } } } }',
                variables: { id },
              }),
            });
            const body = (await response.json()) as {
              data: { project: { database: { migrations: { name: string; status: string }[] } } };
            };
            return body.data.project.database.migrations.find((m) => m.name === 'create_notes')?.status;
          }, projectId),
        { timeout: 60_000 },
      )
      .toBe('COMPLETED');
    await context.close();
  });
});
