/** Pure rules of the git history and remote: which paths a tree may hold, commit messages, remote URLs. */
import { describe, expect, it } from 'vitest';
import { presenceState } from '../presence';
import { commitMessage, safeTreePath } from './history';
import { checkRemoteUrl, GIT_MESSAGES } from './index';

describe('safeTreePath', () => {
  it.each<[string, boolean]>([
    ['apps/web/src/app/page.tsx', true],
    ['migrations/0001_todos.sql', true],
    ['a file with spaces.md', true],
    ['', false],
    ['/etc/passwd', false],
    ['../outside.ts', false],
    ['apps/./page.tsx', false],
    ['apps//page.tsx', false],
    ['.git/config', false],
    ['apps/.GIT/hooks/post-checkout', false],
    ['"quoted.ts', false],
    ['line\nbreak.ts', false],
    ['nul\u0000.ts', false],
  ])('%j → %s', (path, ok) => {
    expect(safeTreePath(path)).toBe(ok);
  });
});

describe('commitMessage', () => {
  it.each([
    [{ id: 'r1', prompt: 'A todo app', action: 'INITIAL' }, 'A todo app\n\nKiln-Revision: r1\n'],
    [{ id: 'r2', prompt: null, action: 'RESTORE' }, 'RESTORE\n\nKiln-Revision: r2\n'],
    [{ id: 'r3', prompt: '   ', action: 'CODE_CHANGE' }, 'CODE_CHANGE\n\nKiln-Revision: r3\n'],
  ])('%j', (rev, message) => {
    expect(commitMessage(rev)).toBe(message);
  });
});

describe('checkRemoteUrl', () => {
  it.each([
    ['https://github.com/me/app.git', 'https://github.com/me/app.git'],
    ['  http://git.internal/app.git ', 'http://git.internal/app.git'],
  ])('accepts %j', (url, clean) => {
    expect(checkRemoteUrl(url)).toBe(clean);
  });
  it.each([
    'git@github.com:me/app.git',
    'file:///srv/repo.git',
    'ssh://git@github.com/me/app.git',
    'https://me:secret@github.com/me/app.git',
    'https://token@github.com/me/app.git',
    'not a url',
  ])('refuses %j', (url) => {
    expect(() => checkRemoteUrl(url)).toThrow(GIT_MESSAGES.badUrl);
  });
  it('refuses a URL longer than 2000 characters', () => {
    expect(() => checkRemoteUrl(`https://example.com/${'a'.repeat(2000)}`)).toThrow(GIT_MESSAGES.tooLong);
  });
});

describe('presenceState', () => {
  it.each([
    [{}, { typing: false, selectedModule: null }],
    [
      { typing: true, selectedModule: ' App.tsx ' },
      { typing: true, selectedModule: 'App.tsx' },
    ],
    [
      { typing: 'yes', selectedModule: 42 },
      { typing: false, selectedModule: null },
    ],
    [{ selectedModule: 'x'.repeat(400) }, { typing: false, selectedModule: 'x'.repeat(300) }],
  ])('%j', (msg, state) => {
    expect(presenceState(msg)).toEqual(state);
  });
});
