import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { AppEvent } from "../../domain/contracts/events";
import { logConnectionErrors, type LogError } from "../connection-errors";

/**
 * A durable event as the relay publishes it: `previous` is the id of the outbox event just
 * before it (the relay publishes in id order), so a listener that last saw a lower id knows
 * it missed something and reads the gap from the outbox. Ephemeral chatter has no previous.
 */
export interface Published {
  event: AppEvent;
  previous: number | null;
  /** The publishing process, which has already handed the event to its own listeners. */
  from?: string;
}

export type BusListener = (event: AppEvent, previous: number | null) => void;

/** Fan-out of events to every API instance's websocket hub. */
export interface Bus {
  publish(event: AppEvent, previous?: number | null): Promise<void>;
  subscribe(listener: BusListener): () => void;
  /** Called when the subscription comes back after an outage: what was published meanwhile never arrived. */
  onResubscribed(listener: () => void): void;
  healthy(): boolean;
  close(): Promise<void>;
}

const LOCAL = "events";

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    publish: async (event, previous = null) => void emitter.emit(LOCAL, event, previous),
    subscribe: (listener) => {
      emitter.on(LOCAL, listener);
      return () => emitter.off(LOCAL, listener);
    },
    onResubscribed: () => {},
    healthy: () => true,
    close: async () => void emitter.removeAllListeners(),
  };
}

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
  void subscriber.subscribe(channel).catch(() => {});
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
