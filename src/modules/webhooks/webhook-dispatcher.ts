import { storeOwnedByOneProcess } from '../../platform/db/dialect-sql.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { ClaimedDelivery, WebhookDeliveriesRepository } from './deliveries.repository.js';
import type { EndpointCache } from './endpoint-cache.js';
import { attemptOutcome, EndpointHealth, type Outcome } from './endpoint-health.js';
import type { AttemptResult, WebhookSender } from './webhook-sender.js';
import type { WebhookEndpointsRepository } from './webhooks.repository.js';

export interface DispatcherOptions {
  /** How often to look for due deliveries (ms); 0 sends only on demand (`runUntilIdle`, tests). */
  pollMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** How long a claim holds before another dispatcher may take the row (its dispatcher died). */
  leaseMs?: number;
}

/** Outcomes written together once this many have gathered (and whenever the workers run dry). */
const RECORD_EVERY = 32;
/**
 * At most this many handed-over deliveries wait in memory; beyond that, new messages stay in the
 * outbox for a claim. Well under what the workers send within a lease, so a handed-over row is sent
 * before its lease runs out.
 */
const HANDOVER_LIMIT = 2048;
/** Rows one claim takes at most. */
const CLAIM_LIMIT = 256;

/** A claimed delivery waiting in this process, with the end of its lease. */
interface Held {
  row: ClaimedDelivery;
  until: number;
}

/** The lease under which a write batch inserts its messages already claimed (see `lease`). */
export interface HandOverLease {
  runnerId: string;
  until: number;
}

/**
 * Sends the outbox (decision 111). Workers (`concurrency` of them) take due rows from a local
 * queue, refilled by claims of twice that many rows under a lease of 30 s (two rounds of the 10 s limit), sign each with the endpoint's
 * secret(s), send it and gather the outcomes, which are written in groups. A failed attempt is
 * scheduled again (retry-schedule.ts) or, past 24 h, failed; an endpoint failing without a success
 * for 3 days is set INACTIVE with the reason. Several instances share the outbox safely: claims
 * skip each other's rows. Time is the platform clock, so the test clock drives the schedule.
 */
export class WebhookDispatcher {
  private readonly runnerId = generateId('dispatcher');
  private readonly leaseMs: number;
  private queue: Held[] = [];
  private claiming: Promise<void> | null = null;
  private exhausted = false;
  /** Whether the pass under way should also claim from the outbox (not only send what was handed over). */
  private claimNext = false;
  private outcomes: Outcome[] = [];
  private recording: Promise<void> = Promise.resolve();
  private draining: Promise<number> | null = null;
  private again = false;
  /** The pass's workers: alive, and of them those sending (the others are taking their next row). */
  private alive = 0;
  private busy = 0;
  /** Workers started during the pass and not yet awaited by it. */
  private spawned: Array<Promise<number>> = [];
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private started = false;
  private readonly health: EndpointHealth;

  constructor(
    private readonly platform: Platform,
    private readonly endpoints: EndpointCache,
    endpointsRepo: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.health = new EndpointHealth(platform, endpoints, endpointsRepo, deliveries);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    if (storeOwnedByOneProcess(this.platform.db.dialect)) await this.deliveries.releaseAll();
    if (this.options.pollMs > 0) this.schedule();
  }

  /** Stops the loop: attempts in flight finish and are recorded, unsent claims are handed back. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.draining?.catch(() => 0);
    await this.recording;
    this.queue = [];
    if (this.started)
      await this.deliveries.release(this.runnerId).catch((err) => this.platform.log.warn({ err }, 'could not hand back webhook claims'));
    this.started = false;
    await this.sender.close();
  }

  /** Sends soon (messages were just committed to the outbox) rather than at the next poll. */
  wake(): void {
    if (this.stopping || !this.started || this.options.pollMs === 0) return;
    this.claimNext = true;
    this.run();
  }

  /**
   * A lease for `count` messages a write batch is about to insert, so that it inserts them claimed
   * by this dispatcher and hands them over after its commit (`handOver`): the common case costs no
   * claim. Null (the messages wait in the outbox for a claim) when the dispatcher is not running or
   * holds enough already. A batch that rolls back hands nothing over; its rows never existed.
   */
  lease(count: number): HandOverLease | null {
    if (this.stopping || !this.started || this.options.pollMs === 0) return null;
    if (this.queue.length + count > HANDOVER_LIMIT) return null;
    return { runnerId: this.runnerId, until: this.platform.clock.now() + this.leaseMs };
  }

  /** The rows of a committed batch, inserted under `lease`: sent from memory. */
  handOver(rows: readonly ClaimedDelivery[], lease: HandOverLease): void {
    if (this.stopping || !this.started) return; // their lease runs out; then they are claimed again
    for (const row of rows) this.queue.push({ row, until: lease.until });
    this.run();
  }

  private run(): void {
    if (this.draining) {
      this.again = true;
      // Rows handed over while a pass runs get workers of their own at once: the pass's workers may be
      // down to a few, each waiting for its answer, and those would take the new rows one at a time.
      this.topUp();
      return;
    }
    void this.drain().catch((err) => this.platform.log.error({ err }, 'webhook dispatch failed'));
  }

