import { describe, expect, it } from 'vitest';
import { ModulePathSchema, OrganizationPlanSchema, RevisionStatusSchema, RoomIdSchema } from './schemas';

function issue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('boundary schemas', () => {
  it.each([
    ['project-canvas:pg1', null],
    ['app-builder:o:p', null],
    ['app-builder:o', 'Invalid roomId'],
  ])('room id %j → %j', (id, message) => {
    expect(issue(RoomIdSchema.safeParse(id))).toBe(message);
  });

  it.each([
    ['apps/web/src/app/page.tsx', null],
    ['src/app/page.tsx', 'Path src/app/page.tsx is not in a known source directory'],
    ['apps/web/src/app/a.css', 'Path apps/web/src/app/a.css does not have a valid extension'],
  ])('module path %j → %j', (path, message) => {
    expect(issue(ModulePathSchema.safeParse(path))).toBe(message);
  });

  it('enum schemas accept exactly the spec values', () => {
    expect(RevisionStatusSchema.parse('BUILDING_UI')).toBe('BUILDING_UI');
    expect(RevisionStatusSchema.safeParse('building_ui').success).toBe(false);
    expect(OrganizationPlanSchema.options).toEqual([
      'FREE',
      'PRO',
      'BUSINESS',
      'ENTERPRISE',
      'FREE_USAGE',
      'PRO_USAGE',
    ]);
  });
});
