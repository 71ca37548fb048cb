import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
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
 * Sends one delivery: a POST with keep-alive connections, a 10 s limit for the whole exchange,
 * no redirects followed (a 3xx is a failure, like any non-2xx), and the SSRF guard applied to the
 * address actually connected to.
 */
export class WebhookSender {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(
    private readonly allowPrivate: boolean,
    maxSockets: number,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {
    const lookup = allowPrivate ? undefined : guardedLookup;
    this.agents = {
      http: new http.Agent({ keepAlive: true, maxSockets, ...(lookup ? { lookup } : {}) } as http.AgentOptions),
      https: new https.Agent({ keepAlive: true, maxSockets, ...(lookup ? { lookup } : {}) } as https.AgentOptions),
    };
  }

  send(rawUrl: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return Promise.resolve(failure(`invalid url`));
    }
    const host = hostOf(url);
    if (!this.allowPrivate && isIP(host) && isRefusedAddress(host)) return Promise.resolve(failure(`refused address: ${host}`));
    const secure = url.protocol === 'https:';
    const bytes = Buffer.from(body);
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const done = (r: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const req = (secure ? https : http).request(url, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(bytes.length), 'user-agent': 'Laurel-Webhooks/1' },
      });
      const timer = setTimeout(() => {
        req.destroy();
        done(failure(`timeout: no answer within ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => done(failure(err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          const statusCode = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString('utf8');
          done({ ok: statusCode >= 200 && statusCode < 300, statusCode, response: text, error: null });
        };
        res.on('data', (chunk: Buffer) => {
          if (read < KEPT_BYTES) chunks.push(chunk);
          read += chunk.length;
          if (read > READ_LIMIT) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', () => finish());
      });
      req.end(bytes);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

function failure(error: string): AttemptResult {
  return { ok: false, statusCode: null, response: null, error };
}
