import { expect, it } from 'vitest';
import { principalKey, type Principal } from '../../src/http/auth/principal.js';
import { CLAIM_LEASE_MS, type IdempotencyClaim } from '../../src/http/idempotency.js';
import { describeBackends, type TestContext } from '../helpers/test-app.js';
import { defineEvent } from '../../src/modules/events/events.test-factory.js';

/**
 * Finding 9 of the fault review: a request in flight when its process died left its key "in
 * progress", and every retry waited 10 s and got 409 IDEMPOTENCY_IN_PROGRESS for 24 hours. The
 * retry must get the stored result (the event committed) or be processed (it did not).
 *
 * A dead request is reproduced by its traces in the store: a claimed key (with the request hash
 * the service computes, read from a first request of another principal) and, for "committed",
 * the event stored by the service in the claim's transaction, with no HTTP answer ever sent.
 */
const BODY = { eventId: 'tap', userId: 'ann' };
const ann: Principal = { kind: 'user', projectId: 'default', userId: 'ann' };

async function requestHashOf(t: TestContext): Promise<string> {
  // The same request by a service principal before ann exists: 404, and its key row holds the hash.
  const res = await t.inject({
    method: 'POST',
    url: '/event',
    headers: { ...(await t.serviceAuth()), 'idempotency-key': 'probe' },
    payload: BODY,
  });
  expect(res.statusCode).toBe(404);
  const row = await t.app.platform.db.kysely
    .selectFrom('idempotency_keys')
    .select('request_hash')
    .where('idem_key', '=', 'probe')
    .executeTakeFirstOrThrow();
  return row.request_hash;
}

/** The key row a request leaves when its process dies after claiming the key. */
async function claimLeftByADeadRequest(t: TestContext, key: string, leaseUntil: number): Promise<IdempotencyClaim> {
  const hash = await requestHashOf(t);
  const claim: IdempotencyClaim = { projectId: 'default', principal: principalKey(ann), key, leaseUntil };
  await t.app.platform.db.kysely
    .insertInto('idempotency_keys')
    .values({
      project_id: 'default',
      principal: claim.principal,
      idem_key: key,
      request_hash: hash,
      status_code: null,
      response_body: null,
      content_type: null,
      created_at: t.app.platform.clock.now(),
      lease_until: leaseUntil,
    })
    .execute();
  return claim;
}

async function retry(t: TestContext, key: string) {
  return t.inject({ method: 'POST', url: '/event', headers: { ...(await t.auth('ann')), 'idempotency-key': key }, payload: BODY });
}

describeBackends('Idempotency-Key after a crash', (t) => {
  it('processes the retry when the dead request had not committed', async () => {
    await defineEvent(t, { eventId: 'tap', reward: { default: 4 }, limit: null });
    const claim = await claimLeftByADeadRequest(t, 'k-dead', Date.now() - 1);
    await t.createUser('ann');
    const res = await retry(t, claim.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.points).toBe(4);
    expect(await t.app.services.events.countEvents('default', 'ann')).toBe(1);
    const again = await retry(t, claim.key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.app.services.events.countEvents('default', 'ann')).toBe(1);
  });

  it('answers the retry with the stored response when the dead request had committed', async () => {
    await defineEvent(t, { eventId: 'tap', reward: { default: 4 }, limit: null });
    const claim = await claimLeftByADeadRequest(t, 'k-committed', Date.now() + CLAIM_LEASE_MS);
    await t.createUser('ann');
    // The request's work, committed with its response; then the process died before answering.
    const first = await t.app.services.events.ingest(ann, BODY, claim);
    const res = await retry(t, claim.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(first)));
    expect(await t.app.services.events.countEvents('default', 'ann')).toBe(1);
    expect((await t.inject({ method: 'GET', url: '/user/ann/points', headers: await t.auth('ann') })).json().points).toBe(4);
  });

  it('keeps a slow request that lost its claim from writing a second time', async () => {
    await defineEvent(t, { eventId: 'tap', reward: { default: 4 }, limit: null });
    const claim = await claimLeftByADeadRequest(t, 'k-slow', Date.now() - 1);
    await t.createUser('ann');
    expect((await retry(t, claim.key)).statusCode).toBe(200); // took the claim over and did the work
    await expect(t.app.services.events.ingest(ann, BODY, claim)).rejects.toMatchObject({
      statusCode: 409,
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
    expect(await t.app.services.events.countEvents('default', 'ann')).toBe(1);
  });
});
