/**
 * Organizations: membership and invitations, plans and their allowances, credits and events, model settings.
 */
import { isKilnError, type OrganizationPlan, planAllowanceForJson } from '@kiln/core';
import { creditsOf, depositCredits, eventsOf, PLAN_REFILL_CREDITS } from '../../credits';
import {
  acceptInvitation,
  changeMemberRole,
  createOrganization,
  deleteOrganization,
  getOrganization,
  inviteMember,
  listInvitations,
  listMembers,
  type Organization,
  removeMember,
  renameOrganization,
  revokeInvitation,
  setPlan,
  transferOwnership,
} from '../../organizations';
import { requireRole } from '../../permissions';
import { limitForJson } from '../../plan-limits';
import { listProjectGroups } from '../../project-groups';
import { privateProjectCount } from '../../project-settings';
import { organizationsOf } from '../../projects';
import { type GraphQLContext, iso, requireUser } from '../context';
import type {
  MutationAcceptInvitationArgs,
  MutationChangeMemberRoleArgs,
  MutationCreateOrganizationArgs,
  MutationDeleteOrganizationArgs,
  MutationDepositCreditsArgs,
  MutationInviteMemberArgs,
  MutationLeaveOrganizationArgs,
  MutationRemoveMemberArgs,
  MutationRenameOrganizationArgs,
  MutationRevokeInvitationArgs,
  MutationSetOrganizationPlanArgs,
  MutationTransferOwnershipArgs,
  MutationUpdateModelSettingsArgs,
  OrganizationEventsArgs,
  QueryOrganizationArgs,
} from '../schema.gen';
import * as aiImages from './ai-images';

export const Query = {
  organizations: (_: unknown, __: unknown, ctx: GraphQLContext) =>
    organizationsOf(ctx.db, requireUser(ctx).id),
  organization: async (_: unknown, a: QueryOrganizationArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    try {
      const role = await requireRole(ctx.db, a.id, user.id, 'VIEWER');
      return { ...(await getOrganization(ctx.db, a.id)), role };
    } catch (e) {
      if (isKilnError(e) && e.kind === 'not_found') return null;
      throw e;
    }
  },
};

export const Mutation = {
  createOrganization: async (_: unknown, a: MutationCreateOrganizationArgs, ctx: GraphQLContext) => ({
    ...(await createOrganization(ctx.db, requireUser(ctx), a)),
    role: 'OWNER',
  }),
  renameOrganization: async (_: unknown, a: MutationRenameOrganizationArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    const org = await renameOrganization(ctx.db, user, a.id, a.name);
    return { ...org, role: await requireRole(ctx.db, a.id, user.id, 'VIEWER') };
  },
  deleteOrganization: (_: unknown, a: MutationDeleteOrganizationArgs, ctx: GraphQLContext) =>
    deleteOrganization(ctx.db, requireUser(ctx), a.id, ctx.files),
  inviteMember: async (_: unknown, a: MutationInviteMemberArgs, ctx: GraphQLContext) => {
    const { invitation, token } = await inviteMember(ctx.db, requireUser(ctx), a);
    return { invitation, acceptUrl: `${ctx.origins.builderOrigin}/invitations/${token}` };
  },
  acceptInvitation: async (_: unknown, a: MutationAcceptInvitationArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    const org = await acceptInvitation(ctx.db, user, a.token);
    return { ...org, role: await requireRole(ctx.db, org.id, user.id, 'VIEWER') };
  },
  revokeInvitation: (_: unknown, a: MutationRevokeInvitationArgs, ctx: GraphQLContext) =>
    revokeInvitation(ctx.db, requireUser(ctx), a.id),
  changeMemberRole: (_: unknown, a: MutationChangeMemberRoleArgs, ctx: GraphQLContext) =>
    changeMemberRole(ctx.db, requireUser(ctx), a),
  removeMember: (_: unknown, a: MutationRemoveMemberArgs, ctx: GraphQLContext) =>
    removeMember(ctx.db, requireUser(ctx), a),
  leaveOrganization: (_: unknown, a: MutationLeaveOrganizationArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    return removeMember(ctx.db, user, { organizationId: a.organizationId, userId: user.id });
  },
  transferOwnership: (_: unknown, a: MutationTransferOwnershipArgs, ctx: GraphQLContext) =>
    transferOwnership(ctx.db, requireUser(ctx), a),
  updateModelSettings: (_: unknown, a: MutationUpdateModelSettingsArgs, ctx: GraphQLContext) =>
    ctx.models.update(requireUser(ctx), a),
  setOrganizationPlan: async (_: unknown, a: MutationSetOrganizationPlanArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    const org = await setPlan(ctx.db, user, a.organizationId, a.plan);
    const role = await requireRole(ctx.db, org.id, user.id, 'VIEWER').catch(() => 'VIEWER');
    return { ...org, role };
  },
  depositCredits: (_: unknown, a: MutationDepositCreditsArgs, ctx: GraphQLContext) =>
    depositCredits(ctx.db, requireUser(ctx), a),
};

export const types = {
  Organization: {
    allowance: (o: Organization) => planAllowanceForJson(o.plan as OrganizationPlan),
    // As configured (KILN_DATABASE_SIZE_LIMITS); the field is non-null, so "unlimited" is the largest safe number.
    databaseSizeBytes: (o: Organization, _: unknown, ctx: GraphQLContext) => {
      const limit = ctx.backend.sizeLimits.forPlan(o.plan as OrganizationPlan);
      return Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER;
    },
    personal: (o: Organization) => o.personal ?? false,
    privateProjects: (o: Organization, _: unknown, ctx: GraphQLContext) => privateProjectCount(ctx.db, o.id),
    privateProjectLimit: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      limitForJson(ctx.privateLimits.projects[o.plan as OrganizationPlan]),
    privatePageLimit: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      limitForJson(ctx.privateLimits.pages[o.plan as OrganizationPlan]),
    projectGroups: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      listProjectGroups(ctx.db, requireUser(ctx), o.id),
    members: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      listMembers(ctx.db, requireUser(ctx), o.id),
    invitations: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      listInvitations(ctx.db, requireUser(ctx), o.id),
    credits: async (o: Organization, _: unknown, ctx: GraphQLContext) => ({
      ...(await creditsOf(ctx.db, requireUser(ctx), o.id)),
      refillAmount: PLAN_REFILL_CREDITS[o.plan as OrganizationPlan] ?? 0,
    }),
    events: (o: Organization, a: OrganizationEventsArgs, ctx: GraphQLContext) =>
      eventsOf(ctx.db, requireUser(ctx), o.id, a.limit ?? 50),
    ...aiImages.organizationFields,
    modelSettings: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      ctx.models.settings(requireUser(ctx), o.id),
  },
  Member: { joinedAt: (m: { joinedAt: Date }) => iso(m.joinedAt) },
  Invitation: { createdAt: (i: { createdAt: Date }) => iso(i.createdAt) },
  CreditEntry: {
    refunded: (e: { refundedAt: Date | null }) => e.refundedAt !== null,
    createdAt: (e: { createdAt: Date }) => iso(e.createdAt),
  },
  Event: { createdAt: (e: { createdAt: Date }) => iso(e.createdAt) },
};
