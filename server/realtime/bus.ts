import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { AppEvent } from "../../domain/contracts/events";

const CHANNEL = "frio:events";

/** Fan-out of events to every API instance's websocket hub. */
export interface Bus {
  publish(event: AppEvent): Promise<void>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** Called when the subscription comes back after an outage: what was published meanwhile never arrived. */
  onResubscribed(listener: () => void): void;
  healthy(): boolean;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    publish: async (event) => void emitter.emit(CHANNEL, event),
    subscribe: (listener) => {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    onResubscribed: () => {},
    healthy: () => true,
    close: async () => void emitter.removeAllListeners(),
  };
}

export function createRedisBus(url: string): Bus {
  // Publishing fails fast while Redis is away: the outbox keeps the event and retries.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const local = createMemoryBus();
  publisher.on("error", () => {});
  subscriber.on("error", () => {});
  void subscriber.subscribe(CHANNEL).catch(() => {});
  const resubscribed: (() => void)[] = [];
  let connectedBefore = false;
  subscriber.on("ready", () => {
    if (connectedBefore) resubscribed.forEach((listener) => listener());
    connectedBefore = true;
  });
  subscriber.on("message", (_channel, raw) => {
    try {
      void local.publish(JSON.parse(raw) as AppEvent);
    } catch {
      // A malformed message from another process is dropped, never crashes the hub.
    }
  });
  return {
    publish: async (event) => {
      await publisher.publish(CHANNEL, JSON.stringify(event));
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
