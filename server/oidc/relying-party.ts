/**
 * The OpenID Connect relying party (openid-client v6): discovery, the authorization request, the
 * code exchange and the ID token's checks. One code path for every provider — Okta, Entra ID,
 * the development provider at /api/dev/idp, the tests' second provider: only the settings
 * differ (docs/decisions/019-openid-connect.md).
 *
 * What openid-client checks, with the options chosen here:
 * - authorization code flow with PKCE (S256), `state` and `nonce`; `iss` on the redirect when the
 *   provider advertises it (RFC 9207);
 * - the ID token: signature against the provider's JWKS (`enableNonRepudiationChecks`: without it
 *   openid-client trusts a token received over TLS from the token endpoint), `alg` among those
 *   the provider advertises (RS256 when it says nothing; never `none`; an HMAC token is refused
 *   even when advertised, since it cannot be checked against the JWKS), `iss`, `aud`, `azp`, `exp`,
 *   `iat`, `nonce`.
 * The e-mail comes from the ID token, or from the userinfo endpoint (its `sub` must be the ID
 * token's) when the token carries none, as Okta's and oidc-provider's code-flow tokens do.
 *
 * Discovered configurations are kept 10 minutes per (issuer, client, secret): a sign-in then costs
 * the provider one token request (and a JWKS fetch when its keys are not cached yet).
 */
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { SsoProvider } from '@domain/sso';
import { issuerFor, isFetchableProviderUrl } from './issuer';
import { describe, failureOf, isUnreachable, SsoFailure } from './failure';
import { providerFetch, type ProviderFetch } from './provider-fetch';

/** What the sign-in asks the provider for. */
export const OIDC_SCOPE = 'openid email profile';
/** Each request to a provider (discovery, token, keys, userinfo) gets this long. */
export const PROVIDER_TIMEOUT_SECONDS = 10;
export const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const CACHE_LIMIT = 500;

export interface ProviderSettings {
  provider: SsoProvider;
  tenant: string;
  clientId: string;
  clientSecret: string;
}

export interface RelyingPartyOptions {
  production: boolean;
  /** How requests reach providers (tests may resolve host names their own way). */
  fetch?: ProviderFetch;
  timeoutSeconds?: number;
  discoveryTtlMs?: number;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in. */
export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** `email_verified` when the provider sent it. */
  emailVerified: boolean | undefined;
}

export type SettingsCheck = { ok: true; issuer: string } | { ok: false; error: string };

export class RelyingParty {
  private readonly fetch: ProviderFetch;
  private readonly timeout: number;
  private readonly ttlMs: number;
  private readonly cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  constructor(private readonly options: RelyingPartyOptions) {
    this.fetch = options.fetch ?? providerFetch({ production: options.production });
    this.timeout = options.timeoutSeconds ?? PROVIDER_TIMEOUT_SECONDS;
    this.ttlMs = options.discoveryTtlMs ?? DISCOVERY_TTL_MS;
  }

  /** The issuer of the settings, or SsoFailure('oauth-unavailable') when the Tenant gives none. */
  issuerOf(settings: Pick<ProviderSettings, 'provider' | 'tenant'>): string {
    const result = issuerFor(settings.provider, settings.tenant, this.options);
    if (!result.ok)
      throw new SsoFailure(
        'oauth-unavailable',
        `the saved Tenant gives no issuer: ${result.error}`,
      );
    return result.issuer;
  }

  /**
   * "Apply Settings": the Tenant gives an issuer, and the issuer answers a discovery document of an
   * OpenID Provider this relying party can use. The message says what is wrong, for the screen.
   */
  async checkSettings(settings: ProviderSettings): Promise<SettingsCheck> {
    const result = issuerFor(settings.provider, settings.tenant, this.options);
    if (!result.ok) return result;
    try {
      await this.discoverUncached(result.issuer, settings);
      return { ok: true, issuer: result.issuer };
    } catch (error) {
      return { ok: false, error: discoveryProblem(result.issuer, error) };
    }
  }

