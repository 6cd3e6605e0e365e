import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sub: string; // user (membership) id
  tid: string; // tenant id
  sid: string; // session id
  exp: number;
}

export interface OAuthState {
  provider: string;
  redirectUri: string;
  nonce: string;
}

const OAUTH_STATE_AUDIENCE = 'tankha:oauth-state';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: { userId: string; tenantId: string; sessionId: string; expiresAt: Date }): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * The `state` of a Google/Microsoft sign-in: signed, short-lived, naming the provider, the
   * redirect and the nonce the ID token must carry. Its audience keeps it from passing as a session
   * token (which also needs tid and sid) and a session token from passing as a state.
   */
  async signOAuthState(claims: OAuthState, expiresAt: Date, now: Date): Promise<string> {
    return new SignJWT({ prv: claims.provider, ruri: claims.redirectUri, nonce: claims.nonce })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(OAUTH_STATE_AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The state's claims, or null when it is forged, altered, expired or not a state at all. */
  async verifyOAuthState(state: string, now: Date): Promise<OAuthState | null> {
    try {
      const { payload } = await jwtVerify(state, this.key, { algorithms: ['HS256'], audience: OAUTH_STATE_AUDIENCE, currentDate: now });
      const { prv, ruri, nonce } = payload;
      if (typeof prv !== 'string' || typeof ruri !== 'string' || typeof nonce !== 'string') return null;
      return { provider: prv, redirectUri: ruri, nonce };
    } catch {
      return null;
    }
  }

  /** Returns the claims, or null for a token that is malformed, forged or past its expiry. */
  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (payload.aud !== undefined) return null; // a sign-in state, not a session
      if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return null;
      return { sub: payload.sub, tid: payload.tid, sid: payload.sid, exp: payload.exp };
    } catch {
      return null;
    }
  }
}

/**
 * The signing secret: JWT_SECRET when set (required in production); otherwise a random one kept in
 * DATA_DIR so local sessions survive a restart and no secret lives in the repository.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** One-time link tokens: the link carries the token, the database keeps only its hash. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
