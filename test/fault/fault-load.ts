import { SignJWT } from 'jose';
import pg from 'pg';

/**
 * What the fault and scale crash tests share: tokens, the setup of a project, an event load that
 * retries every unanswered event with its Idempotency-Key, and the checks against PostgreSQL.
 */
export const JWT_SECRET = 'fault-test-secret-0123456789abcdefghijklmnop';
export const ADMIN_TOKEN = 'fault-test-admin-token-0123456789';
export const USERS = 20;

export function serverEnv(databaseUrl: string, redisUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET,
    ADMIN_TOKEN,
    RATE_LIMIT_MAX: '10000000',
    LOG_LEVEL: 'error',
    LAUREL_JOB_POLL_MS: '0',
  };
}

export function serviceToken(): Promise<string> {
  return new SignJWT({ sub: 'fault-test', role: 'service' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

export async function setup(base: string, token: string): Promise<void> {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const def = await fetch(`${base}/admin/event`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ eventId: 'tap', title: 'Tap', reward: { default: 3 }, limit: null }),
  });
  if (def.status !== 201) throw new Error(`define event: ${def.status} ${await def.text()}`);
  for (let u = 0; u < USERS; u++) {
    const res = await fetch(`${base}/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: `u${u}` }),
    });
    if (res.status !== 201) throw new Error(`create user: ${res.status}`);
  }
}

export interface SendResult {
  /** 200: acknowledged; 503: the store is away; 0: no answer (connection lost). */
  status: number;
  ms: number;
  /** The 200 was a stored response given again (header idempotent-replayed). */
  replayed: boolean;
}

/** One event, with seq in its metadata and as its Idempotency-Key. Throws on anything but 200, 503 or a lost connection. */
export async function sendEvent(base: string, token: string, seq: number, timeoutMs = 10_000): Promise<SendResult> {
  const start = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `seq-${seq}` };
  let res: Response;
  try {
    res = await fetch(`${base}/event`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ eventId: 'tap', userId: `u${seq % USERS}`, metadata: { seq } }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { status: 0, ms: performance.now() - start, replayed: false };
  }
  const text = await res.text().catch(() => '');
  const ms = performance.now() - start;
  if (res.status === 200) {
    const body = JSON.parse(text) as { data: { metadata: { seq: number } } };
    if (body.data.metadata.seq !== seq) throw new Error(`response for seq ${seq} carries ${body.data.metadata.seq}`);
    return { status: 200, ms, replayed: res.headers.get('idempotent-replayed') === 'true' };
  }
  if (res.status === 503) {
    const body = JSON.parse(text) as { code?: string };
    if (body.code !== 'STORE_UNAVAILABLE') throw new Error(`503 without STORE_UNAVAILABLE: ${text}`);
    return { status: 503, ms, replayed: false };
  }
  throw new Error(`unexpected status ${res.status} for seq ${seq}: ${text.slice(0, 300)}`);
}

export interface StoreCheck {
  events: number;
  violations: string[];
}

/**
 * Against PostgreSQL: every acknowledged seq stored exactly once, no seq stored twice, one EVENT
 * ledger entry per event, and every balance equal to the sum of its ledger.
 */
export async function checkStore(databaseUrl: string, acknowledged: Iterable<number>): Promise<StoreCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const violations: string[] = [];
    const { rows } = await client.query<{ seq: string; n: string }>(
      "select metadata::jsonb->>'seq' as seq, count(*) as n from events where event_id = 'tap' group by 1",
    );
    const counts = new Map(rows.map((r) => [Number(r.seq), Number(r.n)]));
    for (const seq of acknowledged)
      if ((counts.get(seq) ?? 0) !== 1) violations.push(`acknowledged event ${seq} stored ${counts.get(seq) ?? 0} times`);
    for (const [seq, n] of counts) if (n > 1) violations.push(`event ${seq} stored ${n} times`);
    const events = Number((await client.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
    const ledger = Number((await client.query<{ n: string }>("select count(*) as n from ledger where type = 'EVENT'")).rows[0]!.n);
    if (events !== ledger) violations.push(`${events} events but ${ledger} EVENT ledger entries`);
    const drift = await client.query<{ user_id: string; points: string; total: string }>(
      'select u.user_id, u.points, coalesce((select sum(points) from ledger l where l.project_id = u.project_id and l.user_id = ' +
        'u.user_id), 0) as total from users u',
    );
    for (const d of drift.rows)
      if (Number(d.points) !== Number(d.total)) violations.push(`user ${d.user_id}: balance ${d.points}, ledger ${d.total}`);
    return { events, violations };
  } finally {
    await client.end();
  }
}

/**
 * The boards served (from Redis) against the boards rebuilt from PostgreSQL: for the current month
 * and the 7-day window of the default group, every user's points from the ledger.
 */
export async function checkBoards(base: string, token: string, databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let truth: Map<string, number>;
  try {
    const { rows } = await client.query<{ user_id: string; total: string }>(
      "select user_id, sum(points) as total from ledger where type <> 'REDEMPTION' and points > 0 group by user_id",
    );
    truth = new Map(rows.map((r) => [r.user_id, Number(r.total)]));
  } finally {
    await client.end();
  }
  const problems: string[] = [];
  const month = new Date().toISOString().slice(0, 7);
  for (const query of [`month=${month}`, 'timeframe=7d']) {
    const res = await fetch(`${base}/project/default/leaderboard?groupId=default&${query}&limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) {
      problems.push(`board ${query}: ${res.status}`);
      continue;
    }
    const served = new Map(
      ((await res.json()) as { users: Array<{ userId: string; points: number }> }).users.map((u) => [u.userId, u.points]),
    );
    for (const [userId, points] of truth)
      if (served.get(userId) !== points) problems.push(`board ${query}: ${userId} has ${served.get(userId)}, PostgreSQL says ${points}`);
    for (const userId of served.keys()) if (!truth.has(userId)) problems.push(`board ${query}: ${userId} is not in PostgreSQL`);
  }
  return problems;
}
