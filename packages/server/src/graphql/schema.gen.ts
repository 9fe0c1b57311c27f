// Generated from packages/server/src/graphql/schema.graphql by packages/builder/scripts/graphql-gen.ts: resolver argument types.
// Do not edit: change the schema and run `npm run generate -w @kiln/builder`.

export interface DesignSystemColorInput {
  name: string;
  value: string;
}

export interface DesignSystemFontsInput {
  body?: string | null;
  display?: string | null;
}

/** Arguments of `AppDatabase.tables`. */
export interface AppDatabaseTablesArgs {
  branch?: string | null;
}

/** Arguments of `AppDatabase.sizeBytes`. */
export interface AppDatabaseSizeBytesArgs {
  branch?: string | null;
}

/** Arguments of `AppTable.rows`. */
export interface AppTableRowsArgs {
  limit?: number | null;
  offset?: number | null;
}

/** Arguments of `Mutation.setVisitorAuthProvider`. */
export interface MutationSetVisitorAuthProviderArgs {
  projectId: string;
  provider: string;
  clientId: string;
  clientSecret?: string | null;
}

/** Arguments of `Mutation.signUp`. */
export interface MutationSignUpArgs {
  email: string;
  password: string;
  displayName?: string | null;
}

/** Arguments of `Mutation.signIn`. */
export interface MutationSignInArgs {
  email: string;
  password: string;
}

/** Arguments of `Mutation.verifyEmail`. */
export interface MutationVerifyEmailArgs {
  token: string;
}

/** Arguments of `Mutation.requestPasswordReset`. */
export interface MutationRequestPasswordResetArgs {
  email: string;
}

/** Arguments of `Mutation.resetPassword`. */
export interface MutationResetPasswordArgs {
  token: string;
  password: string;
}

/** Arguments of `Mutation.createProject`. */
export interface MutationCreateProjectArgs {
  prompt: string;
  organizationId?: string | null;
  attachments?: string[] | null;
}

/** Arguments of `Mutation.sendMessage`. */
export interface MutationSendMessageArgs {
  projectId: string;
  text: string;
  baseRevisionId?: string | null;
  clientMessageId?: string | null;
  mode?: 'CHAT' | 'DISCUSSION' | null;
  expert?: boolean | null;
  /** Images uploaded to POST /api/projects/{projectId}/attachments (at most 4; not in plan mode). */
  attachments?: string[] | null;
}

/** Arguments of `Mutation.fixError`. */
export interface MutationFixErrorArgs {
  projectId: string;
  revisionId: string;
  filePath: string;
  message: string;
}

/** Arguments of `Mutation.cancelGeneration`. */
export interface MutationCancelGenerationArgs {
  projectId: string;
}

/** Arguments of `Mutation.markRendered`. */
export interface MutationMarkRenderedArgs {
  revisionId: string;
}

/** Arguments of `Mutation.setTablePublicRead`. */
export interface MutationSetTablePublicReadArgs {
  projectId: string;
  table: string;
  publicRead: boolean;
}

/** Arguments of `Mutation.setProjectSecret`. */
export interface MutationSetProjectSecretArgs {
  projectId: string;
  name: string;
  value: string;
  environment?: string | null;
}

/** Arguments of `Mutation.saveSecretAndContinue`. */
export interface MutationSaveSecretAndContinueArgs {
  projectId: string;
  name: string;
  value: string;
  environment?: string | null;
}

/** Arguments of `Mutation.deleteProjectSecret`. */
export interface MutationDeleteProjectSecretArgs {
  projectId: string;
  name: string;
  environment?: string | null;
}

/** Arguments of `Mutation.reportPreviewError`. */
export interface MutationReportPreviewErrorArgs {
  revisionId: string;
  filePath: string;
  mode: string;
  message: string;
}

/** Arguments of `Mutation.publishProject`. */
export interface MutationPublishProjectArgs {
  projectId: string;
}

/** Arguments of `Mutation.rollbackDeployment`. */
export interface MutationRollbackDeploymentArgs {
  deploymentId: string;
}

/** Arguments of `Mutation.unpublishProject`. */
export interface MutationUnpublishProjectArgs {
  projectId: string;
}

/** Arguments of `Mutation.republishProject`. */
export interface MutationRepublishProjectArgs {
  projectId: string;
}

/** Arguments of `Mutation.saveModule`. */
export interface MutationSaveModuleArgs {
  projectId: string;
  filePath: string;
  content: string;
  baseRevisionId?: string | null;
}

/** Arguments of `Mutation.restoreRevision`. */
export interface MutationRestoreRevisionArgs {
  projectId: string;
  revisionId: string;
  baseRevisionId?: string | null;
  withData?: boolean | null;
}

/** Arguments of `Mutation.renameProject`. */
export interface MutationRenameProjectArgs {
  projectId: string;
  name: string;
}

