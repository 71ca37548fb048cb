import type { Redis } from 'ioredis';
import type { RedisHandle } from './redis.js';

type Listener = (payload: string) => void;

/**
 * Tells every instance that something changed (an event definition, an API key, the test clock),
 * so in-memory caches drop it. Embedded mode: in-process only. Scale mode: also Redis pub/sub; the
 * publishing instance receives its own message again, which is harmless for invalidation.
 */
export class InvalidationBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscriber: Redis | null = null;
  private readonly channel: string | null;

  constructor(private readonly redis: RedisHandle | null) {
    this.channel = redis ? redis.channel('bus') : null;
  }

  async start(): Promise<void> {
    if (!this.redis || !this.channel) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      const sep = message.indexOf('\n');
      this.deliver(message.slice(0, sep), message.slice(sep + 1));
    });
    await this.subscriber.subscribe(this.channel);
  }

  on(topic: string, listener: Listener): void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
  }

  async publish(topic: string, payload = ''): Promise<void> {
    // Locally at once, so the next request on this instance already sees the change.
    this.deliver(topic, payload);
    if (this.redis && this.channel) {
      // Other instances through Redis (the subscriber connection cannot publish).
      await this.redis.client.publish(this.channel, `${topic}\n${payload}`);
    }
  }

  private deliver(topic: string, payload: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(payload);
  }
}
