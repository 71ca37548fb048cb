import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisHandle } from './redis.js';

type Listener = (payload: string) => void;

/** The topic on which every instance drops all its caches. */
const RESET_TOPIC = 'reset-all';

/** How long the start waits for the subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 1_000;

/**
 * Tells every instance that something changed (an event definition, an API key, the test clock),
 * so in-memory caches drop it. Embedded mode: in-process only. Scale mode: also Redis pub/sub; the
 * publishing instance receives its own message again, which is harmless for invalidation.
 *
 * Pub/sub forgets what it sent while a subscriber was away, so every time either Redis connection
 * connects again the bus tells its reset listeners (the caches) to drop everything. A publish that cannot
 * reach Redis is logged, not thrown: the change is stored, and the other instances' caches expire
 * or reset on their own (SharedCache).
 */
export class InvalidationBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resetListeners = new Set<() => void>();
  private subscriber: Redis | null = null;
  private readonly channel: string | null;

  constructor(
    private readonly redis: RedisHandle | null,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = redis ? redis.channel('bus') : null;
    this.on(RESET_TOPIC, () => this.reset());
  }

  /** Subscribes to the other instances' messages (scale mode); part of the services' start. */
  async start(): Promise<void> {
    if (!this.redis || !this.channel || this.subscriber) return;
    const subscriber = (this.subscriber = this.redis.duplicate());
    subscriber.on('message', (_channel: string, message: string) => {
      const sep = message.indexOf('\n');
      this.deliver(message.slice(0, sep), message.slice(sep + 1));
    });
    let connected = false;
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself on every reconnect; what was published meanwhile is lost.
      if (connected) this.reset();
      connected = true;
    });
    // The publishing connection too: what this instance published while it was away is lost for
    // the others, and it may be all that noticed a Redis restart.
    this.redis.client.on('ready', () => this.reset());
    subscriber.on('close', () => {
      if (connected) this.log.warn('invalidation bus lost its Redis connection; caches reset when it is back');
    });
    // Redis may be away right now (the instance starts during an outage): the subscription then
    // happens when it is back (ioredis keeps the command), and the caches reset at that moment.
    const subscribed = subscriber.subscribe(this.channel);
    subscribed.catch((err: unknown) => this.log.warn({ err }, 'invalidation bus could not subscribe yet; it will when Redis is back'));
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      subscribed.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (!waited) this.log.warn('invalidation bus not subscribed yet (Redis away); starting without it');
  }

  /** Ends the subscription and its connection; local delivery goes on. Part of the services' close. */
  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (!subscriber) return;
    await subscriber.quit().catch(() => subscriber.disconnect());
  }

  on(topic: string, listener: Listener): void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
  }

  /** Called whenever this instance may have missed messages (the subscriber reconnected). */
  onReset(listener: () => void): void {
    this.resetListeners.add(listener);
  }

  async publish(topic: string, payload = ''): Promise<void> {
    // Locally at once, so the next request on this instance already sees the change.
    this.deliver(topic, payload);
    if (this.redis && this.channel) {
      // Other instances through Redis (the subscriber connection cannot publish).
      await this.redis.client.publish(this.channel, `${topic}\n${payload}`).catch((err: Error) => {
        this.log.warn({ err: err.message, topic }, 'could not publish an invalidation; other instances catch up when their caches expire');
      });
    }
  }

  /** Drops every cache of every instance (a project was deleted: nothing cached of it may be served again). */
  resetEverywhere(): Promise<void> {
    return this.publish(RESET_TOPIC);
  }

  /** Drops every cache of this instance (reconnect, or a test). */
  reset(): void {
    for (const listener of this.resetListeners) listener();
  }

  private deliver(topic: string, payload: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(payload);
  }
}