/** Arguments of `Mutation.moveProject`. */
export interface MutationMoveProjectArgs {
  projectId: string;
  projectGroupId: string;
}

/** Arguments of `Mutation.duplicateProject`. */
export interface MutationDuplicateProjectArgs {
  projectId: string;
}

/** Arguments of `Mutation.forkProject`. */
export interface MutationForkProjectArgs {
  projectId: string;
  projectGroupId: string;
}

/** Arguments of `Mutation.deleteProject`. */
export interface MutationDeleteProjectArgs {
  projectId: string;
}

/** Arguments of `Mutation.updateDesignSystem`. */
export interface MutationUpdateDesignSystemArgs {
  projectId: string;
  tailwindConfig: string;
  fonts?: DesignSystemFontsInput | null;
  colors?: DesignSystemColorInput[] | null;
}

/** Arguments of `Mutation.setProjectEnvironment`. */
export interface MutationSetProjectEnvironmentArgs {
  projectId: string;
  environment: string;
}

/** Arguments of `Mutation.setProjectVisibility`. */
export interface MutationSetProjectVisibilityArgs {
  projectId: string;
  visibility: string;
}

/** Arguments of `Mutation.rotateProjectAccessLink`. */
export interface MutationRotateProjectAccessLinkArgs {
  projectId: string;
}

/** Arguments of `Mutation.restoreProjectGroupRevision`. */
export interface MutationRestoreProjectGroupRevisionArgs {
  projectGroupId: string;
  revisionId: string;
}

/** Arguments of `Mutation.createProjectGroup`. */
export interface MutationCreateProjectGroupArgs {
  organizationId: string;
  name: string;
}

/** Arguments of `Mutation.renameProjectGroup`. */
export interface MutationRenameProjectGroupArgs {
  id: string;
  name: string;
}

/** Arguments of `Mutation.deleteProjectGroup`. */
export interface MutationDeleteProjectGroupArgs {
  id: string;
}

/** Arguments of `Mutation.sendGroupMessage`. */
export interface MutationSendGroupMessageArgs {
  projectGroupId: string;
  text: string;
  projectIds?: string[] | null;
  /** Images uploaded to POST /api/attachments (at most 4); every changed project's generation sees them. */
  attachments?: string[] | null;
}

/** Arguments of `Mutation.createOrganization`. */
export interface MutationCreateOrganizationArgs {
  name: string;
}

/** Arguments of `Mutation.renameOrganization`. */
export interface MutationRenameOrganizationArgs {
  id: string;
  name: string;
}

/** Arguments of `Mutation.deleteOrganization`. */
export interface MutationDeleteOrganizationArgs {
  id: string;
}

/** Arguments of `Mutation.inviteMember`. */
export interface MutationInviteMemberArgs {
  organizationId: string;
  email: string;
  role: string;
}

/** Arguments of `Mutation.acceptInvitation`. */
export interface MutationAcceptInvitationArgs {
  token: string;
}

/** Arguments of `Mutation.revokeInvitation`. */
export interface MutationRevokeInvitationArgs {
  id: string;
}

/** Arguments of `Mutation.changeMemberRole`. */
export interface MutationChangeMemberRoleArgs {
  organizationId: string;
  userId: string;
  role: string;
}

/** Arguments of `Mutation.removeMember`. */
export interface MutationRemoveMemberArgs {
  organizationId: string;
  userId: string;
}

/** Arguments of `Mutation.leaveOrganization`. */
export interface MutationLeaveOrganizationArgs {
  organizationId: string;
}

/** Arguments of `Mutation.transferOwnership`. */
export interface MutationTransferOwnershipArgs {
  organizationId: string;
  userId: string;
}

/** Arguments of `Mutation.updateModelSettings`. */
export interface MutationUpdateModelSettingsArgs {
  organizationId: string;
  model?: string | null;
  baseUrl?: string | null;
  apiKey?: string | null;
  clearApiKey?: boolean | null;
}

/** Arguments of `Mutation.updateImageModel`. */
export interface MutationUpdateImageModelArgs {
  organizationId: string;
  model?: string | null;
  baseUrl?: string | null;
  apiKey?: string | null;
  clearApiKey?: boolean | null;
}

/** Arguments of `Mutation.updateWebSearch`. */
export interface MutationUpdateWebSearchArgs {
  organizationId: string;
  kind?: string | null;
  url?: string | null;
  apiKey?: string | null;
  clearApiKey?: boolean | null;
}

/** Arguments of `Mutation.setOrganizationPlan`. */
export interface MutationSetOrganizationPlanArgs {
  organizationId: string;
  plan: string;
}

/** Arguments of `Mutation.depositCredits`. */
export interface MutationDepositCreditsArgs {
  organizationId: string;
  amount: number;
  reason: string;
}

