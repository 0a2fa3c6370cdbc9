import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { logConnectionErrors, type LogError } from "../connection-errors";
import { type Bus, createMemoryBus, type Published } from "./bus";

/**
 * `channel` names one deployment (its database): instances of another deployment sharing
 * the Redis server never see these events, whose ids mean nothing in their outbox.
 *
 * A process hands what it publishes to its own listeners at once, and skips its own
 * messages when Redis brings them back: the sockets of the instance whose relay published
 * an event get it without the round trip through Redis. When the publish fails the relay
 * publishes the event again later; the hub's sockets drop an id they have already passed.
 */
export function createRedisBus(url: string, channel: string, log: LogError): Bus {
  const self = randomUUID();
  // Publishing fails fast while Redis is away: the outbox keeps the event and retries.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const local = createMemoryBus();
  logConnectionErrors(publisher, "bus publisher", log);
  logConnectionErrors(subscriber, "bus subscriber", log);
  void subscriber.subscribe(channel).catch((error: Error) => log(`bus subscriber: ${error.message}`));
  const resubscribed: (() => void)[] = [];
  let connectedBefore = false;
  subscriber.on("ready", () => {
    if (connectedBefore)
      resubscribed.forEach((listener) => {
        listener();
      });
    connectedBefore = true;
  });
  subscriber.on("message", (_channel, raw) => {
    try {
      const { event, previous, from } = JSON.parse(raw) as Published;
      if (from !== self) void local.publish(event, previous ?? null);
    } catch {
      // A malformed message from another process is dropped, never crashes the hub.
    }
  });
  return {
    publish: async (event, previous = null) => {
      void local.publish(event, previous);
      await publisher.publish(channel, JSON.stringify({ event, previous, from: self } satisfies Published));
    },
    subscribe: local.subscribe,
    onResubscribed: (listener) => void resubscribed.push(listener),
    healthy: () => publisher.status === "ready" && subscriber.status === "ready",
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
