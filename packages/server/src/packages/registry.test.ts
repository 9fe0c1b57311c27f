// biome-ignore-all lint/suspicious/noTemplateCurlyInString: npmrc's own `${VAR}` syntax is the subject
import { describe, expect, it } from 'vitest';
import { nerfDart, npmrcCredentials } from './registry';

describe('npm registry credentials', () => {
  it.each([
    ['https://registry.npmjs.org/', '//registry.npmjs.org/'],
    ['https://npm.example.com/api/npm/team', '//npm.example.com/api/npm/team/'],
    ['http://127.0.0.1:4873', '//127.0.0.1:4873/'],
  ])('nerfDart(%s) is %s', (url, key) => {
    expect(nerfDart(url)).toBe(key);
  });

  const env = { NPM_TOKEN: 'from-env' };
  it.each([
    ['a token', '//r.example.com/:_authToken=abc', { '//r.example.com/:_authToken': 'abc' }],
    ['a quoted token', `//r.example.com/:_authToken="abc"`, { '//r.example.com/:_authToken': 'abc' }],
    [
      'an env token',
      '//r.example.com/:_authToken=${NPM_TOKEN}',
      { '//r.example.com/:_authToken': 'from-env' },
    ],
    ['an unset env token is left out', '//r.example.com/:_authToken=${MISSING}', {}],
    [
      'an optional unset env part is empty',
      '//r.example.com/:username=me${MISSING?}',
      { '//r.example.com/:username': 'me' },
    ],
    ['basic auth', '//r.example.com/:_auth = dXNlcjpwYXNz', { '//r.example.com/:_auth': 'dXNlcjpwYXNz' }],
    [
      'comments and other settings are skipped',
      '; //r/:_authToken=x\n# y\nregistry=https://r/\nsave-exact=true',
      {},
    ],
    ['a key without a registry is not a credential', '_authToken=abc', {}],
  ])('%s', (_, text, expected) => {
    expect(npmrcCredentials(text, env)).toEqual(expected);
  });
});
