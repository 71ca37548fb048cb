import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { guardedLookup, hostOf, isRefusedAddress } from './url-guard.js';

/** What one attempt came to. `ok` is a 2xx answer; anything else is retried. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  /** The first 1 KB of the response body. */
  response: string | null;
  /** Why no answer was had (timeout, refused address, connection error). */
  error: string | null;
}

export const TIMEOUT_MS = 10_000;
const KEPT_BYTES = 1024;
/** More than this much response body is not read (the connection is dropped instead). */
const READ_LIMIT = 64 * 1024;

/**
 * POSTs one delivery with undici: keep-alive connections, at most `connections` requests at once
 * per origin (more wait their turn here, so that the time limit, which covers the whole exchange,
 * starts when a request does), no redirects followed (a 3xx is a failure, like any non-2xx), and
 * the SSRF guard applied to the address actually connected to (the connection's own lookup). Runs
 * in the sending thread (send-worker.ts).
 */
export class WebhookPoster {
  private readonly agent: Agent;
  /** Per origin: requests under way, and those waiting for one of them to end. */
  private readonly origins = new Map<string, { active: number; waiting: Array<() => void> }>();

  constructor(
    private readonly allowPrivate: boolean,
    private readonly connections: number,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {
    this.agent = new Agent({ connections, ...(allowPrivate ? {} : { connect: { lookup: guardedLookup } }) });
  }

  async post(rawUrl: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return failure('invalid url');
    }
    const host = hostOf(url);
    if (!this.allowPrivate && isIP(host) && isRefusedAddress(host)) return failure(`refused address: ${host}`);
    const release = await this.turn(url.origin);
    try {
      return await this.exchange(url, headers, body);
    } finally {
      release();
    }
  }

  /** Waits for a free slot of the origin; returns its release (which hands the slot to the next in line). */
  private async turn(origin: string): Promise<() => void> {
    let o = this.origins.get(origin);
    if (!o) this.origins.set(origin, (o = { active: 0, waiting: [] }));
    const slots = o;
    if (slots.active < this.connections) slots.active++;
    else await new Promise<void>((resolve) => slots.waiting.push(resolve));
    return () => {
      const next = slots.waiting.shift();
      if (next) return next();
      slots.active--;
      if (slots.active === 0) this.origins.delete(origin);
    };
  }

  private async exchange(url: URL, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.agent,
        signal: abort.signal,
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Laurel-Webhooks/1' },
        body,
      });
      const chunks: Buffer[] = [];
      let read = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        if (read < KEPT_BYTES) chunks.push(chunk);
        read += chunk.length;
        if (read > READ_LIMIT) {
          res.body.destroy();
          break;
        }
      }
      const text = Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString('utf8');
      return { ok: res.statusCode >= 200 && res.statusCode < 300, statusCode: res.statusCode, response: text, error: null };
    } catch (err) {
      if (abort.signal.aborted) return failure(`timeout: no answer within ${this.timeoutMs / 1000} s`);
      return failure(describe(err));
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.agent.destroy();
  }
}

/** A connection error in words: its own message, with the cause's (undici wraps some) and the code. */
function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const inner = e.cause && typeof e.cause.message === 'string' && e.cause.message !== e.message ? e.cause : null;
  const base = inner ?? e;
  const text = typeof base.message === 'string' && base.message !== '' ? base.message : String(err);
  return base.code && !text.includes(base.code) ? `${base.code}: ${text}` : text;
}

export function failure(error: string): AttemptResult {
  return { ok: false, statusCode: null, response: null, error };
}
