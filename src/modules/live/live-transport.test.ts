import { describe, expect, it } from 'vitest';
import { compareIds, LocalTransport, REPLAY_MAX, userKeyOf, type Delivered } from './live-transport.js';

/** The embedded transport: ids in order, the replay ring per listened user, and what it cannot replay. */
describe('the in-process live transport', () => {
  const setup = () => {
    const delivered: Array<{ userId: string; messages: Delivered[] }> = [];
    const transport = new LocalTransport(
      (_projectId, userId, messages) => delivered.push({ userId, messages }),
      () => undefined,
    );
    return { transport, delivered };
  };
  const points = (balance: number) => ({ event: 'points.changed' as const, data: { balance } });

  it('gives increasing ids and replays what came after an id, for a listened user', async () => {
    const { transport, delivered } = setup();
    transport.watch([userKeyOf('p', 'ann')]);
    transport.publish('p', 'ann', [points(1), points(2)]);
    transport.publish('p', 'ann', [points(3)]);
    const ids = delivered.flatMap((d) => d.messages.map((m) => m.id));
    expect(ids).toHaveLength(3);
    expect(compareIds(ids[0]!, ids[1]!)).toBe(-1);
    expect(compareIds(ids[1]!, ids[2]!)).toBe(-1);
    const missed = await transport.replay('p', 'ann', ids[0]!);
    expect(missed).not.toBe('reset');
    expect((missed as Delivered[]).map((m) => JSON.parse(m.data).balance)).toEqual([2, 3]);
    expect(await transport.replay('p', 'ann', ids[2]!)).toEqual([]);
  });

  it('answers reset for an id it no longer keeps, from another process, or of a user no longer listened to', async () => {
    const { transport, delivered } = setup();
    transport.watch([userKeyOf('p', 'ann')]);
    transport.publish('p', 'ann', [points(0)]);
    const first = delivered[0]!.messages[0]!.id;
    for (let i = 1; i <= REPLAY_MAX; i++) transport.publish('p', 'ann', [points(i)]);
    // The first is gone from the ring, but everything after it is kept.
    expect(await transport.replay('p', 'ann', first)).toHaveLength(REPLAY_MAX);
    transport.publish('p', 'ann', [points(REPLAY_MAX + 1)]);
    expect(await transport.replay('p', 'ann', first)).toBe('reset');
    expect(await transport.replay('p', 'ann', '1-1')).toBe('reset');
    expect(await transport.replay('p', 'ann', 'not an id')).toBe('reset');
    transport.unwatch(userKeyOf('p', 'ann'));
    expect(await transport.replay('p', 'ann', delivered.at(-1)!.messages[0]!.id)).toBe('reset');
  });

  it('keeps nothing of users nobody listens to, and an id from before a user was listened to is a reset', async () => {
    const { transport, delivered } = setup();
    transport.publish('p', 'bob', [points(1)]);
    transport.publish('p', 'bob', [points(2)]);
    const [first, second] = delivered.map((d) => d.messages[0]!.id);
    transport.watch([userKeyOf('p', 'bob')]);
    // The second was not kept, so a client that saw only the first missed it.
    expect(await transport.replay('p', 'bob', first!)).toBe('reset');
    expect(await transport.replay('p', 'bob', second!)).toEqual([]);
  });
});
