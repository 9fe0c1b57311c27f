/**
 * @module
 * `renderCheck` (`@kiln/preview/node`): generated modules rendered by the real runtime in headless Chromium.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { closeHeadless, renderCheck } from '../src/node/headless.ts';
import { ensureBuilt } from './harness.ts';

afterAll(() => closeHeadless());

describe('renderCheck', () => {
  test('a page that renders is ok; the same browser serves later checks quickly', async () => {
    await ensureBuilt();
    const first = await renderCheck({
      filePath: 'apps/web/src/app/page.tsx',
      source: `import { Star } from 'lucide-react';\nexport default function Home() { return <h1><Star />Hello</h1>; }`,
    });
    expect(first).toMatchObject({ ok: true, error: null });
    const second = await renderCheck({
      filePath: 'apps/web/src/app/todos/[id]/page.tsx',
      source: 'export default function Todo({ params }) { return <p>Todo {params.id}</p>; }',
    });
    expect(second).toMatchObject({ ok: true, error: null });
    expect(second.ms).toBeLessThan(first.ms + 1000);
  });

  test('a page that throws, an unknown library and a non-node export fail with their messages', async () => {
    const throws = await renderCheck({
      filePath: 'apps/web/src/app/page.tsx',
      source: 'export default function Home() { const items = undefined; return <p>{items.length}</p>; }',
    });
    expect(throws.ok).toBe(false);
    expect(throws.error).toMatch(/length/);
    const unknown = await renderCheck({
      filePath: 'apps/web/src/app/page.tsx',
      source: `import Thing from 'left-pad-ui';\nexport default function Home() { return <Thing />; }`,
    });
    expect(unknown.error).toBe(`Unknown library "left-pad-ui": it is not in Kiln's library catalogue`);
    const invalid = await renderCheck({
      filePath: 'apps/web/src/app/page.tsx',
      source: 'export default { not: "a component" };',
    });
    expect(invalid).toMatchObject({ ok: false, error: 'Value is not a valid ReactNode' });
  });

  test('an error thrown in an effect after the first render still fails the check', async () => {
    const result = await renderCheck({
      filePath: 'apps/web/src/app/page.tsx',
      source: `export default function Home() {
        const [data, setData] = useState({ items: [] });
        useEffect(() => { setData(null); }, []);
        return <p>{data.items.length}</p>;
      }`,
    });
    expect(result.ok).toBe(false);
  });

  // Component bugs no cleaning rule can mend (moved here from the render corpus, bench/corpus: they test that a
  // failure is reported, not render success): each fails with its module and the line of the fault.
  test.each([
    ['props-required', /reading 'map'/, 11],
    ['undefined-data', /players\.map is not a function/, 6],
    ['nullish-crash', /reading 'id'/, 7],
    ['missing-closing-paren', /Unexpected token, expected ","/, 10],
  ])('a component bug (%s) fails with its message, module and line', async (name, message, line) => {
    const filePath = 'apps/web/src/app/page.tsx';
    const source = readFileSync(join(import.meta.dirname, `fixtures/component-bugs/${name}.tsx.txt`), 'utf8');
    const result = await renderCheck({ filePath, source });
    expect(result).toMatchObject({ ok: false, filePath, line });
    expect(result.error).toMatch(message);
  });

  test('an async page (a server-component habit) and a Date child render', async () => {
    const result = await renderCheck({
      filePath: 'apps/web/src/app/page.tsx',
      source: `export default async function Blog() {
        const posts = await Promise.resolve([{ id: 1, title: 'Hello', at: new Date(2026, 0, 1) }]);
        return <ul>{posts.map((p) => <li key={p.id}>{p.title} {p.at}</li>)}</ul>;
      }`,
    });
    expect(result).toMatchObject({ ok: true, error: null });
  });

  test('a component renders on a page of its own, with the project modules it uses', async () => {
    const result = await renderCheck({
      filePath: 'apps/web/src/components/TodoList.tsx',
      source: `export default function TodoList() { return <ul><TodoItem title="a" /></ul>; }`,
      modules: [
        {
          filePath: 'apps/web/src/components/TodoItem.tsx',
          moduleType: 'COMPONENT',
          name: 'TodoItem',
          content: 'export default function TodoItem({ title }) { return <li>{title.toUpperCase()}</li>; }',
        },
      ],
    });
    expect(result).toMatchObject({ ok: true, error: null });
  });

  test('checked code reaches nothing but the check itself: requests to other local ports are blocked', async () => {
    let hits = 0;
    const other = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      const result = await renderCheck({
        filePath: 'apps/web/src/app/page.tsx',
        source: `export default function Home() {
          const [state, setState] = useState('waiting');
          useEffect(() => {
            fetch('http://127.0.0.1:${port}/steal').then(() => setState('reached'), () => setState('blocked'));
            new Image().src = 'http://localhost:${port}/pixel';
          }, []);
          return <p>{state}</p>;
        }`,
      });
      expect(result).toMatchObject({ ok: true, error: null });
      expect(hits).toBe(0);
    } finally {
      other.close();
    }
  });

  test('an Expo page renders in mobile mode through react-native-web', async () => {
    const result = await renderCheck({
      filePath: 'apps/mobile/src/app/index.tsx',
      source: `import { View, Text, StyleSheet } from 'react-native';
      import { Ionicons } from '@expo/vector-icons';
      export default function Home() { return <View style={styles.c}><Ionicons name="home" size={20} /><Text>Hi</Text></View>; }
      const styles = StyleSheet.create({ c: { flex: 1, padding: 12 } });`,
    });
    expect(result).toMatchObject({ ok: true, error: null });
  });
});
