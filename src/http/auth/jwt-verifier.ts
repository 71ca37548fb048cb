import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.js';
import { AppError } from '../errors.js';

export interface TokenClaims {
  sub: string;
  projectId: string;
  role: 'user' | 'service';
  /** Expiry in Unix seconds, when the token has one. */
  exp: number | undefined;
}

export type JwtVerifier = (token: string) => Promise<TokenClaims>;

const CACHE_MAX = 100_000;
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

  const cache = new Map<string, { claims: TokenClaims; until: number }>();

  return async (token: string) => {
    const hit = cache.get(token);
    if (hit && hit.until > Date.now()) return hit.claims;
    if (hit) cache.delete(token);
    let payload: JWTPayload;
    try {
      const resolved = key instanceof Promise ? (key = await key) : key;
      const result =
        typeof resolved === 'function' ? await jwtVerify(token, resolved, options) : await jwtVerify(token, resolved, options);
      payload = result.payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw AppError.unauthorized('Token expired', 'TOKEN_EXPIRED');
      throw AppError.unauthorized('Invalid token', 'INVALID_TOKEN');
    }
    const claims = readClaims(payload);
    // Evict the oldest entry (a Map iterates in insertion order), never the whole cache.
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    // Token expiry is real time, not the test clock (CONTRACT.md section 6).
    const until = Math.min(Date.now() + CACHE_TTL_MS, claims.exp !== undefined ? claims.exp * 1000 : Infinity);
    cache.set(token, { claims, until });
    return claims;
  };
}

function readClaims(payload: JWTPayload): TokenClaims {
  const { sub } = payload;
  if (typeof sub !== 'string' || sub.trim() === '') {
    throw AppError.unauthorized('Token has no sub claim', 'INVALID_TOKEN');
  }
  const projectId = payload.projectId ?? 'default';
  if (typeof projectId !== 'string' || projectId === '') {
    throw AppError.unauthorized('Token claim projectId must be a non-empty string', 'INVALID_TOKEN');
  }
  const role = payload.role ?? 'user';
  if (role !== 'user' && role !== 'service') {
    throw AppError.unauthorized('Token claim role must be user or service', 'INVALID_TOKEN');
  }
  return { sub, projectId, role, exp: payload.exp };
}
