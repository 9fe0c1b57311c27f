/**
 * @module The platform database schema (Drizzle). The same tables on PGlite and PostgreSQL.
 * Migrations in ../../drizzle are generated from this file with `npm run db:generate -w @kiln/server`.
 */
import type { GenGroup, MessageBlock } from '@kiln/codegen';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    username: text('username').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull(),
    ambassador: boolean('ambassador').notNull().default(false),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
  ],
);

export const sessions = pgTable('sessions', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  plan: text('plan').notNull(),
  personal: boolean('personal').notNull().default(false),
  /** When the plan's periodic credit refill last ran. */
  refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

export const projectGroups = pgTable('project_groups', {
  id: id(),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const projects = pgTable(
  'projects',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectGroupId: text('project_group_id')
      .notNull()
      .references(() => projectGroups.id),
    name: text('name').notNull(),
    environment: text('environment').notNull(),
    designSystem: jsonb('design_system').$type<StoredDesignSystem>().notNull(),
    /** PUBLIC (default) or PRIVATE (DesignSystemVisibility values); private projects count against the plan. */
    visibility: text('visibility').notNull().default('PUBLIC'),
    /** sha256 of the access token that lets a visitor open a PRIVATE project's published app. */
    accessTokenHash: text('access_token_hash'),
    /** The project-group revision this project's latest revision belongs to. */
    projectGroupRevisionId: text('project_group_revision_id'),
    slug: text('slug'),
    publishStatus: text('publish_status').notNull(),
    deploymentId: text('deployment_id'),
    latestRevisionId: text('latest_revision_id'),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_slug_key').on(t.slug), index('projects_org_idx').on(t.organizationId)],
);

/** A project's design system: Tailwind config (CSS `@theme` or a JS/JSON config), fonts and named colours. */
export interface StoredDesignSystem {
  tailwindConfig: string;
  fonts?: { body?: string; display?: string };
  colors?: Record<string, string>;
}

/** One stored module of a revision: what the code is, not how it is shown (name/route derive from the path). */
export interface StoredModule {
  filePath: string;
  moduleType: string;
  content: string;
  /** The spec's Module field: true on auth pages written with custom auth on (spec §5); absent otherwise. */
  withCustomAuth?: boolean;
}

/**
 * Project-group revisions: a snapshot of which revision each project of a group was at, made whenever one of
 * them changes. Status (spec: INVALID_PROMPT, CREATED, VALID, INVALID, BUILDING) derives from the projects'.
 */
export const projectGroupRevisions = pgTable(
  'project_group_revisions',
  {
    id: id(),
    projectGroupId: text('project_group_id')
      .notNull()
      .references(() => projectGroups.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').notNull(),
    action: text('action').notNull(),
    /** projectId → revisionId of every project in the group at this point. */
    projectRevisions: jsonb('project_revisions').$type<Record<string, string>>().notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_group_revisions_group_number_key').on(t.projectGroupId, t.number)],
);

/** Per-organisation settings: the language model and its key (encrypted at rest, AES-256-GCM). */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** A KILN_MODEL-style spec (`openai:gpt-4o-mini`, …); null = the server's KILN_MODEL. */
  model: text('model'),
  modelBaseUrl: text('model_base_url'),
  /** `v1:{iv}:{tag}:{ciphertext}` (base64), never the key itself. */
  modelApiKeyEncrypted: text('model_api_key_encrypted'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const revisions = pgTable(
  'revisions',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    number: integer('number').notNull(),
    status: text('status').notNull(),
    action: text('action').notNull(),
    prompt: text('prompt'),
    /** What the generator is told besides the prompt, e.g. the failing module and message of a FIX_CHANGE. */
    context: jsonb('context').$type<{
      error?: { filePath: string; message: string };
      auto?: boolean;
      /** A top-down chat: the group's other projects the generation is told about (top-down-chat.ts). */
      group?: GenGroup;
      /** The deep-debugging session this revision is a step of (deep-debugging.ts). */
      deepDebug?: string;
      /** Generated by the organisation's expert model (EXPERT_SWE), as the user asked for this message. */
      expert?: boolean;
      /** Migrations written by hand (hand-revisions.ts `addMigration`), applied when the revision runs. */
      migrations?: { name: string; sql: string }[];
      /** Images attached to the user's message (chat-attachments.ts): storage keys, sniffed types, bytes. */
      attachments?: { id: string; mimeType: string; size: number }[];
    }>(),
    modules: jsonb('modules').$type<StoredModule[]>().notNull(),
    authorId: text('author_id').references(() => users.id),
    firstRenderedAt: timestamp('first_rendered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('revisions_project_number_key').on(t.projectId, t.number)],
);

/**
 * Each project's own database (spec §4 "User database status"): data lives in the app database engine
 * (src/app-db, one PGlite per branch); this row is its name and status on the platform.
 */
export const appDatabases = pgTable('app_databases', {
  id: id(),
  projectId: text('project_id')
    .notNull()
    .unique()
    .references(() => projects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** CREATING, COMPLETED or FAILED. */
  status: text('status').notNull(),
  createdAt: createdAt(),
});

/**
 * The app tables a project has opened for public reading (issue 13): visitors of the published app may run a
 * SELECT over `/api/db/{databaseId}` that reads only such tables. No row means closed, the default.
 */
export const appPublicTables = pgTable(
  'app_public_tables',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.tableName] })],
);

/**
 * The tables of a project's database, as the migrations its revisions wrote (`<kiln:migration>` blocks), in
 * order. `status` (spec "Database migration status") is the migration on the `development` branch; a
 * migration reaches `main` when the project is published (`publishedAt`).
 */
export const appMigrations = pgTable(
  'app_migrations',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    revisionId: text('revision_id')
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    /** Order within the project. */
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    sql: text('sql').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('app_migrations_project_name_key').on(t.projectId, t.name),
    uniqueIndex('app_migrations_project_seq_key').on(t.projectId, t.seq),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    revisionId: text('revision_id'),
    role: text('role').notNull(),
    text: text('text').notNull(),
    /** What the assistant's reply did (codegen `done.blocks`): modules, migrations, tool calls, choices, publish. */
    blocks: jsonb('blocks').$type<MessageBlock[]>(),
    /** DISCUSSION for plan-mode messages (the question and its answer, never a revision); null for a build. */
    mode: text('mode'),
    /** The user asked for the organisation's expert model for this message (EXPERT_SWE). */
    expert: boolean('expert').notNull().default(false),
    /**
     * Images attached to a plan-mode question (chat-attachments.ts); a build message's are in its revision's
     * context.
     */
    attachments: jsonb('attachments').$type<{ id: string; mimeType: string; size: number }[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * Every image uploaded for a project's chat (chat-attachments.ts), with when a message first named it
 * (`sentAt`). One never sent is deleted, file and row, a day after its upload (`sweepUnsentAttachments`):
 * any process may sweep, `DELETE … RETURNING` hands each row to exactly one of them.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    /** The file's key in the upload storage. */
    id: text('id').primaryKey(),
    /** Null while the image waits for a project (the dashboard's first prompt: `POST /api/attachments`). */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('chat_attachments_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** The revision a `generate` job builds; null for a `discuss` job, which makes none. */
    revisionId: text('revision_id').references(() => revisions.id, { onDelete: 'cascade' }),
    /** A `discuss` job (plan mode): the user's DISCUSSION message it answers. */
    messageId: text('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('jobs_status_idx').on(t.status, t.createdAt)],
);

export const runs = pgTable('runs', {
  id: id(),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  revisionId: text('revision_id').notNull(),
  jobId: text('job_id').notNull(),
  status: text('status').notNull(),
  inputTokens: integer('input_tokens').notNull().default(0),
  outputTokens: integer('output_tokens').notNull().default(0),
  error: text('error'),
  startedAt: createdAt(),
  endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
});

export const deployments = pgTable('deployments', {
  id: id(),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  revisionId: text('revision_id').notNull(),
  slug: text('slug').notNull(),
  html: text('html').notNull(),
  createdBy: text('created_by').references(() => users.id),
  createdAt: createdAt(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** sha256 of the token sent by e-mail. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    index('invitations_org_idx').on(t.organizationId),
  ],
);

/**
 * The credit ledger: DEPOSIT rows (reason: a CreditDepositReason), REFILL rows (the plan's periodic refill) and
 * TRANSACTION rows (type: a CreditTransactionType; negative amounts). A refunded transaction keeps its row.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entry: text('entry').notNull(),
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    /** The revision whose generation this transaction paid for (refunds find it by this). */
    revisionId: text('revision_id'),
    userId: text('user_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_org_idx').on(t.organizationId, t.createdAt)],
);

/** The event log (spec: the usage types plus STORAGE_USAGE, DEPOSIT_CREDITS, REFILL_CREDITS, PERIODIC_REFILL_CREDITS). */
export const eventLog = pgTable(
  'event_log',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    amount: integer('amount').notNull().default(0),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('event_log_org_idx').on(t.organizationId, t.createdAt)],
);

/** One-time e-mail tokens (stored hashed): VERIFY_EMAIL and RESET_PASSWORD. */
export const emailTokens = pgTable('email_tokens', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Every e-mail Kiln sent; the development mailbox shows them when no SMTP server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * The npm packages a revision's code imports outside the preview's catalogue (issue 16): its lock record,
 * one row per import source, so the revision and its deployments always load the same bundle.
 */
export const revisionPackages = pgTable(
  'revision_packages',
  {
    revisionId: text('revision_id')
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    /** The import source as written: `lodash`, `lodash/debounce`, `dayjs@1`. */
    source: text('source').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    /** The tarball's registry integrity (sha512), '' for a built-in's stand-in. */
    integrity: text('integrity').notNull(),
    /** sha256 of the bundle under `{dataDir}/npm/bundles/`. */
    bundle: text('bundle').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.source] })],
);

/**
 * Analytics of published apps (issue 19, src/analytics): page views and the generated code's identify/track
 * events. No cookies and no personal data: `visitorHash` is a hash of the client's address and user agent with
 * a salt that changes every UTC day (the salts of past days are deleted), so a visitor can be counted within a
 * day but not followed across days or identified. Rows older than KILN_ANALYTICS_RETENTION_DAYS are deleted.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** pageview, track or identify. */
    type: text('type').notNull(),
    /** The event's name (track); '' for page views and identify. */
    name: text('name').notNull().default(''),
    /** The page's path, without its query or hash. */
    path: text('path').notNull(),
    /** The referring site's host, when another site sent the visitor. */
    referrer: text('referrer'),
    /** desktop, mobile or tablet (from the user agent); browser and os by family only. */
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** track's properties (at most 20 scalar values). */
    props: jsonb('props').$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_project_idx').on(t.projectId, t.createdAt)],
);

/** One random salt per UTC day for `analyticsEvents.visitorHash`, shared by every Kiln process on the database. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * An organisation's image model for `/api/ai-img` (issue 14, src/ai-images): an OpenAI-compatible images
 * endpoint (`{baseUrl}/images/generations`), its model id and its API key sealed with the server key.
 */
export const organizationImageModels = pgTable('organization_image_models', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  /** Null: OpenAI's API. */
  baseUrl: text('base_url'),
  /** `v1:{iv}:{tag}:{ciphertext}` (base64), never the key itself. */
  apiKeyEncrypted: text('api_key_encrypted'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// --- Functions that reach the world (issue 19): project secrets and function logs ------------------------------

/**
 * A project's secrets, read by its functions as `process.env.NAME`. `environment` is ALL (both branches),
 * DEVELOPMENT (the preview) or PUBLISHED (the published app); a branch's own value wins over ALL. The value is
 * sealed with the server key (secrets.ts), bound to the project id, and never returned.
 */
export const projectSecrets = pgTable(
  'project_secrets',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    environment: text('environment').notNull(),
    sealedValue: text('sealed_value').notNull(),
    setById: text('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.name, t.environment] })],
);

/**
 * What a project's functions did: one REQUEST row per function request (method, path, status, duration), their
 * `console` output and outbound calls, per branch (`development` = preview, `main` = published). Pruned after
 * `KILN_LOG_RETENTION_DAYS`.
 */
export const functionLogs = pgTable(
  'function_logs',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    /** INFO, WARN or ERROR (spec: log levels). */
    level: text('level').notNull(),
    /** REQUEST, CONSOLE or FETCH. */
    source: text('source').notNull(),
    message: text('message').notNull(),
    method: text('method'),
    path: text('path'),
    status: integer('status'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [
    index('function_logs_project_idx').on(t.projectId, t.createdAt),
    index('function_logs_created_idx').on(t.createdAt),
  ],
);
/** Binary column (PGlite answers Uint8Array, node-postgres Buffer; both are Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A deployment's production document (issue 15), built once at publish: the page's ETag, its size and its
 * brotli and gzip encodings, so every process serves it from memory without compressing anything.
 */
export const deploymentDocuments = pgTable('deployment_documents', {
  deploymentId: text('deployment_id')
    .primaryKey()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  /** A strong validator: the quoted sha256 of the HTML (base64url, 27 characters). */
  etag: text('etag').notNull(),
  /** Bytes of the HTML as sent uncompressed. */
  size: integer('size').notNull(),
  br: bytea('br').notNull(),
  gzip: bytea('gzip').notNull(),
});

/**
 * A deployment's own document per page (issue 15): with the page's code inline when the build is split per page
 * (written at publish), then — when the page rendered without data — with its prerendered markup in the root
 * element (replacing the row after the publish). Encoded like `deploymentDocuments`. A path without a row is
 * served the deployment's plain document.
 */
export const deploymentPages = pgTable(
  'deployment_pages',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** The page's route as visitors request it (`/`, `/about`): no parameters, no query. */
    path: text('path').notNull(),
    html: text('html').notNull(),
    etag: text('etag').notNull(),
    br: bytea('br').notNull(),
    gzip: bytea('gzip').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

/**
 * A deployment's page chunks (issue 15): each page's own compiled modules as JSON (`@kiln/preview` appBuild),
 * fetched by the visitor's browser when it moves to that page from another, at `/_kiln/pages/{name}` (a content
 * hash: served as immutable). Encoded like `deploymentDocuments`, written with the deployment, never changed.
 */
export const deploymentChunks = pgTable(
  'deployment_chunks',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** `{hash}.json`. */
    name: text('name').notNull(),
    body: text('body').notNull(),
    etag: text('etag').notNull(),
    br: bytea('br').notNull(),
    gzip: bytea('gzip').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.name] })],
);

/**
 * Idempotent chat sends (issue 21): the id the builder generated for a message, and the revision it queued.
 * A retried send (the answer was lost to a network drop) finds its row and gets the same revision back
 * instead of queuing, and charging for, a second one.
 */
export const chatSends = pgTable(
  'chat_sends',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clientMessageId: text('client_message_id').notNull(),
    revisionId: text('revision_id')
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.clientMessageId] })],
);

