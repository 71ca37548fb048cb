import type { ServerResponse } from 'node:http';

let streams = 0;

/**
 * One Server-Sent Events response (text/event-stream). Writing never waits: a reader that does not
 * keep up lets the socket's unsent bytes grow, and past `maxBuffer` the stream is dropped (the
 * client reconnects and replays), so a slow reader never holds memory without bound.
 */
export class SseStream {
  readonly streamId = `s${++streams}-${process.pid}`;
  /** The id of the last message with an id that was sent (what the client would send as Last-Event-ID). */
  lastId: string | null = null;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly maxBuffer: number,
    onClose: () => void,
  ) {
    let told = false;
    const closed = () => {
      this.ended = true;
      if (told) return;
      told = true;
      onClose();
    };
    res.on('close', closed);
    // The client may have gone while the stream was being admitted: its close has happened already.
    if (res.destroyed || !res.socket || res.socket.destroyed) queueMicrotask(closed);
  }

  /** Writes the head: status 200, the event-stream type, no caching or proxy buffering; tells EventSource to retry after 2 s. */
  open(headers: Record<string, string | number | string[] | undefined>): void {
    this.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'close',
    });
    this.write('retry: 2000\n\n');
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Sends a message; `id` null sends the last id again (derived messages keep the replay position). */
  send(event: string, data: string, id: string | null = null): void {
    if (id !== null) this.lastId = id;
    this.write(frame(event, data, this.lastId));
  }

  /**
   * Sends messages framed once for every stream of a user (`frame()` with their own ids), in one write;
   * `lastId` is the id of the last of them.
   */
  sendFramed(text: string, lastId: string): void {
    this.lastId = lastId;
    this.write(text);
  }

  /** A comment line (heartbeat): keeps proxies from closing the connection, ignored by EventSource. */
  heartbeat(): void {
    this.write(': hb\n\n');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
  }

  private write(text: string): void {
    if (this.ended) return;
    this.res.write(text);
    const pending = this.res.writableLength + (this.res.socket?.writableLength ?? 0);
    if (pending > this.maxBuffer) {
      this.ended = true;
      this.res.destroy();
    }
  }
}

/** One SSE message as written on the wire. */
export function frame(event: string, data: string, id: string | null): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}
