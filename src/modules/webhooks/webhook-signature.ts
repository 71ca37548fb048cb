import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signatures of the Standard Webhooks specification: `v1,<base64 HMAC-SHA256>` over
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes of the secret
 * (`whsec_<base64>`). Several signatures (during a secret rotation) are separated by spaces.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 24 random bytes. */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** The `webhook-signature` header of a message for the given secrets (newest first). */
export function signatureHeader(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
  const content = `${messageId}.${timestampSeconds}.${body}`;
  return secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(content).digest('base64')}`).join(' ');
}

/** What the endpoint list shows of a secret: its prefix and first characters. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;
}
