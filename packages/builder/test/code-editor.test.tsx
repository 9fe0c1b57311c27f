// @vitest-environment happy-dom
/**
 * The code editor's pieces that decide what a person sees: a preview error placed at its line (the preview's
 * line, else sucrase's "(line:column)" in the message), viewers without Save or the New menu, and the New menu
 * offering the spec's default names.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodePanel, diagnosticOf } from '../src/components/CodePanel.tsx';
import { ModuleList } from '../src/components/ModuleList.tsx';
import type { Module } from '../src/queries.ts';

afterEach(cleanup);

const PAGE: Module = {
  filePath: 'apps/web/src/app/page.tsx',
  moduleType: 'PAGE',
  name: 'Homepage',
  route: '/',
  content: 'export default function Home() {\n  return <main>Hi</main>;\n}\n',
} as Module;

describe('diagnosticOf', () => {
  const cases: [string, { message: string; line?: number; column?: number }, object][] = [
    ['the preview’s own place wins', { message: 'x (9:1)', line: 4, column: 2 }, { line: 4, column: 2 }],
    [
      'sucrase’s place in the message (0-based column)',
      { message: 'Error transforming a.tsx: Unexpected token (13:6)' },
      { line: 13, column: 7 },
    ],
    ['only the first line’s place counts', { message: 'boom\n at (3:4)' }, { line: 1 }],
    ['no place: the first line', { message: 'Cannot read properties of null' }, { line: 1 }],
  ];
  for (const [name, error, place] of cases) {
    it(name, () => expect(diagnosticOf(error)).toMatchObject(place));
  }
});

function panel(readOnly: boolean) {
  return (
    <CodePanel
      module={PAGE}
      text={PAGE.content}
      dirty={false}
      readOnly={readOnly}
      error={null}
      saving={false}
      saveError={null}
      conflict={null}
      onChange={() => {}}
      onSave={() => {}}
      onOverwrite={() => {}}
      onReload={() => {}}
      onDismissConflict={() => {}}
      onFix={null}
    />
  );
}

describe('CodePanel', () => {
  it('offers Save to editors and says Read only to viewers', () => {
    const { unmount } = render(panel(false));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByText('Read only')).toBeNull();
    unmount();
    render(panel(true));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Read only')).toBeTruthy();
  });
});

describe('ModuleList', () => {
  it('has no New menu nor module actions for viewers', () => {
    render(
      <ModuleList modules={[PAGE]} selected={null} errors={{}} generating={false} onSelect={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'New module' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Homepage' })).toBeNull();
  });

  it('offers New Page, New Component, New Function, New Mobile Page to editors', () => {
    const onCreate = vi.fn(async () => {});
    render(
      <ModuleList
        modules={[PAGE]}
        selected={null}
        errors={{}}
        generating={false}
        onSelect={() => {}}
        actions={{ onCreate, onRename: async () => {}, onDelete: async () => {} }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New module' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['New Page', 'New Component', 'New Function', 'New Mobile Page']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'New Mobile Page' }));
    expect(onCreate).toHaveBeenCalledWith('EXPO_PAGE');
    expect(screen.getByRole('button', { name: 'Actions for Homepage' })).toBeTruthy();
  });
});
