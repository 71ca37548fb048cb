import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { resolveSecrets } from './secrets.js';

/** Entry point: config → buildApp → listen; SIGTERM/SIGINT close gracefully. */
async function main(): Promise<void> {
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
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    const timer = setTimeout(() => {
      app.log.error('Shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // Keep-alive connections that go idle after their last response would hold the close open.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(sweep);
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
