import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * Slow and idle clients against a server on 127.0.0.1 (decision 213): sockets that connect and send
 * nothing, send half their headers, trickle their headers a byte at a time (slowloris), send their
 * headers and half a body, or finish a keep-alive request and then stay idle. Each socket's close is
 * timed, and what the server wrote back is kept.
 */
export type SlowKind = 'idle' | 'halfHeaders' | 'trickle' | 'halfBody' | 'keepAlive';
const KINDS: SlowKind[] = ['idle', 'halfHeaders', 'trickle', 'halfBody', 'keepAlive'];
/** A trickling socket sends one more header byte this often. */
const TRICKLE_MS = 250;

export interface SlowSocket {
  kind: SlowKind;
  socket: Socket;
  /** ms after the flood opened, or null while open. */
  closedAfter: number | null;
  /** ms after the flood opened when the first byte of an answer came, or null. */
  answeredAfter: number | null;
  received: string;
}

/** What each kind sends first (and then nothing more). A half body goes to an authenticated route, so the server waits for the body. */
const firstBytes = (kind: SlowKind, authorization: string): string =>
  ({
    idle: '',
    halfHeaders: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
    trickle: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ',
    halfBody:
      `POST /event HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"eventId":',
    keepAlive: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
  })[kind];

export class SlowSocketFlood {
  readonly sockets: SlowSocket[] = [];
  private readonly openedAt = performance.now();

  private constructor() {}

  /**
   * Opens `counts[kind]` sockets of each kind to 127.0.0.1:`port`; resolves when all are connected and
   * written. `authorization`: the header of the half bodies (a valid token, so that the body is awaited).
   */
  static async open(port: number, counts: Partial<Record<SlowKind, number>>, authorization: string): Promise<SlowSocketFlood> {
    const flood = new SlowSocketFlood();
    const opened: Array<Promise<void>> = [];
    for (const kind of KINDS) {
      for (let i = 0; i < (counts[kind] ?? 0); i++) opened.push(flood.add(kind, port, firstBytes(kind, authorization)));
    }
    await Promise.all(opened);
    return flood;
  }

  private add(kind: SlowKind, port: number, first: string): Promise<void> {
    const socket = connect(port, '127.0.0.1');
    const entry: SlowSocket = { kind, socket, closedAfter: null, answeredAfter: null, received: '' };
    this.sockets.push(entry);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      entry.answeredAfter ??= performance.now() - this.openedAt;
      entry.received += chunk;
    });
    socket.on('error', () => undefined);
    const trickle = kind === 'trickle' ? setInterval(() => socket.write('a'), TRICKLE_MS) : null;
    socket.on('close', () => {
      entry.closedAfter = performance.now() - this.openedAt;
      if (trickle) clearInterval(trickle);
    });
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => {
        if (first === '') return resolve();
        socket.write(first, () => resolve());
      });
    });
  }

  open(kind?: SlowKind): number {
    return this.sockets.filter((s) => s.closedAfter === null && (!kind || s.kind === kind)).length;
  }

  /**
   * Waits until the server has closed every socket of `kinds` (default: all), or `ms` has passed;
   * returns the sockets still open per kind.
   */
  async closedWithin(ms: number, kinds: SlowKind[] = KINDS): Promise<Record<SlowKind, number>> {
    const deadline = performance.now() + ms;
    const waiting = () => kinds.reduce((n, k) => n + this.open(k), 0);
    while (waiting() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return Object.fromEntries(KINDS.map((k) => [k, this.open(k)])) as Record<SlowKind, number>;
  }

  /** The longest time the server took to close a socket of `kind` (ms after the flood opened). */
  slowestClose(kind: SlowKind): number {
    return Math.max(0, ...this.sockets.filter((s) => s.kind === kind).map((s) => s.closedAfter ?? Infinity));
  }

  /**
   * The longest a socket of `kind` stayed open after its answer began (a kept-alive connection's idle
   * clock starts there, not when the flood opened: under load the answers themselves may come late).
   */
  slowestCloseAfterAnswer(kind: SlowKind): number {
    const idle = this.sockets
      .filter((s) => s.kind === kind)
      .map((s) => (s.closedAfter === null || s.answeredAfter === null ? Infinity : s.closedAfter - s.answeredAfter));
    return Math.max(0, ...idle);
  }

  destroy(): void {
    for (const s of this.sockets) s.socket.destroy();
  }
}

/** GET /health on a new connection; resolves with the status and the time to the whole answer in ms. */
export function timedHealth(port: number): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('GET /health did not answer within 5 s')));
    req.end();
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