  /** The URL of the provider's authorization endpoint to send the browser to. */
  async authorizationUrl(settings: ProviderSettings, request: AuthorizationRequest): Promise<URL> {
    const config = await this.configuration(settings);
    return client.buildAuthorizationUrl(config, {
      redirect_uri: request.redirectUri,
      scope: OIDC_SCOPE,
      response_type: 'code',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * The provider's answer on the redirect (`callbackUrl`: the redirect URI with the query the
   * browser brought): checks it, exchanges the code and checks the ID token.
   */
  async finish(
    settings: ProviderSettings,
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SignedInIdentity> {
    const config = await this.configuration(settings);
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SsoFailure('oauth-server-error', 'the token answer has no ID token');
      let source: Record<string, unknown> = claims;
      if (claims.email === undefined) {
        // Scope claims may come from the userinfo endpoint only (OIDC Core 5.4).
        source = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof source.email === 'string' ? source.email : null,
        emailVerified:
          typeof source.email_verified === 'boolean'
            ? source.email_verified
            : // Some providers send "true"/"false" as text.
              source.email_verified === 'true'
              ? true
              : source.email_verified === 'false'
                ? false
                : undefined,
      };
    } catch (error) {
      // The code was spent or the provider failed: the next sign-in discovers again, so a
      // provider that rotated its keys or moved its endpoints is picked up at once.
      if (!(error instanceof client.AuthorizationResponseError)) this.forget(settings);
      throw failureOf(error);
    }
  }

  private key(settings: ProviderSettings): string {
    const secret = createHash('sha256').update(settings.clientSecret).digest('hex');
    return JSON.stringify([this.issuerOf(settings), settings.clientId, secret]);
  }

  private forget(settings: ProviderSettings): void {
    this.cache.delete(this.key(settings));
  }

  /** The discovered configuration, from the cache when fresh; SsoFailure when it cannot be had. */
  private async configuration(settings: ProviderSettings): Promise<client.Configuration> {
    const key = this.key(settings);
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < this.ttlMs) return cached.config;
    const config = this.discoverUncached(this.issuerOf(settings), settings);
    this.cache.delete(key);
    this.cache.set(key, { at: now, config });
    while (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    try {
      return await config;
    } catch (error) {
      if (this.cache.get(key)?.config === config) this.cache.delete(key);
      throw error instanceof SsoFailure
        ? error
        : new SsoFailure(
            // Discovery that fails for any reason means we cannot talk to the provider.
            'oauth-unavailable',
            `discovery failed: ${isUnreachable(error) ? 'unreachable: ' : ''}${describe(error)}`,
          );
    }
  }

  private async discoverUncached(
    issuer: string,
    settings: ProviderSettings,
  ): Promise<client.Configuration> {
    const basic = client.ClientSecretBasic(settings.clientSecret);
    const post = client.ClientSecretPost(settings.clientSecret);
    // client_secret_basic is the default of the standard (and Okta's, Entra ID's and
    // oidc-provider's); a provider that advertises only client_secret_post gets that.
    const auth: client.ClientAuth = (as, c, body, headers) => {
      const methods = as.token_endpoint_auth_methods_supported;
      (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? post
        : basic)(as, c, body, headers);
    };
    const insecure = new URL(issuer).protocol === 'http:';
    const config = await client.discovery(
      new URL(issuer),
      settings.clientId,
      { client_secret: settings.clientSecret },
      auth,
      {
        [client.customFetch]: this.fetch as client.CustomFetch,
        timeout: this.timeout,
        execute: [
          client.enableNonRepudiationChecks,
          // http only ever for loopback outside production (issuer.ts; provider-fetch.ts again).
          ...(insecure ? [client.allowInsecureRequests] : []),
        ],
      },
    );
    const problem = metadataProblem(config.serverMetadata(), this.options);
    if (problem) throw new SsoFailure('oauth-unavailable', problem);
    return config;
  }
}

/** What makes a discovery document unusable for this relying party, or null. */
export function metadataProblem(
  as: client.ServerMetadata,
  options: { production: boolean },
): string | null {
  if (as.issuer.includes('{')) {
    return 'its issuer is a multi-tenant template: enter your own tenant';
  }
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    const value = as[name];
    if (typeof value !== 'string') return `its discovery document has no ${name}`;
    if (!isFetchableProviderUrl(value, options)) return `its ${name} is not an https URL`;
  }
  if (as.response_types_supported && !as.response_types_supported.includes('code')) {
    return 'it does not offer the authorization code flow (response type "code")';
  }
  const methods = as.token_endpoint_auth_methods_supported;
  if (
    methods &&
    !methods.includes('client_secret_basic') &&
    !methods.includes('client_secret_post')
  ) {
    return 'it accepts neither client_secret_basic nor client_secret_post at its token endpoint';
  }
  return null;
}

/** The setup screen's text for a failed discovery of `issuer`. */
export function discoveryProblem(issuer: string, error: unknown): string {
  const where = `${issuer}/.well-known/openid-configuration`;
  if (error instanceof SsoFailure) return `${issuer} cannot be used for sign-in: ${error.reason}.`;
  if (isUnreachable(error)) {
    const reason = findReason(error);
    return `Could not reach the identity provider at ${issuer}${reason ? `: ${reason}` : ''}.`;
  }
  if (error instanceof client.ClientError) {
    const cause = error.cause as { body?: { issuer?: unknown } } | undefined;
    if (
      error.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' &&
      typeof cause?.body?.issuer === 'string'
    ) {
      return `The discovery document at ${where} names another issuer (${cause.body.issuer.slice(0, 200)}): enter that issuer instead.`;
    }
  }
  return `${issuer} is not an OpenID Provider: no valid discovery document at ${where}.`;
}

function findReason(error: unknown): string | null {
  let current: unknown = error;
  for (let i = 0; current && i < 5; i++) {
    if (current instanceof Error && current.name === 'ProviderRequestError') {
      return current.message.replace(/^Could not reach the provider: /, '').replace(/\.$/, '');
    }
    if (current instanceof client.ClientError && current.code === 'OAUTH_TIMEOUT') {
      return 'no answer in time';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