/** Arguments of `Mutation.updateUser`. */
export interface MutationUpdateUserArgs {
  userId: string;
  role?: string | null;
  ambassador?: boolean | null;
}

/** Arguments of `Mutation.visualEdit`. */
export interface MutationVisualEditArgs {
  projectId: string;
  baseRevisionId: string;
  filePath: string;
  line: number;
  column: number;
  kind: 'TEXT' | 'IMAGE' | 'LINK' | 'DELETE';
  value?: string | null;
  current?: string | null;
}

/** Arguments of `Mutation.patchElement`. */
export interface MutationPatchElementArgs {
  projectId: string;
  baseRevisionId: string;
  filePath: string;
  line: number;
  column: number;
  instruction: string;
}

/** Arguments of `Mutation.createModule`. */
export interface MutationCreateModuleArgs {
  projectId: string;
  moduleType: string;
  name?: string | null;
  baseRevisionId?: string | null;
}

/** Arguments of `Mutation.renameModule`. */
export interface MutationRenameModuleArgs {
  projectId: string;
  filePath: string;
  newFilePath: string;
  baseRevisionId?: string | null;
}

/** Arguments of `Mutation.deleteModule`. */
export interface MutationDeleteModuleArgs {
  projectId: string;
  filePath: string;
  baseRevisionId?: string | null;
}

/** Arguments of `Mutation.addMigration`. */
export interface MutationAddMigrationArgs {
  projectId: string;
  name: string;
  sql: string;
  baseRevisionId?: string | null;
}

/** Arguments of `Mutation.setGitRemote`. */
export interface MutationSetGitRemoteArgs {
  projectId: string;
  url: string;
  token?: string | null;
}

/** Arguments of `Mutation.pushToGit`. */
export interface MutationPushToGitArgs {
  projectId: string;
}

/** Arguments of `Mutation.setProjectVerification`. */
export interface MutationSetProjectVerificationArgs {
  projectId: string;
  enabled: boolean;
}

/** Arguments of `Mutation.startDeepDebugging`. */
export interface MutationStartDeepDebuggingArgs {
  projectId: string;
  problem: string;
  maxSteps?: number | null;
  maxCredits?: number | null;
}

/** Arguments of `Mutation.updateProjectKnowledge`. */
export interface MutationUpdateProjectKnowledgeArgs {
  projectId: string;
  text: string;
}

/** Arguments of `Mutation.updateOrganizationKnowledge`. */
export interface MutationUpdateOrganizationKnowledgeArgs {
  organizationId: string;
  text: string;
}

/** Arguments of `Mutation.acceptKnowledgeProposal`. */
export interface MutationAcceptKnowledgeProposalArgs {
  messageId: string;
  index?: number | null;
}

/** Arguments of `Mutation.cancelDiscussion`. */
export interface MutationCancelDiscussionArgs {
  projectId: string;
}

/** Arguments of `Mutation.updateExpertModel`. */
export interface MutationUpdateExpertModelArgs {
  organizationId: string;
  model?: string | null;
  baseUrl?: string | null;
  apiKey?: string | null;
  clearApiKey?: boolean | null;
}

/** Arguments of `Organization.events`. */
export interface OrganizationEventsArgs {
  limit?: number | null;
}

/** Arguments of `Project.logs`. */
export interface ProjectLogsArgs {
  branch?: string | null;
  limit?: number | null;
}

/** Arguments of `Project.analytics`. */
export interface ProjectAnalyticsArgs {
  days?: number | null;
}

/** Arguments of `ProjectGroup.revisions`. */
export interface ProjectGroupRevisionsArgs {
  limit?: number | null;
}

/** Arguments of `Query.elementOrigins`. */
export interface QueryElementOriginsArgs {
  projectId: string;
  revisionId: string;
  filePath: string;
  line: number;
  column: number;
  text?: string | null;
  src?: string | null;
  href?: string | null;
}

/** Arguments of `Query.visitorAuthProviders`. */
export interface QueryVisitorAuthProvidersArgs {
  projectId: string;
}

/** Arguments of `Query.projects`. */
export interface QueryProjectsArgs {
  organizationId?: string | null;
}

/** Arguments of `Query.project`. */
export interface QueryProjectArgs {
  id: string;
}

/** Arguments of `Query.organization`. */
export interface QueryOrganizationArgs {
  id: string;
}

/** Arguments of `Query.revisionDiff`. */
export interface QueryRevisionDiffArgs {
  projectId: string;
  fromRevisionId: string;
  toRevisionId: string;
}

/** Arguments of `Query.publicSheetCsv`. */
export interface QueryPublicSheetCsvArgs {
  projectId: string;
  branch?: string | null;
  sheetId?: string | null;
}

/** Arguments of `Query.securityScan`. */
export interface QuerySecurityScanArgs {
  projectId: string;
  revisionId?: string | null;
}
