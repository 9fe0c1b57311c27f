/** The parts of uploads that need no server: sniffing, presign signatures, public-sheet input and CSV cells. */
import { KilnError } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_LIMITS, UPLOAD_CEILING_BYTES, uploadLimitFor } from '../plan-limits';
import { PRESIGN_LIFETIME_S, PRESIGN_MESSAGES, Uploads } from './index';
import { csvCell, parseSubmission } from './public-sheet';
import { sniffMimeType } from './sniff';
import { LocalFileStorage } from './storage';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('sniffMimeType', () => {
  it.each([
    ['a PNG', PNG, 'image/png'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), 'image/jpeg'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'application/pdf'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    [
      'an SVG behind a prolog and a comment',
      Buffer.from('<?xml version="1.0"?>\n<!-- x --><svg/>'),
      'image/svg+xml',
    ],
    ['an HTML page', Buffer.from('<!DOCTYPE html><p>hi'), 'text/html'],
    ['a bare script tag', Buffer.from('  <script>alert(1)</script>'), 'text/html'],
    ['plain text', Buffer.from('name,email\nAnn,ann@example.com\n'), 'text/plain'],
    ['bytes that are nothing', Buffer.from([0, 159, 146, 150, 1, 2, 3]), 'application/octet-stream'],
  ])('%s is %s', async (_what, bytes, mime) => {
    expect(await sniffMimeType(bytes)).toBe(mime);
  });
});

describe('presign', () => {
  const uploads = new Uploads({
    db: null as never,
    storage: new LocalFileStorage('/nonexistent'),
    limits: DEFAULT_UPLOAD_LIMITS,
    egress: { enabled: true, allowHosts: [] },
    secretKey: Buffer.alloc(32, 7),
    filesOrigin: () => 'http://files.localhost:4000',
  });
  const now = Date.UTC(2026, 0, 1);

  it('signs for one project and a time 30 minutes ahead, and verifies its own signature', () => {
    const p = uploads.presign('project-1', now);
    expect(Number(p.secureExpire)).toBe(now / 1000 + PRESIGN_LIFETIME_S);
    expect(p.uploadUrl).toBe('http://files.localhost:4000/base/');
    expect(p.userContentBase).toBe('http://files.localhost:4000/');
    expect(uploads.verifyPresign(p.secureSignature, p.secureExpire, now)).toBe('project-1');
  });

  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof KilnError ? `${err.kind}: ${err.message}` : String(err);
    }
    return 'accepted';
  };

  it.each([
    [
      'expired',
      (s: string, e: string) => [s, e, now + (PRESIGN_LIFETIME_S + 1) * 1000],
      PRESIGN_MESSAGES.expired,
    ],
    [
      'a later expiry',
      (s: string, e: string) => [s, String(Number(e) + 3600), now],
      PRESIGN_MESSAGES.invalid,
    ],
    [
      'another project',
      (s: string, e: string) => [s.replace('project-1', 'project-2'), e, now],
      PRESIGN_MESSAGES.invalid,
    ],
    ['no signature', (_s: string, e: string) => ['', e, now], PRESIGN_MESSAGES.invalid],
    ['a bad expiry', (s: string) => [s, 'soon', now], PRESIGN_MESSAGES.invalid],
  ] as const)('refuses %s', (_what, change, message) => {
    const p = uploads.presign('project-1', now);
    const [s, e, at] = change(p.secureSignature, p.secureExpire) as [string, string, number];
    expect(refusal(() => uploads.verifyPresign(s, e, at))).toBe(`unauthenticated: ${message}`);
  });
});

describe('upload limits per plan', () => {
  it('follow the plan and never pass the ceiling', () => {
    expect(uploadLimitFor(DEFAULT_UPLOAD_LIMITS, 'FREE')).toBe(10 * 1024 * 1024);
    expect(uploadLimitFor(DEFAULT_UPLOAD_LIMITS, 'BUSINESS')).toBe(100 * 1024 * 1024);
    expect(
      uploadLimitFor({ ...DEFAULT_UPLOAD_LIMITS, ENTERPRISE: Number.POSITIVE_INFINITY }, 'ENTERPRISE'),
    ).toBe(UPLOAD_CEILING_BYTES);
  });
});

describe('public-sheet submissions', () => {
  it('flatten lists with commas and keep the fields in order', () => {
    expect(
      parseSubmission({ sheetId: ' leads ', formData: { name: 'Ann', topics: ['a', 'b'], n: 3, ok: true } }),
    ).toEqual({
      sheetId: 'leads',
      data: { name: 'Ann', topics: 'a,b', n: '3', ok: 'true' },
    });
  });

  it.each([
    [null, /Send JSON with formData/],
    [{ sheetId: 's', formData: [] }, /Send JSON with formData/],
    [{ sheetId: '', formData: {} }, /sheetId must be a string/],
    [{ sheetId: 's', formData: { a: { b: 1 } } }, /The field "a" must be text/],
    [{ sheetId: 's', formData: { a: 'x'.repeat(10_001) } }, /The field "a" must be text/],
    [
      { sheetId: 's', formData: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x'])) },
      /at most 100 fields/,
    ],
  ])('refuses %j with a sentence', (body, message) => {
    expect(() => parseSubmission(body)).toThrow(message);
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2', "'-2"],
    ['line\nbreak', '"line\nbreak"'],
  ])('CSV cell %j is %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
