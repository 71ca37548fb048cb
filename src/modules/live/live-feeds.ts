import type { FastifyBaseLogger } from 'fastify';
import { THROTTLE_MS } from './live-boards.js';
import type { SseStream } from './sse-stream.js';

interface Feed {
  streams: Set<SseStream>;
  body: string;
  seq: number;
  timer: NodeJS.Timeout;
}

/**
 * Feeds of shared state (a board's top, a project's event log; decisions 273 and 293): one per key on
 * each instance, shared by all its streams. While it has a stream it reads its state once a second
 * and sends `event` with it when the text differs from what it sent last; a stream gets the current
 * state when it joins. Costs nothing per event: the state is read from the store, whichever
 * instance wrote it.
 */
export class Feeds {
  private readonly feeds = new Map<string, Feed>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Adds `stream` to the feed `key` (started with `body`, read by `read` from now on) and sends it the current state. */
  join(key: string, event: string, stream: SseStream, body: string, read: () => Promise<string>): void {
    let feed = this.feeds.get(key);
    if (!feed) {
      const f: Feed = { streams: new Set(), body, seq: 0, timer: null as unknown as NodeJS.Timeout };
      f.timer = setInterval(() => {
        read().then(
          (next) => {
            if (next === f.body) return;
            f.body = next;
            f.seq++;
            for (const s of f.streams) s.send(event, next, `${f.seq}-0`);
          },
          (err: unknown) => this.log.warn({ err, feed: event }, 'live feed could not be read'),
        );
      }, THROTTLE_MS);
      f.timer.unref();
      this.feeds.set(key, (feed = f));
    }
    feed.streams.add(stream);
    stream.send(event, feed.body, `${feed.seq}-0`);
  }

  /** A stream of feed `key` closed; the feed stops with its last stream. */
  leave(key: string, stream: SseStream): void {
    const feed = this.feeds.get(key);
    if (!feed) return;
    feed.streams.delete(stream);
    if (feed.streams.size > 0) return;
    clearInterval(feed.timer);
    this.feeds.delete(key);
  }

  close(): void {
    for (const f of this.feeds.values()) clearInterval(f.timer);
    this.feeds.clear();
  }
}
