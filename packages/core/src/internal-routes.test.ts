import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKilnError } from './errors';
import {
  GENERATED_APP_API_PREFIXES,
  INTERNAL_ROUTE_PREFIX,
  isInternalRoute,
  isPresignRoute,
  isUploadRoute,
  toInternalRoute,
  toV0Route,
  UPLOAD_ROUTES,
  uploadErrorMessage,
} from './internal-routes';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(isKilnError(e) && e.kind).toBe('validation');
    return (e as Error).message;
  }
  throw new Error('expected a throw');
}

describe('internal routes: /_create/api/... ↔ /v0/...', () => {
  it.each([
    ['/_create/api/upload/', '/v0/upload/'],
    ['/_create/api/upload/presign/', '/v0/upload/presign/'],
    ['/_create/api/projects/p1?x=1', '/v0/projects/p1?x=1'],
    ['/_create/api/', '/v0/'],
  ])('%s ↔ %s', (internal, v0) => {
    expect(toV0Route(internal)).toBe(v0);
    expect(toInternalRoute(v0)).toBe(internal);
    expect(toV0Route(v0)).toBe(v0);
    expect(toInternalRoute(internal)).toBe(internal);
  });

  it.each(['/api/db', '/foo', 'v0/upload/', '/v0', '/_create/api', '/_create/upload/', '', '/V0/x'])(
    '%j is rejected: not a valid internal route',
    (path) => {
      expect(messageOf(() => toV0Route(path))).toBe(
        `Path ${path} is not a valid internal route. It should start with /v0/.`,
      );
      expect(messageOf(() => toInternalRoute(path))).toBe(
        `Path ${path} is not a valid internal route. It should start with /v0/.`,
      );
    },
  );

  it('round trips any /v0/ path both ways (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (rest) => {
        const v0 = `/v0/${rest}`;
        expect(toV0Route(toInternalRoute(v0))).toBe(v0);
        expect(isInternalRoute(toInternalRoute(v0))).toBe(true);
      }),
    );
  });

  it('has the spec prefixes and upload routes', () => {
    expect(INTERNAL_ROUTE_PREFIX).toBe('_create');
    expect(UPLOAD_ROUTES).toEqual({
      upload: '/v0/upload/',
      presign: '/v0/upload/presign/',
      internalUpload: '/_create/api/upload/',
      internalPresign: '/_create/api/upload/presign/',
    });
    expect(GENERATED_APP_API_PREFIXES).toEqual({ db: '/api/db', publicSheet: '/api/public-sheet' });
  });

  it.each([
    ['/v0/upload/', true, false],
    ['/v0/upload', true, false],
    ['/_create/api/upload/', true, false],
    ['/_create/api/upload/?a=1', true, false],
    ['/v0/upload/presign/', false, true],
    ['/_create/api/upload/presign', false, true],
    ['/v0/uploads/', false, false],
    ['/api/upload/', false, false],
  ])('%s: upload %s, presign %s', (path, upload, presign) => {
    expect(isUploadRoute(path)).toBe(upload);
    expect(isPresignRoute(path)).toBe(presign);
  });
});

describe('upload error messages', () => {
  it.each([
    [413, 'Upload failed: File too large.'],
    [400, 'Upload failed'],
    [500, 'Upload failed'],
    [0, 'Upload failed'],
  ])('status %i → %s', (status, message) => {
    expect(uploadErrorMessage(status)).toBe(message);
  });
});
