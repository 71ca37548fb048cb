import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.js';
import { realNow } from '../../platform/clock.js';
import { AppError } from '../errors.js';
import { TokenCache } from './token-cache.js';

export interface TokenClaims {
  sub: string;
  projectId: string;
  role: 'user' | 'service';
  /** Expiry in Unix seconds, when the token has one. */
  exp: number | undefined;
}

export interface JwtVerifier {
  (token: string): Promise<TokenClaims>;
  /** The claims of a token verified before and still remembered, at once (undefined: verify it). */
  cached(token: string): TokenClaims | undefined;
}

/** Memory for verified tokens: about 40,000 ordinary ones; large tokens take their share of it. */
export const TOKEN_CACHE_BYTES = 8 * 1024 * 1024;
const CACHE_TTL_MS = 60_000;

/**
 * Verifies bearer tokens with jose against exactly one key source and an explicit algorithm list:
 * HS256 with JWT_SECRET, or RS256/ES256 with JWT_PUBLIC_KEY / JWT_JWKS_URL. Because the list is
 * fixed by the key source, `alg: none` and HS256-signed-with-the-public-key tokens are refused.
 * Verified tokens are remembered for a minute (never past `exp`) to keep the event hot path cheap.
 */
export function createJwtVerifier(config: Config): JwtVerifier {
  let key: CryptoKey | KeyObject | JWTVerifyGetKey | Promise<CryptoKey>;
  let algorithms: string[];
  if (config.jwtPublicKey) {
    const publicKey = createPublicKey(config.jwtPublicKey);
    key = publicKey;
    algorithms = publicKey.asymmetricKeyType === 'ec' ? ['ES256'] : ['RS256'];
  } else if (config.jwtJwksUrl) {
    key = createRemoteJWKSet(new URL(config.jwtJwksUrl));
    algorithms = ['RS256', 'ES256'];
  } else if (config.jwtSecret) {
    // Imported once: handing jose the raw bytes would make it import the key for every token.
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    algorithms = ['HS256'];
  } else {
    throw new Error('No JWT key configured');
  }
  const options = {
    algorithms,
    ...(config.jwtIssuer ? { issuer: config.jwtIssuer } : {}),
    ...(config.jwtAudience ? { audience: config.jwtAudience } : {}),
  };

  // Strings count twice their length (UTF-16).
  const cache = new TokenCache<TokenClaims>(TOKEN_CACHE_BYTES, (c) => 2 * (c.sub.length + c.projectId.length + c.role.length) + 32);

  const verify = async (token: string) => {
    const hit = cache.get(token, realNow());
    if (hit) return hit;
    let payload: JWTPayload;
    try {
      const resolved = key instanceof Promise ? (key = await key) : key;
      const result = typeof resolved === 'function' ? await jwtVerify(token, resolved, options) : await jwtVerify(token, resolved, options);
      payload = result.payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw AppError.of('TOKEN_EXPIRED', 'Token expired');
      throw AppError.of('INVALID_TOKEN', 'Invalid token');
    }
    const claims = readClaims(payload);
    // Token expiry is real time, not the test clock (docs/api.md, Test clock).
    const now = realNow();
    const until = Math.min(now + CACHE_TTL_MS, claims.exp !== undefined ? claims.exp * 1000 : Infinity);
    cache.set(token, claims, until, now);
    return claims;
  };
  return Object.assign(verify, { cached: (token: string) => cache.get(token, realNow()) });
}

function readClaims(payload: JWTPayload): TokenClaims {
  const { sub } = payload;
  if (typeof sub !== 'string' || sub.trim() === '') {
    throw AppError.of('INVALID_TOKEN', 'Token has no sub claim');
  }
  const projectId = payload.projectId ?? 'default';
  if (typeof projectId !== 'string' || projectId === '') {
    throw AppError.of('INVALID_TOKEN', 'Token claim projectId must be a non-empty string');
  }
  const role = payload.role ?? 'user';
  if (role !== 'user' && role !== 'service') {
    throw AppError.of('INVALID_TOKEN', 'Token claim role must be user or service');
  }
  return { sub, projectId, role, exp: payload.exp };
}
