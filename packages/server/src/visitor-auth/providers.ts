/**
 * @module The OAuth providers a project's published app offers its visitors (spec §3 AuthProvider: google,
 * facebook, twitter): client ids and sealed client secrets in `project_auth_providers`, read and changed in
 * Project settings (GraphQL `projectAuthProviders`, `setProjectAuthProvider`), turned into Auth.js providers.
 * A provider's endpoints can be replaced by an OpenID Connect issuer (`KILN_OAUTH_ISSUERS`), which is how the
 * tests sign in against a local provider.
 */
import type { Provider } from '@auth/core/providers';
import Facebook from '@auth/core/providers/facebook';
import Google from '@auth/core/providers/google';
import Twitter from '@auth/core/providers/twitter';
import { KilnError } from '@kiln/core';
import { OAUTH_PROVIDER_NAMES } from '@kiln/preview';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { projectAuthProviders } from '../db/schema';
import type { SecretBox } from '../secrets';

/** The OAuth providers a project can turn on, with the names visitors see. */
export const OAUTH_PROVIDERS = OAUTH_PROVIDER_NAMES;
export type OAuthProviderId = keyof typeof OAUTH_PROVIDERS;

export const isOAuthProvider = (value: string): value is OAuthProviderId =>
  Object.hasOwn(OAUTH_PROVIDERS, value);

/** A project's configured providers with their plaintext credentials (server side only). */
export type OAuthSettings = { provider: OAuthProviderId; clientId: string; clientSecret: string }[];

/** What Project settings shows of a provider: never the secret. */
export interface OAuthProviderView {
  provider: OAuthProviderId;
  name: string;
  clientId: string | null;
  hasClientSecret: boolean;
  /** The redirect URI to register with the provider. */
  callbackPath: string;
}

const MAX_FIELD = 500;

/** Reads and changes the providers of projects. */
export class ProjectAuthProviders {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  /** Every provider the app could offer, configured or not. */
  async list(projectId: string): Promise<OAuthProviderView[]> {
    const rows = await this.db
      .select()
      .from(projectAuthProviders)
      .where(eq(projectAuthProviders.projectId, projectId));
    return (Object.keys(OAUTH_PROVIDERS) as OAuthProviderId[]).map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      return {
        provider,
        name: OAUTH_PROVIDERS[provider],
        clientId: row?.clientId ?? null,
        hasClientSecret: Boolean(row),
        callbackPath: `/api/auth/callback/${provider}`,
      };
    });
  }

  /**
   * Sets a provider's client id and secret; an empty secret keeps the stored one; an empty client id turns the
   * provider off.
   */
  async set(
    projectId: string,
    provider: string,
    clientId: string,
    clientSecret: string | null,
  ): Promise<void> {
    if (!isOAuthProvider(provider)) {
      throw new KilnError(
        'validation',
        `Unknown sign-in provider "${provider}": use google, facebook or twitter.`,
      );
    }
    const id = clientId.trim();
    const secret = clientSecret?.trim() ?? '';
    if (id.length > MAX_FIELD || secret.length > MAX_FIELD) {
      throw new KilnError('validation', `A client id or secret is at most ${MAX_FIELD} characters.`);
    }
    const where = and(
      eq(projectAuthProviders.projectId, projectId),
      eq(projectAuthProviders.provider, provider),
    );
    if (!id) {
      await this.db.delete(projectAuthProviders).where(where);
      return;
    }
    const [existing] = await this.db.select().from(projectAuthProviders).where(where);
    if (!secret && !existing) {
      throw new KilnError('validation', `Enter the client secret ${OAUTH_PROVIDERS[provider]} gave you.`);
    }
    const sealed = secret
      ? this.secrets.encrypt(secret, `${projectId}:${provider}`)
      : existing!.clientSecretEncrypted;
    await this.db
      .insert(projectAuthProviders)
      .values({ projectId, provider, clientId: id, clientSecretEncrypted: sealed })
      .onConflictDoUpdate({
        target: [projectAuthProviders.projectId, projectAuthProviders.provider],
        set: { clientId: id, clientSecretEncrypted: sealed, updatedAt: new Date() },
      });
  }

  /** The configured providers with their secrets unsealed, for Auth.js. */
  async settings(projectId: string): Promise<OAuthSettings> {
    const rows = await this.db
      .select()
      .from(projectAuthProviders)
      .where(eq(projectAuthProviders.projectId, projectId));
    return rows
      .filter((r) => isOAuthProvider(r.provider))
      .map((r) => ({
        provider: r.provider as OAuthProviderId,
        clientId: r.clientId,
        clientSecret: this.secrets.decrypt(r.clientSecretEncrypted, `${projectId}:${r.provider}`),
      }));
  }
}

/**
 * Auth.js providers for a project's settings. A provider named in `issuers` is an OpenID Connect provider at
 * that issuer (discovery, PKCE, state) under the same id and name.
 */
export function oauthProviders(
  settings: OAuthSettings,
  issuers: Readonly<Record<string, string>>,
): Provider[] {
  return settings.map(({ provider, clientId, clientSecret }) => {
    const issuer = issuers[provider];
    if (issuer) {
      return {
        id: provider,
        name: OAUTH_PROVIDERS[provider],
        type: 'oidc',
        issuer,
        clientId,
        clientSecret,
        checks: ['pkce', 'state'],
        // The profile from the userinfo endpoint: issuers put email and name there, not always in the ID token.
        idToken: false,
        authorization: { params: { scope: 'openid email profile' } },
      };
    }
    const options = { clientId, clientSecret };
    switch (provider) {
      case 'google':
        return Google(options);
      case 'facebook':
        return Facebook(options);
      // twitter
      default:
        return Twitter(options);
    }
  });
}
