import { describe, expect, it } from 'vitest';
import type { Platform } from '../../platform/platform.js';
import type { AttemptRow, ClaimedDelivery, WebhookDeliveriesRepository } from './deliveries.repository.js';
import type { EndpointCache } from './endpoint-cache.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import type { AttemptResult, OutgoingMessage, WebhookSender } from './webhook-sender.js';
import type { Endpoint, WebhookEndpointsRepository } from './webhooks.repository.js';

const endpoint = { projectId: 'p', webhookId: 'w', url: 'http://receiver/hooks', secret: 's', status: 'ACTIVE', failingSince: null };

/** A sender whose answers come when the test says; it counts the sends in flight at once. */
class HeldSender {
  readonly open: Array<() => void> = [];
  inFlight = 0;
  most = 0;
  sent: string[] = [];
  send(_url: string, m: OutgoingMessage): Promise<AttemptResult> {
    this.sent.push(m.messageId);
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    return new Promise((resolve) =>
      this.open.push(() => {
        this.inFlight--;
        resolve({ ok: true, statusCode: 200, response: 'ok', error: null });
      }),
    );
  }
  answerAll(): void {
    for (const answer of this.open.splice(0)) answer();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

function dispatcherWith(sender: HeldSender, concurrency: number) {
  const recorded: AttemptRow[] = [];
  const platform = {
    db: { dialect: 'postgres', kysely: {} },
    clock: { now: () => 1_000 },
    log: { error: () => {}, warn: () => {} },
  } as unknown as Platform;
  const endpoints = { of: async () => ({ byId: new Map([['w', endpoint as unknown as Endpoint]]) }) } as unknown as EndpointCache;
  const deliveries = {
    record: async (rows: readonly AttemptRow[]) => void recorded.push(...rows),
    release: async () => {},
    claim: async () => [],
  } as unknown as WebhookDeliveriesRepository;
  const dispatcher = new WebhookDispatcher(
    platform,
    endpoints,
    {} as WebhookEndpointsRepository,
    deliveries,
    sender as unknown as WebhookSender,
    {
      pollMs: 60_000,
      concurrency,
    },
  );
  return { dispatcher, recorded };
}

const row = (i: number): ClaimedDelivery => ({
  project_id: 'p',
  webhook_id: 'w',
  message_id: `msg_${i}`,
  type: 'points.changed',
  payload: '{}',
  attempts: 0,
  first_attempt_at: null,
  delivered_at: null,
  status: 'pending',
});

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the webhook dispatcher', () => {
  it('sends rows handed over while a send is under way at once, side by side, not after it one at a time', async () => {
    const sender = new HeldSender();
    const { dispatcher, recorded } = dispatcherWith(sender, 8);
    await dispatcher.start();
    const lease = dispatcher.lease(1)!;
    dispatcher.handOver([row(0)], lease);
    await turns();
    expect(sender.inFlight).toBe(1);
    // A second batch commits while the first message waits for its answer.
    dispatcher.handOver([1, 2, 3, 4, 5].map(row), lease);
    await turns();
    expect(sender.inFlight).toBe(6);
    // No more at once than the concurrency.
    dispatcher.handOver([6, 7, 8, 9, 10, 11].map(row), lease);
    await turns();
    expect(sender.inFlight).toBe(8);
    expect(sender.most).toBe(8);
    for (let i = 0; i < 5 && sender.open.length > 0; i++) {
      sender.answerAll();
      await turns();
    }
    expect(sender.sent.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `msg_${i}`).sort());
    await dispatcher.stop();
    expect(recorded.map((r) => r.status)).toEqual(Array(12).fill('delivered'));
  });
});