/**
 * Issue 14, visitor sign-in: the OAuth providers (google, facebook, twitter) a project's published app offers
 * its visitors, each with its client id and its client secret sealed with the server key (secrets.ts; bound to
 * the project id, never returned).
 */
export const projectAuthProviders = pgTable(
  'project_auth_providers',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.provider] })],
);

/**
 * Issue 22, web search: the organisation's search provider for the generation's `web_search` tool (web-search.ts).
 * kind SEARXNG (a SearXNG-compatible JSON endpoint) or BRAVE (Brave Search API); the key sealed with the server
 * key (secrets.ts; bound to the organisation id, never returned). No row: the tool is not offered.
 */
export const organizationWebSearch = pgTable('organization_web_search', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  apiKeyEncrypted: text('api_key_encrypted'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Issue 22, project knowledge: a project's standing instructions, sent with every generation and discussion
 * of the project (within the context budget). EDITOR and up change them.
 */
export const projectKnowledge = pgTable('project_knowledge', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Issue 22: an organisation's standing instructions, sent before each of its projects' own. ADMIN and up. */
export const organizationKnowledge = pgTable('organization_knowledge', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Issue 17, presence: one row per connection in a room (a member with two tabs is two rows), refreshed by the
 * connection's heartbeat. A row not refreshed within the heartbeat (30 s) is gone; any process on the database
 * may sweep it. Kept in the database so every process sees the whole roster.
 */
export const roomPresence = pgTable(
  'room_presence',
  {
    connectionId: text('connection_id').notNull(),
    roomId: text('room_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typing: boolean('typing').notNull().default(false),
    selectedModule: text('selected_module'),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.roomId] }), index('room_presence_room_idx').on(t.roomId)],
);

/**
 * Issue 17, git: where a project's history is pushed (URL, token sealed with the server key bound to the
 * project id, never returned) and how the last push went. The repository itself is a cache rebuilt from
 * revisions (git/), so only this row is stored.
 */
export const projectGitRemotes = pgTable('project_git_remotes', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  remoteUrl: text('remote_url').notNull(),
  sealedToken: text('sealed_token'),
  updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastPushAt: timestamp('last_push_at', { withTimezone: true, mode: 'date' }),
  lastPushOk: boolean('last_push_ok'),
  lastPushMessage: text('last_push_message'),
  lastPushCommits: integer('last_push_commits'),
});

/** One step of a verification walk as stored: its screenshot is a row of `verificationScreenshots`. */
export interface StoredVerificationStep {
  action: string;
  ok: boolean;
  detail: string | null;
  viewport: 'desktop' | 'mobile';
  screenshotId: string | null;
}

/**
 * Issue 22, verification after every generation: the report of a revision's walk in headless Chromium
 * (jobs/verification.ts), written in the same transaction that finishes the revision. PASSED, FAILED or SKIPPED.
 */
export const revisionVerifications = pgTable('revision_verifications', {
  revisionId: text('revision_id')
    .primaryKey()
    .references(() => revisions.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  steps: jsonb('steps').$type<StoredVerificationStep[]>().notNull(),
  consoleErrors: jsonb('console_errors').$type<string[]>().notNull(),
  failedRequests: jsonb('failed_requests').$type<string[]>().notNull(),
  /** Why a verification was SKIPPED, or null. */
  note: text('note'),
  durationMs: integer('duration_ms').notNull(),
  createdAt: createdAt(),
});

/** A verification's JPEG screenshots, in the database so that every process serves them. */
export const verificationScreenshots = pgTable(
  'verification_screenshots',
  {
    id: id(),
    revisionId: text('revision_id')
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    jpeg: bytea('jpeg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('verification_screenshots_revision_idx').on(t.revisionId)],
);

/** A project whose generations are not verified (issue 22: on by default; a row here switches it off). */
export const projectVerificationSettings = pgTable('project_verification_settings', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Deep debugging (issue 22, project-group action DEEP_DEBUGGING): a user-started loop of fix generations, each
 * verified in the browser, within a step and credit budget the user set. Status RUNNING, FINISHED (the walk
 * passed), BUDGET_SPENT, CANCELED or OUT_OF_CREDITS.
 */
export const deepDebugSessions = pgTable(
  'deep_debug_sessions',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    problem: text('problem').notNull(),
    status: text('status').notNull(),
    maxSteps: integer('max_steps').notNull(),
    maxCredits: integer('max_credits').notNull(),
    steps: integer('steps').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    authorId: text('author_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('deep_debug_sessions_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * Issue 22, expert mode (EXPERT_SWE): the stronger model an organisation names for hard requests, which a
 * user picks per message. Same shape as the organisation's model in organization_settings; key sealed.
 */
export const organizationExpertModels = pgTable('organization_expert_models', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  modelBaseUrl: text('model_base_url'),
  modelApiKeyEncrypted: text('model_api_key_encrypted'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