  /** Sends every due delivery until none is left (tests and tools). Returns the attempts made. */
  async runUntilIdle(): Promise<number> {
    let total = 0;
    for (;;) {
      if (this.draining) {
        await this.draining.catch(() => 0);
        continue;
      }
      this.claimNext = true;
      const n = await this.drain();
      total += n;
      if (n === 0) return total;
    }
  }

  /** Sends one delivery now (manual retry, test message); null when another dispatcher holds it. */
  async sendNow(projectId: string, webhookId: string, messageId: string): Promise<boolean> {
    const row = await this.deliveries.claimOne(projectId, webhookId, messageId, this.runnerId, this.platform.clock.now(), this.leaseMs);
    if (!row) return false;
    const outcome = await this.attempt(row);
    await this.deliveries.record([outcome.row]);
    await this.health.note([outcome]);
    return true;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.claimNext = true;
      void (this.draining ?? this.drain())
        .catch((err) => this.platform.log.error({ err }, 'webhook dispatch failed'))
        .finally(() => {
          if (!this.stopping) this.schedule();
        });
    }, this.options.pollMs);
    this.timer.unref();
  }

  private drain(): Promise<number> {
    if (this.draining) return this.draining;
    this.draining = this.runPass().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async runPass(): Promise<number> {
    let sent = 0;
    try {
      do {
        this.again = false;
        // A pass claims from the outbox when asked to (poll, wake, tools); one started by a hand-over
        // only sends what it was handed.
        this.exhausted = !this.claimNext;
        this.claimNext = false;
        this.topUp();
        while (this.spawned.length > 0) for (const n of await Promise.all(this.spawned.splice(0))) sent += n;
        await this.record();
      } while (this.again && !this.stopping);
    } catch (err) {
      this.queue = []; // their leases run out; then they are claimed again
      for (const w of this.spawned.splice(0)) w.catch(() => 0); // the pass's error is the one reported
      throw err;
    }
    return sent;
  }

  /**
   * Starts workers for what waits: one per queued row not already covered by a worker between sends
   * (a claim's worth when the pass claims), up to `concurrency` alive in all.
   */
  private topUp(): void {
    const wanted = this.exhausted ? this.queue.length : Math.max(this.queue.length, this.claimSize());
    const n = Math.min(this.options.concurrency - this.alive, wanted - (this.alive - this.busy));
    for (let i = 0; i < n; i++) {
      this.alive++;
      this.spawned.push(
        this.worker().finally(() => {
          this.alive--;
        }),
      );
    }
  }

  private claimSize(): number {
    return Math.min(this.options.concurrency * 2, CLAIM_LIMIT);
  }

  private async worker(): Promise<number> {
    let n = 0;
    for (;;) {
      if (this.stopping) return n;
      const row = await this.next();
      if (!row) return n;
      this.busy++;
      try {
        this.outcomes.push(await this.attempt(row));
      } finally {
        this.busy--;
      }
      n++;
      if (this.outcomes.length >= RECORD_EVERY) void this.record();
    }
  }

  private async next(): Promise<ClaimedDelivery | null> {
    for (;;) {
      const held = this.queue.shift();
      // A row whose lease ran out waiting may be another dispatcher's by now: it is left to its claim.
      if (held && held.until > this.platform.clock.now()) return held.row;
      if (held) continue;
      if (this.exhausted || this.stopping) return null;
      const now = this.platform.clock.now();
      this.claiming ??= this.deliveries
        .claim(this.runnerId, now, this.leaseMs, this.claimSize())
        .then((rows) => {
          if (rows.length === 0) this.exhausted = true;
          const until = now + this.leaseMs;
          for (const row of rows) this.queue.push({ row, until });
        })
        .finally(() => {
          this.claiming = null;
        });
      await this.claiming;
    }
  }

  /** Signs and sends one delivery; the row's next state from the answer. */
  private async attempt(row: ClaimedDelivery): Promise<Outcome> {
    const endpoint = (await this.endpoints.of(this.platform.db.kysely, row.project_id)).byId.get(row.webhook_id);
    const now = this.platform.clock.now();
    let result: AttemptResult;
    if (!endpoint) {
      result = { ok: false, statusCode: null, response: null, error: 'the endpoint was deleted' };
    } else {
      const secrets = [endpoint.secret];
      if (endpoint.previousSecret && (endpoint.previousSecretUntil ?? 0) > now) secrets.push(endpoint.previousSecret);
      result = await this.sender.send(endpoint.url, {
        messageId: row.message_id,
        timestamp: Math.floor(now / 1000),
        secrets,
        body: row.payload,
      });
    }
    return attemptOutcome(row, endpoint, result, now);
  }

  /** Writes the gathered outcomes (one write at a time; a failed write leaves the rows to their leases). */
  private record(): Promise<void> {
    this.recording = this.recording.then(async () => {
      const batch = this.outcomes.splice(0);
      if (batch.length === 0) return;
      try {
        await this.deliveries.record(batch.map((o) => o.row));
        await this.health.note(batch);
      } catch (err) {
        this.platform.log.error({ err, deliveries: batch.length }, 'could not record webhook attempts; they will be sent again');
      }
    });
    return this.recording;
  }
}
