/** The GraphQL request context and the helpers every resolver file shares. */

import { KilnError } from '@kiln/core';
import type { User } from '../accounts';
import type { AiImages } from '../ai-images/index';
import type { AnalyticsOptions } from '../analytics/store';
import type { AppBackend } from '../app-backend';
import type { ContentClassifier } from '../content-safety';
import type { Db } from '../db/index';
import type { ProjectGit } from '../git/index';
import type { Mailer } from '../mailer';
import { SERVER_MESSAGES as M } from '../messages';
import type { OrganizationModels } from '../model-settings';
import type { Origins } from '../origins';
import type { PrivateLimits } from '../plan-limits';
import type { RateLimits } from '../rate-limits';
import type { FileStorage } from '../uploads/storage';
import type { ProjectAuthProviders } from '../visitor-auth/providers';
import type { OrganizationWebSearch } from '../web-search';
import type { Deadline } from './limits';

export interface GraphQLContext extends Deadline {
  db: Db;
  mailer: Mailer;
  origins: Origins;
  user: User | null;
  /** Start a session cookie for this response. */
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
  sessionToken: string | undefined;
  /** The caller's address (for rate limits): the TCP peer, or X-Forwarded-For behind a trusted proxy. */
  clientAddress: string;
  classifier: ContentClassifier;
  /** A revision was queued: wake the workers. */
  onQueued(): void;
  /** A generation was canceled: abort it if this process runs it. */
  onCancel(revisionId: string): void;
  /** A project's latest revision changed: tell its room. */
  onProjectChanged(projectId: string): void;
  /** The server's log. */
  log(msg: string, extra?: unknown): void;
  /** Per-organisation model settings. */
  models: OrganizationModels;
  /** Plan limits on private projects and their pages. */
  privateLimits: PrivateLimits;
  /** Generated apps' functions and databases. */
  backend: AppBackend;
  /** Sign-in, sign-up and mail limits (in memory, or shared through PostgreSQL). */
  rateLimits: RateLimits;
  /** Published apps' analytics settings (absent: on, 365 days). */
  analytics?: AnalyticsOptions;
  /** Organisation image models and `/api/ai-img` (absent: placeholders only). */
  aiImages?: AiImages;
  /** Organisations' search providers for the web_search tool (absent: not offered). */
  webSearch?: OrganizationWebSearch;
  /** Projects' OAuth providers for visitor sign-in on their published apps. */
  authProviders: ProjectAuthProviders;
  /** Projects' git history and pushes (absent in contexts built without it). */
  git?: ProjectGit;
  /** `KILN_VERIFY`: generations verified in the browser unless false (absent: on). */
  verify?: boolean;
  /** `KILN_PRERENDER`: published pages that need no data are prerendered unless false (absent: on). */
  prerender?: boolean;
  /** The upload file storage, where chat messages' images are (chat-attachments.ts). */
  files: FileStorage;
}

/** The signed-in user, or an `unauthenticated` error. */
export function requireUser(ctx: GraphQLContext): User {
  if (!ctx.user) throw new KilnError('unauthenticated', M.signInRequired);
  return ctx.user;
}

export const iso = (d: Date) => d.toISOString();

/**
 * `load` read at most once per request and key, however many fields of the answer ask (a chat's messages, a
 * project's revisions): the returned function answers from the request's own cache, which goes with the request.
 */
export function oncePerRequest<T>(
  load: (ctx: GraphQLContext, key: string) => Promise<T>,
): (ctx: GraphQLContext, key: string) => Promise<T> {
  const byRequest = new WeakMap<GraphQLContext, Map<string, Promise<T>>>();
  return (ctx, key) => {
    let loaded = byRequest.get(ctx);
    if (!loaded) {
      loaded = new Map();
      byRequest.set(ctx, loaded);
    }
    let value = loaded.get(key);
    if (!value) {
      value = load(ctx, key);
      loaded.set(key, value);
    }
    return value;
  };
}
