import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import type { EventStage, PipelineEvent, PipelineOutcome } from './pipeline.js';
import { balance, defineEvent, NOW, sendEvent } from './events.test-factory.js';

describeBackends('events: pipeline stages and idempotency', (t) => {
  it('runs the stages in order inside the transaction, then afterCommit, and merges their output', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 1 });
    await t.createUser('sam');
    const seen: string[] = [];
    const events: PipelineEvent[] = [];
    const challenges: EventStage = {
      name: 'challenges',
      async apply(trx, event, outcome) {
        seen.push(`challenges:${outcome.pointsEarned}`);
        events.push(event);
        if (!event.qualifies) return;
        const bonus = await t.app.services.points.record(trx, {
          projectId: event.projectId,
          userId: event.userId,
          type: 'CHALLENGE',
          sourceId: 'c1',
          points: 100,
          occurredAt: event.occurredAt,
          title: { de: 'C', en: 'C' },
          description: { de: '', en: '' },
        });
        outcome.pointsEarned += bonus.points;
        outcome.challenges.push({ challengeId: 'c1', progress: 1, goal: 1, completed: true, pointsAwarded: 100 });
      },
      afterCommit: (_e, outcome: PipelineOutcome) => void seen.push(`after:${outcome.pointsEarned}`),
    };
    const streaks: EventStage = {
      name: 'streaks',
      async apply(_trx, _event, outcome) {
        seen.push('streaks');
        outcome.streaks.push({ streakId: 's1', currentCount: 1, lastUpdate: new Date(NOW).toISOString(), milestoneReached: false, pointsAwarded: 0 });
      },
    };
    t.app.services.stages.push(challenges, streaks);
    const res = await sendEvent(t, 'sam', { eventId: 'buy', metadata: { usergroup: 'gold' } });
    expect(res.json().data).toMatchObject({
      points: 5,
      challenges: [{ challengeId: 'c1', progress: 1, goal: 1, completed: true, pointsAwarded: 100 }],
      streaks: [{ streakId: 's1', currentCount: 1, lastUpdate: new Date(NOW).toISOString(), milestoneReached: false, pointsAwarded: 0 }],
    });
    expect(seen).toEqual(['challenges:5', 'streaks', 'after:105']);
    expect(events[0]).toMatchObject({ projectId: 'default', userId: 'sam', eventId: 'buy', points: 5, userGroups: ['gold'], qualifies: true, conditionReached: true, limitReached: false });
    expect(await balance(t, 'sam')).toBe(105);

    await sendEvent(t, 'sam', { eventId: 'buy' });
    expect(events[1]).toMatchObject({ points: 0, limitReached: true, qualifies: false });
  });

  it('keeps nothing of an event whose stage throws', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('sam');
    t.app.services.stages.push({
      name: 'broken',
      async apply() {
        throw new Error('stage failed');
      },
    });
    const res = await sendEvent(t, 'sam', { eventId: 'buy' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Internal Server Error');
    expect(await balance(t, 'sam')).toBe(0);
    expect(await t.app.services.events.countEvents('default', 'sam')).toBe(0);
    expect(await t.app.services.points.ledgerSum('default', 'sam')).toBe(0);
  });

  it('replays the first response for a repeated Idempotency-Key and changes nothing; another body gets 409', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('sam');
    const headers = { ...(await t.auth('sam')), 'idempotency-key': 'order-1' };
    const first = await sendEvent(t, 'sam', { eventId: 'buy', metadata: { order: 1 } }, headers);
    const again = await sendEvent(t, 'sam', { eventId: 'buy', metadata: { order: 1 } }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await sendEvent(t, 'sam', { eventId: 'buy', metadata: { order: 2 } }, headers);
    expect(other.statusCode).toBe(409);
    expect(await balance(t, 'sam')).toBe(5);
    expect(await t.app.services.events.countEvents('default', 'sam')).toBe(1);
  });

  it('lets exactly one of concurrent duplicates with the same Idempotency-Key take effect', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('sam');
    const headers = { ...(await t.auth('sam')), 'idempotency-key': 'burst' };
    const results = await Promise.all(Array.from({ length: 10 }, () => sendEvent(t, 'sam', { eventId: 'buy' }, headers)));
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json()).toEqual(ok[0]!.json());
    expect(await balance(t, 'sam')).toBe(5);
    expect(await t.app.services.events.countEvents('default', 'sam')).toBe(1);
  });

  it('deletes the stored events and limit counters of a user in batches', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 10 });
    await t.createUser('sam');
    await t.createUser('other');
    for (let i = 0; i < 5; i++) await sendEvent(t, 'sam', { eventId: 'buy' });
    await sendEvent(t, 'other', { eventId: 'buy' });
    const events = t.app.services.events;
    expect(await events.deleteUserData('default', 'sam', 3)).toBe(3);
    expect(await events.deleteUserData('default', 'sam', 3)).toBe(3); // 2 events + 1 counter
    expect(await events.deleteUserData('default', 'sam', 3)).toBe(0);
    expect(await events.countEvents('default', 'sam')).toBe(0);
    expect(await events.countEvents('default', 'other')).toBe(1);
  });
});

describeBackends('events: group commit on a file store', (t) => {
  it('stores every acknowledged event of a concurrent burst durably (survives a restart)', async () => {
    if (t.backend !== 'sqlite') return;
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'laurel-events-'));
    try {
      t.configure({ databaseUrl: `sqlite:${join(dir, 'laurel.db')}` });
      await t.restart();
      await defineEvent(t, { eventId: 'buy', reward: { default: 2 }, limit: 40 });
      await t.createUser('fay');
      const headers = await t.auth('fay');
      const results = await Promise.all(Array.from({ length: 60 }, () => sendEvent(t, 'fay', { eventId: 'buy' }, headers)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(results.filter((r) => !r.json().data.limitReached)).toHaveLength(40);
      await t.restart();
      expect(await balance(t, 'fay')).toBe(80);
      expect(await t.app.services.events.countEvents('default', 'fay')).toBe(60);
      expect(await t.app.services.points.ledgerSum('default', 'fay')).toBe(80);
    } finally {
      await t.app.close();
      t.configure({});
      await t.restart();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
