import { describe, expect, it } from 'vitest';
import {
  ERROR_KINDS,
  ERROR_STATUS,
  type ErrorKind,
  isErrorKind,
  isKilnError,
  isUserErrorKind,
  KilnError,
  toKilnError,
} from './errors';

describe('KilnError', () => {
  it.each<[ErrorKind, number]>([
    ['validation', 400],
    ['unauthenticated', 401],
    ['plan_limit', 402],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['too_large', 413],
    ['rate_limited', 429],
    ['internal', 500],
    ['external', 502],
  ])('kind %s becomes HTTP %i', (kind, status) => {
    expect(ERROR_STATUS[kind]).toBe(status);
    expect(new KilnError(kind, 'x').status).toBe(status);
  });

  it('maps every kind and nothing else to a status', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_KINDS].sort());
  });

  it('keeps kind, message and details, and is an Error', () => {
    const e = new KilnError('not_found', 'Project not found', { projectId: 'p1' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('KilnError');
    expect(e.message).toBe('Project not found');
    expect(e.kind).toBe('not_found');
    expect(e.details).toEqual({ projectId: 'p1' });
    expect(e.toJSON()).toEqual({
      kind: 'not_found',
      message: 'Project not found',
      details: { projectId: 'p1' },
    });
  });

  it('has no details property when none are given', () => {
    const e = new KilnError('conflict', 'c');
    expect('details' in e).toBe(false);
    expect(JSON.parse(JSON.stringify(e))).toEqual({ kind: 'conflict', message: 'c' });
  });

  it('is recognised by isKilnError, also when it is a structurally equal error from another bundle', () => {
    expect(isKilnError(new KilnError('internal', 'x'))).toBe(true);
    const foreign = Object.assign(new Error('x'), { name: 'KilnError', kind: 'forbidden', status: 403 });
    expect(isKilnError(foreign)).toBe(true);
    expect(isKilnError(new Error('x'))).toBe(false);
    expect(isKilnError({ kind: 'validation', message: 'x' })).toBe(false);
    expect(isKilnError(null)).toBe(false);
  });

  it('wraps unknown throwables as internal errors and passes KilnErrors through', () => {
    const k = new KilnError('validation', 'v');
    expect(toKilnError(k)).toBe(k);
    expect(toKilnError(new TypeError('boom'))).toMatchObject({ kind: 'internal', message: 'boom' });
    expect(toKilnError('a string')).toMatchObject({ kind: 'internal', message: 'Something went wrong.' });
  });

  it('treats user-caused kinds as not failures; external and internal are failures', () => {
    expect(ERROR_KINDS.filter((k) => !isUserErrorKind(k))).toEqual(['external', 'internal']);
  });

  it('recognises kinds', () => {
    expect(isErrorKind('plan_limit')).toBe(true);
    expect(isErrorKind('PLAN_LIMIT')).toBe(false);
    expect(isErrorKind(400)).toBe(false);
  });
});
