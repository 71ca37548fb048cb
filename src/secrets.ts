import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

export interface GeneratedSecret {
  variable: string;
  value: string;
  file: string;
  generated: boolean;
}

/** File names of the generated secrets in the data folder. */
export const JWT_SECRET_FILE = 'jwt-secret';
export const ADMIN_TOKEN_FILE = 'admin-token';

/** A secret kept in the data folder by an earlier start, or null; never generates one. */
export function readKeptSecret(dir: string, fileName: string): string | null {
  const file = join(dir, fileName);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

function keptSecret(dir: string, fileName: string, variable: string, bytes: number): GeneratedSecret {
  const file = join(dir, fileName);
  if (existsSync(file)) {
    return { variable, value: readFileSync(file, 'utf8').trim(), file, generated: false };
  }
  mkdirSync(dir, { recursive: true });
  const value = randomBytes(bytes).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  return { variable, value, file, generated: true };
}

/**
 * Fills in JWT_SECRET and ADMIN_TOKEN when they are not configured: generated on the first start,
 * kept in the data folder, and reported so that main.ts prints them once.
 */
export function resolveSecrets(config: Config): { config: Config; secrets: GeneratedSecret[] } {
  const secrets: GeneratedSecret[] = [];
  let { jwtSecret, adminToken } = config;
  if (jwtSecret === null && config.jwtPublicKey === null && config.jwtJwksUrl === null) {
    const s = keptSecret(config.dataDir, JWT_SECRET_FILE, 'JWT_SECRET', 48);
    jwtSecret = s.value;
    secrets.push(s);
  }
  if (adminToken === null) {
    const s = keptSecret(config.dataDir, ADMIN_TOKEN_FILE, 'ADMIN_TOKEN', 32);
    adminToken = s.value;
    secrets.push(s);
  }
  return { config: { ...config, jwtSecret, adminToken }, secrets };
}
