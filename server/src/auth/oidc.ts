import type { BaseClient } from 'openid-client';
import type { Config } from '../config';

/**
 * openid-client (about 120 modules, some 5% of loading the server), loaded on the first sign-in with a provider:
 * most instances, and every test app that does not sign in with one, never use it.
 */
let openidClient: Promise<typeof import('openid-client')> | undefined;
function loadOpenidClient() {
  openidClient ??= import('openid-client');
  return openidClient;
}

/** How long a started sign-in may take; the signed cookie says when it started, so an old one is refused even if replayed. */
export const OIDC_MAX_AGE_SECONDS = 600;

export interface OidcStart {
  url: string;
  /** Kept in a signed, short-lived cookie until the callback. */
  pending: { state: string; nonce: string; verifier: string; issuedAt: number };
}

export interface OidcClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** Google (or any OpenID Connect issuer) sign-in with the authorization-code flow, PKCE, state and nonce. */
export class OidcSignIn {
  private client?: Promise<BaseClient>;
  constructor(private readonly config: Config) {}

  get configured() {
    return !!(this.config.oidc.clientId && this.config.oidc.clientSecret);
  }

  get redirectUri() {
    return `${this.config.publicUrl}/api/auth/google-callback`;
  }

  private getClient(): Promise<BaseClient> {
    this.client ??= loadOpenidClient()
      .then(({ Issuer }) => Issuer.discover(this.config.oidc.issuerUrl))
      .then(
        (issuer) =>
          new issuer.Client({
            client_id: this.config.oidc.clientId!,
            client_secret: this.config.oidc.clientSecret!,
            redirect_uris: [this.redirectUri],
            response_types: ['code'],
          }),
      )
      .catch((err) => {
        this.client = undefined;
        throw err;
      });
    return this.client;
  }

  async start(): Promise<OidcStart> {
    const client = await this.getClient();
    const { generators } = await loadOpenidClient();
    const pending = { state: generators.state(), nonce: generators.nonce(), verifier: generators.codeVerifier(), issuedAt: Date.now() };
    const url = client.authorizationUrl({
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: generators.codeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    return { url, pending };
  }

  async finish(query: Record<string, string>, pending: OidcStart['pending']): Promise<OidcClaims> {
    const client = await this.getClient();
    const tokens = await client.callback(this.redirectUri, query, {
      state: pending.state,
      nonce: pending.nonce,
      code_verifier: pending.verifier,
    });
    const claims = tokens.claims();
    if (!claims.email) throw new Error('The provider did not share an email address.');
    return {
      subject: claims.sub,
      email: String(claims.email).trim().toLowerCase(),
      emailVerified: String(claims.email_verified) === 'true',
      name: typeof claims.name === 'string' ? claims.name : null,
      picture: typeof claims.picture === 'string' ? claims.picture : null,
    };
  }
}
