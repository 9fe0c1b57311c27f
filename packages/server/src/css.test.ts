import { describe, expect, it } from 'vitest';
import { compileCss } from './css';

describe('compileCss', () => {
  it('never carries one project’s classes into another’s CSS, even under the same design system', async () => {
    const a = await compileCss(['<div className="bg-rose-500">'], '', 'project-a');
    const b = await compileCss(['<div className="bg-teal-500">'], '', 'project-b');
    expect(a).toContain('.bg-rose-500');
    expect(b).toContain('.bg-teal-500');
    expect(b).not.toContain('.bg-rose-500');
    // The same project's warm compiler is reused: its next build still knows its own classes.
    const a2 = await compileCss(['<div className="text-rose-700">'], '', 'project-a');
    expect(a2).toContain('.text-rose-700');
    expect(a2).not.toContain('.bg-teal-500');
  });
});
