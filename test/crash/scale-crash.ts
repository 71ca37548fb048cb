/**
 * Crash test of scale mode (npm run test:crash:scale), the twin of ingest-crash.ts: a Laurel
 * instance on a PostgreSQL cluster and a redis-server of this test's own (spare ports of
 * 127.0.0.1) takes events from concurrent clients and is killed with SIGKILL at a random moment,
 * ROUNDS times (default 50). Every event carries its seq as Idempotency-Key. After the last round
 * every event that never got an answer is sent again with its key, as a client would: the retry
 * must get the stored result (the event committed) or be processed (it did not), never a lasting
 * 409. Then: every event stored exactly once, one ledger entry each, balance == ledger, and the
 * boards equal the ones rebuilt from PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '../helpers/own-stores.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { checkBoards, checkStore, sendEvent, serverEnv, serviceToken, setup } from '../fault/fault-load.js';

const ROUNDS = Number(process.env.ROUNDS ?? 50);
const CLIENTS = 16;

function kill(server: ServerProcess): Promise<unknown> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  return server.exited;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-crash-scale-'));
  let postgres: OwnPostgres | null = null;
  let redis: OwnRedis | null = null;
  let server: ServerProcess | null = null;
  try {
    postgres = await startOwnPostgres();
    redis = await startOwnRedis();
    const env = serverEnv(postgres.url, redis.url);
    const token = await serviceToken();
    const acknowledged = new Set<number>();
    const unanswered = new Set<number>();
    const startSeconds: number[] = [];
    let nextSeq = 1;

    for (let round = 1; round <= ROUNDS; round++) {
      const started = Date.now();
      server = await startServer(env, dataDir);
      startSeconds.push((Date.now() - started) / 1000);
      if (round === 1) await setup(server.baseUrl, token);
      const base = server.baseUrl;
      let dead = false;
      let ackedThisRound = 0;
      const sending = Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (!dead) {
            const seq = nextSeq++;
            const { status } = await sendEvent(base, token, seq);
            if (status === 200) {
              acknowledged.add(seq);
              ackedThisRound++;
            } else unanswered.add(seq); // 503 or no answer: the client will send it again
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
      dead = true; // no new requests; the ones in flight die with the server
      await kill(server);
      await sending;
      const { events, violations } = await checkStore(postgres.url, acknowledged);
      console.log(
        `round ${String(round).padStart(2)}: ${ackedThisRound} acknowledged this round, ${acknowledged.size} in all, ${events} stored, ` +
          `${violations.length} violations`,
      );
      if (violations.length > 0) throw new Error(`CRASH TEST FAILED\n${violations.slice(0, 20).join('\n')}`);
    }

    // The clients send what never got an answer again, with the same keys.
    server = await startServer(env, dataDir);
    const retried = [...unanswered];
    let replayedOrProcessed = 0;
    let replayed = 0;
    const queue = [...retried];
    const deadline = Date.now() + 120_000;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let seq = queue.shift(); seq !== undefined; seq = queue.shift()) {
          for (;;) {
            const result = await sendEvent(server!.baseUrl, token, seq, 30_000);
            if (result.status === 200) {
              if (result.replayed) replayed++;
              break;
            }
            if (Date.now() > deadline) throw new Error(`retry of seq ${seq} still refused after 120 s`);
            await new Promise((r) => setTimeout(r, 200));
          }
          acknowledged.add(seq);
          replayedOrProcessed++;
        }
      }),
    );
    const { events, violations } = await checkStore(postgres.url, acknowledged);
    const sent = nextSeq - 1;
    if (acknowledged.size !== sent) violations.push(`${sent} events sent, ${acknowledged.size} acknowledged after the retries`);
    violations.push(...(await checkBoards(server.baseUrl, token, postgres.url)));
    if (violations.length > 0) throw new Error(`CRASH TEST FAILED\n${violations.slice(0, 20).join('\n')}`);
    const avg = startSeconds.reduce((a, b) => a + b, 0) / startSeconds.length;
    console.log(
      `CRASH TEST PASSED (scale mode): ${ROUNDS} rounds, ${sent} events sent, ${acknowledged.size - replayedOrProcessed} acknowledged ` +
        `before a kill, ` +
        `${retried.length} unanswered and sent again (all answered 200: ${replayed} with the response stored at their commit, ` +
        `${retried.length - replayed} processed now), ` +
        `${events} stored: 0 lost, 0 duplicated; ` +
        `restart to ready ${avg.toFixed(1)} s on average, ${Math.max(...startSeconds).toFixed(1)} s at most`,
    );
  } finally {
    if (server) await kill(server);
    await redis?.destroy();
    await postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
