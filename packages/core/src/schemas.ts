/**
 * Zod schemas for the spec's values at package boundaries (GraphQL args, HTTP bodies, iframe messages).
 * Each reuses the rule from its feature file, so a schema and its function can never disagree.
 * @module
 */
import { z } from 'zod';
import {
  APP_KINDS,
  APP_TYPES,
  ENVIRONMENTS,
  JOB_STATUSES,
  ORGANIZATION_PLANS,
  ORGANIZATION_ROLES,
  PROJECT_GROUP_ACTIONS,
  PUBLISH_STATUSES,
  REVISION_ACTIONS,
  REVISION_STATUSES,
  RUN_STATUSES,
  SANDBOX_ENVIRONMENTS,
  USER_ROLES,
} from './enums';
import { MESSAGES } from './messages';
import { hasModuleExtension, isInSourceDirectory } from './module-paths';
import { isRoomId } from './rooms';

export const UserRoleSchema = z.enum(USER_ROLES);
export const OrganizationRoleSchema = z.enum(ORGANIZATION_ROLES);
export const OrganizationPlanSchema = z.enum(ORGANIZATION_PLANS);
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export const AppTypeSchema = z.enum(APP_TYPES);
export const AppKindSchema = z.enum(APP_KINDS);
export const RevisionStatusSchema = z.enum(REVISION_STATUSES);
export const RevisionActionSchema = z.enum(REVISION_ACTIONS);
export const ProjectGroupActionSchema = z.enum(PROJECT_GROUP_ACTIONS);
export const PublishStatusSchema = z.enum(PUBLISH_STATUSES);
export const RunStatusSchema = z.enum(RUN_STATUSES);
export const JobStatusSchema = z.enum(JOB_STATUSES);
export const SandboxEnvironmentSchema = z.enum(SANDBOX_ENVIRONMENTS);

/** A room id in one of the two formats; fails with "Invalid roomId". */
export const RoomIdSchema = z.string().refine(isRoomId, { message: MESSAGES.invalidRoomId });

/** A module path in a known source directory with a js/ts/jsx/tsx extension; fails with the catalogue message. */
export const ModulePathSchema = z.string().superRefine((path, ctx) => {
  if (!isInSourceDirectory(path))
    ctx.addIssue({ code: 'custom', message: MESSAGES.pathNotInSourceDir(path) });
  else if (!hasModuleExtension(path))
    ctx.addIssue({ code: 'custom', message: MESSAGES.pathBadExtension(path) });
});
