import { describe, expect, it } from 'vitest';
import { cleanGeneratedCode } from './clean.ts';
import { missingProjectImport } from './project-imports.ts';

const PATHS = [
  'apps/web/src/app/page.tsx',
  'apps/web/src/components/layout/Header.tsx',
  'apps/web/src/components/cards/index.tsx',
  'apps/web/src/utils/format.ts',
];
const missing = (code: string) => missingProjectImport(cleanGeneratedCode(code).imports, PATHS);

describe('missingProjectImport', () => {
  it.each([
    ["import Header from '@/components/Header';", 'by file name, wherever it lives'],
    ["import Header from '../components/layout/Header.tsx';", 'a relative path with its extension'],
    ["import Cards from '@/components/cards';", "a folder's index"],
    ["import { formatDate } from '~/utils/format';", 'a named import from a utility'],
    ["import { Button } from '@/components/ui/button';", 'a shadcn/ui stand-in'],
    ["import { cn } from '@/lib/utils';", 'the built-in cn'],
    ["import './globals.css';", 'an import that binds nothing'],
    ["import { useState } from 'react';", 'a library'],
  ])('%s resolves (%s)', (code) => {
    expect(missing(code)).toBeNull();
  });

  it.each([
    ["import PricingTable from '@/components/PricingTable';", 'PricingTable', '@/components/PricingTable'],
    ["import { Footer } from './components/Footer';", 'Footer', './components/Footer'],
    ["import * as api from '@/lib/api';", 'api', '@/lib/api'],
  ])('%s is missing', (code, name, source) => {
    expect(missing(code)).toEqual({ name, source });
  });
});
