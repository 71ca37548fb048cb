import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a store, for outage tests that must not stop the shared
 * PostgreSQL or Redis: the app talks to the proxy, and the test cuts the path.
 * - `refuse()`: every open connection is reset and new ones are refused (the server is down).
 * - `blackhole()`: connections stay open and new ones are accepted, but nothing gets through
 *   (a hung server or a broken network path): only timeouts notice.
 * - `restore()`: traffic flows again; the app must reconnect by itself.
 */
export class FaultProxy {
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private mode: 'pass' | 'blackhole' | 'refuse' = 'pass';

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {
    this.server = this.newServer();
  }

  /** Starts a proxy to the host and port of `url` and returns it listening on a free port. */
  static async start(url: string): Promise<FaultProxy> {
    const parsed = new URL(url);
    const target = { host: parsed.hostname, port: Number(parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432)) };
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((r) => probe.close(r));
    const proxy = new FaultProxy(target, port);
    await proxy.listen();
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  url(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse';
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    await new Promise((r) => this.server.close(r));
  }

  blackhole(): void {
    this.mode = 'blackhole';
  }

  async restore(): Promise<void> {
    const wasRefusing = this.mode === 'refuse';
    this.mode = 'pass';
    if (wasRefusing) {
      this.server = this.newServer();
      await this.listen();
    } else {
      // Connections that saw nothing for a while are as good as dead: drop them, as a real
      // network would after its timeouts, so the clients reconnect.
      for (const s of this.sockets) s.destroy();
      this.sockets.clear();
    }
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (this.server.listening) await new Promise((r) => this.server.close(r));
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private newServer(): Server {
    return createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(client).add(upstream);
      const forward = (from: Socket, to: Socket) =>
        from.on('data', (chunk) => {
          if (this.mode === 'pass') to.write(chunk);
        });
      forward(client, upstream);
      forward(upstream, client);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      for (const s of [client, upstream]) {
        s.on('error', end);
        s.on('close', end);
      }
    });
  }
}
