import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKilnError } from './errors';
import { buildRoomId, isRoomId, parseRoomId, type Room } from './rooms';

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('room ids', () => {
  it.each<[Room, string]>([
    [{ kind: 'project-canvas', projectGroupId: 'pg_1' }, 'project-canvas:pg_1'],
    [{ kind: 'app-builder', organizationId: 'org_1', projectId: 'p_1' }, 'app-builder:org_1:p_1'],
    [
      { kind: 'app-builder', organizationId: '8f2c-uuid', projectId: 'a1b2c3d4-0000-4000-8000-000000000000' },
      'app-builder:8f2c-uuid:a1b2c3d4-0000-4000-8000-000000000000',
    ],
  ])('%j ↔ %s', (room, id) => {
    expect(buildRoomId(room)).toBe(id);
    expect(parseRoomId(id)).toEqual(room);
    expect(isRoomId(id)).toBe(true);
  });

  it.each([
    '',
    'project-canvas',
    'project-canvas:',
    'project-canvas:a:b',
    'app-builder:org',
    'app-builder:org:',
    'app-builder::p',
    'app-builder:o:p:x',
    'canvas:pg',
    'PROJECT-CANVAS:pg',
    ' project-canvas:pg',
  ])('%j is rejected with "Invalid roomId"', (id) => {
    const e = errorOf(() => parseRoomId(id));
    expect(isKilnError(e) && e.kind).toBe('validation');
    expect((e as Error).message).toBe('Invalid roomId');
    expect(isRoomId(id)).toBe(false);
  });

  it.each<Room>([
    { kind: 'project-canvas', projectGroupId: '' },
    { kind: 'project-canvas', projectGroupId: 'a:b' },
    { kind: 'app-builder', organizationId: '', projectId: 'p' },
    { kind: 'app-builder', organizationId: 'o', projectId: 'p:q' },
    { kind: 'other', projectGroupId: 'x' } as unknown as Room,
  ])('building %j is rejected with "Invalid roomId"', (room) => {
    const e = errorOf(() => buildRoomId(room));
    expect((e as Error).message).toBe('Invalid roomId');
  });

  const id = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).filter((s) => !s.includes(':'));
  const room: fc.Arbitrary<Room> = fc.oneof(
    id.map((projectGroupId) => ({ kind: 'project-canvas' as const, projectGroupId })),
    fc
      .tuple(id, id)
      .map(([organizationId, projectId]) => ({ kind: 'app-builder' as const, organizationId, projectId })),
  );

  it('build then parse gives back the room (property)', () => {
    fc.assert(
      fc.property(room, (r) => {
        expect(parseRoomId(buildRoomId(r))).toEqual(r);
      }),
    );
  });

  it('parse then build gives back the id, for every string that parses (property)', () => {
    const candidate = fc.oneof(
      fc.string({ maxLength: 30 }),
      room.map(buildRoomId),
      fc
        .tuple(
          fc.constantFrom('project-canvas', 'app-builder'),
          fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
        )
        .map(([k, parts]) => [k, ...parts].join(':')),
    );
    fc.assert(
      fc.property(candidate, (s) => {
        if (isRoomId(s)) expect(buildRoomId(parseRoomId(s))).toBe(s);
      }),
    );
  });
});
