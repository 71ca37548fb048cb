import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { resolveSecrets } from './secrets.js';

/** How long closing the services and stores may take once the last request is done or cut. */
const CLOSE_LIMIT_MS = 10_000;

/**
 * Entry point (`node dist/main.js`): config → buildApp → listen. SIGTERM/SIGINT: stop taking
 * requests, let those in flight finish (at most LAUREL_SHUTDOWN_GRACE_MS, then their connections
 * are cut), close the services (the event path flushes) and the stores, exit 0.
 */
async function main(): Promise<void> {
  // Stack traces name the TypeScript sources (dist/ carries source maps).
  process.setSourceMapsEnabled(true);
  let loaded;
  try {
    loaded = resolveSecrets(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { config, secrets } = loaded;
  const app = await buildApp({ config });

  for (const s of secrets) {
    if (s.generated) {
      console.log(`\n  ${s.variable} was not set, so one was generated and kept in ${s.file}:\n\n    ${s.value}\n`);
    } else {
      app.log.info(`${s.variable} read from ${s.file}`);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const grace = config.shutdownGraceMs;
    app.log.info(`${signal} received: no new requests; finishing those in flight (at most ${grace} ms), then closing`);
    // Keep-alive connections that go idle after their last response would hold the close open.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      app.log.warn(`requests still in flight after ${grace} ms; closing their connections`);
      app.server.closeAllConnections();
    }, grace);
    const limit = setTimeout(() => {
      app.log.error(`shutdown took longer than ${grace + CLOSE_LIMIT_MS} ms; exiting`);
      process.exit(1);
    }, grace + CLOSE_LIMIT_MS);
    limit.unref();
    try {
      await app.close();
      clearInterval(sweep);
      clearTimeout(cut);
      app.log.info('closed: services stopped, stores closed');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`Laurel serves ${base} (docs ${base}/docs, dashboard ${base}/dashboard) with ${app.platform.db.dialect}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
