import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { ConfigError, type Config } from '../config.js';
import { RESOURCE_ID_PATTERN, USER_ID_PATTERN } from '../platform/ids.js';
import { JWT_SECRET_FILE, readKeptSecret } from '../secrets.js';

/**
 * Tokens for developers (`npm run token`, src/cli/token.ts): a bearer token signed with the
 * configured JWT_SECRET, or the one kept in the data folder. Never generates a secret: without
 * one, start Laurel first.
 */

export const TOKEN_USAGE = `Usage: npm run token -- --sub <id> [--role user|service] [--project <projectId>] [--expires <n>s|m|h|d|never]

  --sub       the acting user id (role user), or the name of the calling service (role service)
  --role      user (default): acts only for itself; service: acts for any user of the project
  --project   the project (tenant), default "default"
  --expires   lifetime, default 1h; "never" leaves out the exp claim

Signs with JWT_SECRET, or with the secret Laurel generated in LAUREL_DATA_DIR (./data) on its first start.
Prints only the token on stdout: TOKEN=$(npm run -s token -- --sub alice)`;

export class UsageError extends Error {}

export interface TokenRequest {
  sub: string;
  role: 'user' | 'service';
  projectId: string;
  /** A jose time span (`30m`, `1h`, `7d`), or null for no expiry. */
  expiresIn: string | null;
}

export function parseTokenArgs(argv: string[]): TokenRequest {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { sub: { type: 'string' }, role: { type: 'string' }, project: { type: 'string' }, expires: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const sub = values.sub;
  if (sub === undefined) throw new UsageError('--sub is required');
  if (!new RegExp(USER_ID_PATTERN).test(sub)) throw new UsageError(`--sub "${sub}" is not a valid user id`);
  const role = values.role ?? 'user';
  if (role !== 'user' && role !== 'service') throw new UsageError(`--role must be user or service, got "${role}"`);
  const projectId = values.project ?? 'default';
  if (!new RegExp(RESOURCE_ID_PATTERN).test(projectId)) throw new UsageError(`--project "${projectId}" is not a valid project id`);
  const expires = values.expires ?? '1h';
  if (expires !== 'never' && !/^[1-9]\d{0,6}[smhd]$/.test(expires)) {
    throw new UsageError(`--expires must be like 30m, 1h or 7d, or never; got "${expires}"`);
  }
  return { sub, role, projectId, expiresIn: expires === 'never' ? null : expires };
}

/** The HS256 key tokens are verified with; throws a ConfigError when Laurel has none to sign with. */
export function signingSecret(config: Config): string {
  if (config.jwtPublicKey !== null || config.jwtJwksUrl !== null) {
    throw new ConfigError(
      'JWT_PUBLIC_KEY',
      'or JWT_JWKS_URL is set: Laurel verifies the tokens of your identity provider, so get a token there',
    );
  }
  const secret = config.jwtSecret ?? readKeptSecret(config.dataDir, JWT_SECRET_FILE);
  if (secret === null) {
    throw new ConfigError(
      'JWT_SECRET',
      `is not set and ${config.dataDir}/${JWT_SECRET_FILE} does not exist yet: start Laurel once (npm start) or set JWT_SECRET`,
    );
  }
  return secret;
}

export async function signDeveloperToken(config: Config, request: TokenRequest): Promise<string> {
  const claims: Record<string, string> = { projectId: request.projectId, role: request.role };
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(request.sub).setIssuedAt();
  if (request.expiresIn !== null) jwt.setExpirationTime(request.expiresIn);
  if (config.jwtIssuer !== null) jwt.setIssuer(config.jwtIssuer);
  if (config.jwtAudience !== null) jwt.setAudience(config.jwtAudience);
  return jwt.sign(new TextEncoder().encode(signingSecret(config)));
}
