import { createHash, randomBytes } from 'node:crypto';
import { realNow } from '../../platform/clock.js';
import type { RedisHandle } from '../../platform/redis.js';

/** How long a stream token may be used (once). */
export const STREAM_TOKEN_MS = 60_000;

/** Who a stream token lets in: the user it was made for, in its project. */
export interface StreamTokenGrant {
  projectId: string;
  userId: string;
}

/**
 * Stream tokens (decision 270): browsers' EventSource cannot send an Authorization header, so a
 * signed-in client asks for a token and opens the stream with `?token=`. A token is random (32
 * bytes), valid for STREAM_TOKEN_MS and for one connection: using it takes it. Only its SHA-256 is
 * kept — in this process (embedded) or in Redis with the same lifetime (scale, GETDEL: one instance
 * takes it).
 */
export interface StreamTokens {
  issue(grant: StreamTokenGrant): Promise<{ token: string; expiresAt: number }>;
  /** The grant of an unused, unexpired token, which is used up by this call; null otherwise. */
  take(token: string): Promise<StreamTokenGrant | null>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

export class LocalStreamTokens implements StreamTokens {
  private readonly tokens = new Map<string, StreamTokenGrant & { until: number }>();
  private swept = 0;

  issue(grant: StreamTokenGrant): Promise<{ token: string; expiresAt: number }> {
    const now = realNow();
    // Unused tokens are forgotten once they expire (looked for at most once a second).
    if (now - this.swept >= 1_000) {
      this.swept = now;
      for (const [hash, t] of this.tokens) if (t.until <= now) this.tokens.delete(hash);
    }
    const token = newToken();
    const expiresAt = now + STREAM_TOKEN_MS;
    this.tokens.set(hashOf(token), { projectId: grant.projectId, userId: grant.userId, until: expiresAt });
    return Promise.resolve({ token, expiresAt });
  }

  take(token: string): Promise<StreamTokenGrant | null> {
    const hash = hashOf(token);
    const t = this.tokens.get(hash);
    if (!t) return Promise.resolve(null);
    this.tokens.delete(hash);
    return Promise.resolve(t.until > realNow() ? { projectId: t.projectId, userId: t.userId } : null);
  }
}

export class RedisStreamTokens implements StreamTokens {
  constructor(private readonly redis: RedisHandle) {}

  async issue(grant: StreamTokenGrant): Promise<{ token: string; expiresAt: number }> {
    const token = newToken();
    const expiresAt = realNow() + STREAM_TOKEN_MS;
    await this.redis.client.set(`live-token:${hashOf(token)}`, JSON.stringify(grant), 'PX', STREAM_TOKEN_MS);
    return { token, expiresAt };
  }

  async take(token: string): Promise<StreamTokenGrant | null> {
    const raw = await this.redis.client.getdel(`live-token:${hashOf(token)}`);
    return raw === null ? null : (JSON.parse(raw) as StreamTokenGrant);
  }
}
