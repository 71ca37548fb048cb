import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { ledgerIn } from '../points/index.js';
import { WritePath } from '../../write-path/write-path.js';
import { eventsParticipant } from './events-batch.js';
import { EventsService } from './events.service.js';
import { eventStage, type EventStage, type PipelineEvent } from './pipeline.js';
import { balance, defineEvent, defineGroups, NOW, sendEvent } from './events.test-factory.js';

/** An events service on the app's store whose write path has the given stages (and only them), in this order. */
function withStages(t: TestContext, stages: EventStage[]): EventsService {
  const writes = new WritePath(t.app.platform);
  writes.use([
    t.app.services.points.ledger,
    eventsParticipant,
    ...stages.map((s, i) => eventStage({ ...s, after: [i === 0 ? 'events' : stages[i - 1]!.name] })),
  ]);
  const events = new EventsService(t.app.platform, writes, t.app.services.userGroups, t.app.services.projects, t.app.services.currencies);
  return events;
}

const service = { kind: 'service' as const, projectId: 'default', subject: 'test' };

describeBackends('events: pipeline stages and idempotency', (t) => {
  it('runs the stages per event in order, then writes, then afterCommit, and merges their output', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 1 });
    await defineGroups(t, 'gold');
    await t.createUser('sam');
    const seen: string[] = [];
    const events: PipelineEvent[] = [];
    const challenges: EventStage = {
      name: 'challenges',
      begin: (batch) => ({
        async load() {
          seen.push(`load:${batch.unitsOf('event').length}`);
        },
        applyEvent(event, outcome) {
          seen.push(`challenges:${outcome.pointsEarned}`);
          events.push(event);
          if (!event.qualifies) return;
          const bonus = ledgerIn(batch).record({
            projectId: event.projectId,
            userId: event.userId,
            type: 'CHALLENGE',
            sourceId: 'c1',
            points: 100,
            occurredAt: event.occurredAt,
            title: { de: 'C', en: 'C' },
            description: { de: '', en: '' },
            boardGroups: event.userGroups,
          });
          outcome.pointsEarned += bonus.points;
          outcome.challenges.push({ challengeId: 'c1', progress: 1, goal: 1, completed: true, pointsAwarded: 100 });
        },
        async write() {
          seen.push('write');
        },
        async afterCommit() {
          seen.push('after');
        },
      }),
    };
    const streaks: EventStage = {
      name: 'streaks',
      begin: () => ({
        applyEvent(_event, outcome) {
          seen.push('streaks');
          outcome.streaks.push({
            streakId: 's1',
            currentCount: 1,
            lastUpdate: new Date(NOW).toISOString(),
            milestoneReached: false,
            pointsAwarded: 0,
          });
        },
      }),
    };
    const ingest = withStages(t, [challenges, streaks]);
    const res = await ingest.ingest(service, { userId: 'sam', eventId: 'buy', metadata: { usergroup: 'gold' } });
    expect(res.data).toMatchObject({
      points: 5,
      challenges: [{ challengeId: 'c1', progress: 1, goal: 1, completed: true, pointsAwarded: 100 }],
      streaks: [{ streakId: 's1', currentCount: 1, lastUpdate: new Date(NOW).toISOString(), milestoneReached: false, pointsAwarded: 0 }],
    });
    expect(seen).toEqual(['load:1', 'challenges:5', 'streaks', 'write', 'after']);
    expect(events[0]).toMatchObject({
      projectId: 'default',
      userId: 'sam',
      eventId: 'buy',
      points: 5,
      userGroups: ['gold'],
      qualifies: true,
      conditionReached: true,
      limitReached: false,
    });
    expect(await balance(t, 'sam')).toBe(105);

    await ingest.ingest(service, { userId: 'sam', eventId: 'buy' });
    expect(events[1]).toMatchObject({ points: 0, limitReached: true, qualifies: false });
  });

  it('starts the write of a stage that writes last once the other writes are answered (writesLast)', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('sam');
    const seen: string[] = [];
    const stage = (name: string, writesLast: boolean): EventStage => ({
      name,
      writesLast,
      begin: () => ({
        applyEvent() {},
        async write() {
          seen.push(`${name}:start`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen.push(`${name}:done`);
        },
      }),
    });
    // `last` comes first in the order, yet writes after `other` is answered; `free` writes alongside `other`.
    const ingest = withStages(t, [stage('last', true), stage('other', false), stage('free', false)]);
    await ingest.ingest(service, { userId: 'sam', eventId: 'buy' });
    expect(seen.slice(0, 2).sort()).toEqual(['free:start', 'other:start']);
    expect(seen.slice(4)).toEqual(['last:start', 'last:done']);
  });

  it('keeps nothing of an event whose stage throws, and the other events of its batch commit', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('sam');
    await t.createUser('kim');
    const broken: EventStage = {
      name: 'broken',
      begin: () => ({
        applyEvent(event) {
          if (event.userId === 'sam') throw new Error('stage failed');
        },
      }),
    };
    const ingest = withStages(t, [broken]);
    const [sam, kim] = await Promise.allSettled([
      ingest.ingest(service, { userId: 'sam', eventId: 'buy' }),
      ingest.ingest(service, { userId: 'kim', eventId: 'buy' }),
    ]);
    expect(sam.status).toBe('rejected');
    // Not an AppError: the error handler answers it with a bare 500.
    expect((sam as PromiseRejectedResult).reason).toMatchObject({ message: 'stage failed' });
    expect((sam as PromiseRejectedResult).reason.statusCode).toBeUndefined();
    expect(kim.status).toBe('fulfilled');
    expect(await balance(t, 'sam')).toBe(0);
    expect(await t.app.services.events.countEvents('default', 'sam')).toBe(0);
    expect(await t.app.services.points.ledgerSum('default', 'sam')).toBe(0);
    expect(await balance(t, 'kim')).toBe(5);
    expect(await t.app.services.events.countEvents('default', 'kim')).toBe(1);
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
    expect(await events.deleteUserData('default', 'sam', 3)).toBe(3); // event log entries
    expect(await events.deleteUserData('default', 'sam', 3)).toBe(2);
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

describeBackends('write path: notices of what a batch decided', (t) => {
  it('publishes each ledger entry, completion, milestone, redemption and answer in decision order', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 50 } });
    expect(
      (await t.admin('POST', '/admin/challenge', { challengeId: 'first', title: { en: 'First' }, eventId: 'buy', goal: 1, points: 5 }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/streak', {
          streakId: 'daily',
          title: { en: 'Daily' },
          timeFrame: 'daily',
          eventIds: ['buy'],
          milestones: [{ count: 1, points: 2 }],
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.admin('POST', '/admin/shop', { shopId: 'shop', name: 'Shop' })).statusCode).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/offer', {
          offerId: 'mug',
          type: 'ONLINE',
          points: 20,
          title: { en: 'Mug' },
          description: { en: 'A mug' },
          shopId: 'shop',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/survey', {
          surveyId: 'poll',
          title: 'Poll',
          type: 'SINGLE',
          options: [{ optionId: 'a', label: 'A' }],
          points: 3,
        })
      ).statusCode,
    ).toBe(201);
    await t.createUser('sam');
    const writes = new WritePath(t.app.platform);
    const seen: Array<{ type: string; data: Record<string, unknown> }> = [];
    writes.use([
      ...t.app.services.writes.participants,
      { name: 'spy', after: ['notices'], begin: (batch) => ({ write: async () => void seen.push(...batch.notices) }) },
    ]);
    const event = await t.app.services.events.prepare(service, { userId: 'sam', eventId: 'buy' });
    const now = t.app.platform.clock.now();
    await Promise.all([
      writes.submit({ kind: 'event', projectId: 'default', userId: 'sam', event }),
      writes.submit({
        kind: 'redemption',
        projectId: 'default',
        userId: 'sam',
        offerId: 'mug',
        metadata: undefined,
        quantity: 1,
        now,
      }),
      writes.submit({ kind: 'survey-answer', projectId: 'default', userId: 'sam', surveyId: 'poll', responses: ['a'], now }),
    ]);
    expect(seen.map((n) => n.type)).toEqual([
      'points.changed',
      'points.changed',
      'challenge.completed',
      'points.changed',
      'streak.milestone_reached',
      'points.changed',
      'offer.redeemed',
      'points.changed',
      'survey.answered',
    ]);
    expect(seen.filter((n) => n.type === 'points.changed').map((n) => [n.data.entryType, n.data.points, n.data.balance])).toEqual([
      ['EVENT', 50, 50],
      ['CHALLENGE', 5, 55],
      ['STREAK', 2, 57],
      ['REDEMPTION', -20, 37],
      ['SURVEY', 3, 40],
    ]);
  });
});
