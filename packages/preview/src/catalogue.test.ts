import { KilnError, MESSAGES } from '@kiln/core';
import { describe, expect, test } from 'vitest';
import { builtinProjectSource, LIBRARY_CATALOGUE, libraryFile } from './catalogue.ts';
import { resolveLibSrc } from './lib-src.ts';

describe('library catalogue', () => {
  test('react-native resolves to react-native-web, and the shadcn components to our own sources', () => {
    expect(LIBRARY_CATALOGUE['react-native']).toEqual({ package: 'react-native-web' });
    expect(LIBRARY_CATALOGUE['@/components/ui/button']).toEqual({ file: 'src/ui/button.tsx' });
    expect(LIBRARY_CATALOGUE['@/lib/utils']).toEqual({ file: 'src/ui/utils.ts' });
  });

  test.each([
    ['@/components/ui/button', '@/components/ui/button'],
    ['../components/ui/dropdown-menu.tsx', '@/components/ui/dropdown-menu'],
    ['~/lib/utils', '@/lib/utils'],
    ['@/components/ui/not-a-component', null],
    ['@/components/TodoItem', null],
    ['@/utils/useUser', '@/utils/useUser'],
    ['../utils/useAuth.js', '@/utils/useAuth'],
    ['@/utils/analytics', '@/utils/analytics'],
  ])('project import %s falls back to %s', (source, expected) => {
    expect(builtinProjectSource(source)).toBe(expected);
  });

  test('resolveLibSrc maps a catalogue source to its file and rejects others with "Invalid libSrc"', () => {
    expect(resolveLibSrc('@radix-ui/react-dialog')).toBe('lib/radix-ui-react-dialog.js');
    expect(libraryFile('@/components/ui/button')).toBe('app-components-ui-button');
    expect(() => resolveLibSrc('https://evil.example/x.js')).toThrow(MESSAGES.invalidLibSrc);
    try {
      resolveLibSrc('left-pad');
    } catch (error) {
      expect(error).toBeInstanceOf(KilnError);
      expect((error as KilnError).kind).toBe('validation');
    }
  });
});
