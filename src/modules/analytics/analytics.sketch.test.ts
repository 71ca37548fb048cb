import { beforeEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { feedStage, NOW, stats } from './analytics.test-factory.js';

describeSharedApp('analytics: unique users and category caps', (t) => {
  beforeEach(() => t.setClock(NOW));

  it('counts few users exactly, repeats included', async () => {
    await feedStage(
      t,
      Array.from({ length: 90 }, (_, i) => ({ userId: `u${i % 30}` })),
    );
    const body = (await stats(t, '?period=1d')).json();
    expect(body.data).toMatchObject({ totalEvents: 90, uniqueUsers: 30, _metadata: { uniqueUsersCalculationMethod: 'exact' } });
  });

  it('estimates many users with HyperLogLog within 8 % and says so', async () => {
    await feedStage(
      t,
      Array.from({ length: 600 }, (_, i) => ({ userId: `user-${i}` })),
    );
    const body = (await stats(t, '?period=1d')).json();
    expect(body.data.totalEvents).toBe(600);
    expect(body.data._metadata.uniqueUsersCalculationMethod).toBe('hyperloglog');
    expect(Math.abs(body.data.uniqueUsers - 600) / 600).toBeLessThan(0.08);
    const perEvent = (await stats(t, '?period=1d&eventId=visit')).json();
    expect(perEvent.data._metadata.uniqueUsersCalculationMethod).toBe('hyperloglog');
    expect(Math.abs(perEvent.data.uniqueUsers - 600) / 600).toBeLessThan(0.08);
  });

  it('keeps the first 50 distinct values of a category field and counts the rest as other', async () => {
    await feedStage(t, [
      ...Array.from({ length: 55 }, (_, i) => ({ userId: 'a', metadata: { sku: `sku-${String(i).padStart(2, '0')}` } })),
      { userId: 'b', metadata: { sku: 'sku-00' } },
      { userId: 'b', metadata: { sku: 'sku-54' } },
    ]);
    const { sku } = (await stats(t, '?period=1d&eventId=visit')).json().data.metadataStats;
    expect(sku.kind).toBe('category');
    expect(Object.keys(sku.counts)).toHaveLength(50);
    expect(sku.counts['sku-00']).toBe(2);
    expect(sku.counts['sku-54']).toBeUndefined();
    expect(sku).toMatchObject({ distinctValuesCap: 50, otherCount: 6 });
  });

  it('counts booleans and arrays of strings as categories', async () => {
    await feedStage(t, [
      { userId: 'a', metadata: { member: true, usergroup: ['gold', 'vip'] } },
      { userId: 'b', metadata: { member: false, usergroup: ['gold'] } },
    ]);
    const m = (await stats(t, '?period=1d&eventId=visit')).json().data.metadataStats;
    expect(m.member).toEqual({ kind: 'category', counts: { true: 1, false: 1 }, distinctValuesCap: 50, otherCount: 0 });
    expect(m.usergroup.counts).toEqual({ gold: 2, vip: 1 });
  });
});
