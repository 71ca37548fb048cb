import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseStream } from './sse-stream.js';

/** A stream over a real socket whose reader never reads: past the bound, the stream is dropped instead of buffered. */
describe('a live stream to a reader that does not read', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const serve = (maxBuffer: number) =>
    new Promise<{ port: number; stream: Promise<SseStream> }>((resolve) => {
      let opened!: (s: SseStream) => void;
      const stream = new Promise<SseStream>((r) => (opened = r));
      server = createServer((_req, res) => {
        const s = new SseStream(res, maxBuffer, () => undefined);
        s.open({});
        opened(s);
      });
      server.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as AddressInfo).port, stream }));
    });

  it('is dropped once the unsent bytes pass the bound, after a bounded number of messages', async () => {
    const { port, stream } = await serve(256 * 1024);
    const socket = connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    socket.pause();
    const s = await stream;
    const data = JSON.stringify('x'.repeat(64 * 1024));
    let sent = 0;
    // The kernel's buffers take some megabytes first; then Node's buffer grows until the bound.
    while (!s.closed && sent < 2_000) {
      s.send('leaderboard', data, `${sent}-0`);
      sent++;
      if (sent % 16 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(s.closed).toBe(true);
    expect(sent).toBeLessThan(2_000);
    socket.destroy();
  });

  it('keeps a reader that reads', async () => {
    const { port, stream } = await serve(256 * 1024);
    const socket = connect(port, '127.0.0.1');
    let received = 0;
    socket.on('data', (c: Buffer) => (received += c.length));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const s = await stream;
    const data = JSON.stringify('x'.repeat(1024));
    for (let i = 0; i < 200; i++) {
      s.send('leaderboard', data, `${i}-0`);
      await new Promise((r) => setImmediate(r));
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(s.closed).toBe(false);
    expect(received).toBeGreaterThan(200 * 1024);
    s.end();
    socket.destroy();
  });
});
