/**
 * Publishing a mobile-only (Expo) project (issue 15), in Debian Chromium against Kiln started like `npm start`
 * with the builtin generator: a todo list gets a mobile version, its web pages are deleted in the code editor's
 * way (deleteModule), and Publish gives the Expo screens' web build (react-native-web) at the app's URL, full
 * screen with no device frame; a task added there is kept on the visitor's device (AsyncStorage) across a reload.
 */
import { describe, expect, it } from 'vitest';
import { signUp, useBrowser, useSharedKiln } from './harness';

const browser = useBrowser();
const kiln = useSharedKiln();

describe('an Expo-only project', () => {
  it('publishes its mobile screens as a full-screen web app', { timeout: 180_000 }, async () => {
    const builder = await (await browser().newContext()).newPage();
    await builder.goto(`${kiln().url}/`);
    await builder.waitForURL(/\/login$/);
    await signUp(builder, 'mobile@example.com');
    await builder.getByLabel('Describe your app').waitFor();
    // Build, add the mobile version and remove the web pages through the builder's own API.
    const made = await builder.evaluate(async () => {
      const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
        const res = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
        const body = (await res.json()) as { data: T; errors?: { message: string }[] };
        if (body.errors?.length) throw new Error(body.errors[0]!.message);
        return body.data;
      };
      type State = {
        project: {
          latestRevision: { id: string; status: string; modules: { filePath: string; moduleType: string }[] };
        };
      };
      const settled = async (id: string, after: string | null) => {
        for (let i = 0; i < 900; i++) {
          const s = await gql<State>(
            'query($id: ID!) { project(id: $id) { latestRevision { id status modules { filePath moduleType } } } }',
            { id },
          );
          const r = s.project.latestRevision;
          if (r.id !== after && (r.status === 'VALID' || r.status === 'INVALID_CODE')) return r;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        throw new Error('the revision did not finish');
      };
      const id = (
        await gql<{ createProject: { id: string } }>(
          'mutation($p: String!) { createProject(prompt: $p) { id } }',
          { p: 'a todo list' },
        )
      ).createProject.id;
      let latest = await settled(id, null);
      await gql('mutation($id: ID!, $t: String!) { sendMessage(projectId: $id, text: $t) { id } }', {
        id,
        t: 'make a mobile version',
      });
      latest = await settled(id, latest.id);
      const webPages = latest.modules.filter((m) => m.moduleType === 'PAGE').map((m) => m.filePath);
      for (const filePath of webPages) {
        await gql('mutation($id: ID!, $f: String!) { deleteModule(projectId: $id, filePath: $f) { id } }', {
          id,
          f: filePath,
        });
        latest = await settled(id, latest.id);
      }
      const published = await gql<{ publishProject: { url: string } }>(
        'mutation($id: ID!) { publishProject(projectId: $id) { url } }',
        { id },
      );
      return { url: published.publishProject.url, modules: latest.modules, status: latest.status };
    });
    expect(made.status).toBe('VALID');
    expect(made.modules.some((m) => m.moduleType === 'PAGE')).toBe(false);
    expect(made.modules.filter((m) => m.moduleType === 'EXPO_PAGE').length).toBeGreaterThan(0);

    const visitor = await (await browser().newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    const errors: string[] = [];
    visitor.on('pageerror', (e) => errors.push(e.message));
    await visitor.goto(made.url);
    const input = visitor.getByPlaceholder('What needs to be done?');
    await input.waitFor({ timeout: 30_000 });
    // No phone around it: the screen is the page.
    expect(await visitor.locator('[data-kiln-screen]').count()).toBe(0);
    const width = await input.evaluate((el) => el.closest('body')!.getBoundingClientRect().width);
    expect(width).toBe(1024);
    // The app works: a task added on the mobile screen is kept on this device (AsyncStorage) across a reload.
    await input.fill('Water the plants');
    await visitor.getByRole('button', { name: 'Add task' }).click();
    await visitor.getByText('Water the plants', { exact: true }).first().waitFor({ timeout: 20_000 });
    await visitor.reload();
    await visitor.getByText('Water the plants', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
