import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../http/app-type.js';

/** One parsed Server-Sent Events message. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/** A live stream opened over a real socket (SSE cannot be tested through app.inject), parsed as it arrives. */
export class SseClient {
  readonly messages: SseMessage[] = [];
  heartbeats = 0;
  ended = false;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly status: number,
    readonly headers: IncomingMessage['headers'],
    readonly body: string,
    private readonly res: IncomingMessage,
  ) {}

  /** Opens `path` on the app (listening on 127.0.0.1); resolves once the head arrived (and, when not 200, the body). */
  static open(app: App, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const { port } = app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve(new SseClient(res.statusCode!, res.headers, body, res)));
          return;
        }
        const client = new SseClient(200, res.headers, '', res);
        let pending = '';
        res.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            client.parse(pending.slice(0, end));
            pending = pending.slice(end + 2);
          }
        });
        res.on('close', () => {
          client.ended = true;
          client.wake();
        });
        resolve(client);
      });
      req.on('error', reject);
      req.end();
    });
  }

  private parse(block: string): void {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    let comment = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comment = true;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (comment && data.length === 0) this.heartbeats++;
    else if (data.length > 0) this.messages.push({ id, event, data: data.join('\n') });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The messages named `event` (parsed data). */
  of(event: string): Array<Record<string, unknown>> {
    return this.messages.filter((m) => m.event === event).map((m) => JSON.parse(m.data) as Record<string, unknown>);
  }

  /** Waits until `done` holds (checked on every message), at most `ms`. */
  async until(done: () => boolean, ms = 3_000): Promise<void> {
    const deadline = performance.now() + ms;
    while (!done()) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for `count` messages named `event`. */
  async next(event: string, count = 1, ms?: number): Promise<Array<Record<string, unknown>>> {
    await this.until(() => this.of(event).length >= count, ms);
    return this.of(event);
  }

  close(): void {
    this.res.destroy();
  }
}
