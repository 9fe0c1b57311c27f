import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from './index';

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('kiln generate', () => {
  it('writes a todo app in the spec file layout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-cli-'));
    try {
      const out = sink();
      const code = await main(['generate', 'A todo list app with due dates', '--out', dir], out.stream);
      expect(code).toBe(0);
      expect(out.text()).toMatch(/PAGE\s+apps\/web\/src\/app\/page\.tsx/);
      expect(readFileSync(join(dir, 'apps/web/src/app/page.tsx'), 'utf8')).toContain(
        'export default function',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains its usage when the prompt or --out is missing', async () => {
    const err = sink();
    expect(await main(['generate', '--out', '/tmp/x'], undefined, err.stream)).toBe(2);
    expect(err.text()).toContain('kiln generate "<prompt>" --out DIR');
  });
});
