import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { AppEvent } from "../../domain/contracts/events";

const CHANNEL = "frio:events";

/** Fan-out of events to every API instance's websocket hub. */
export interface Bus {
  publish(event: AppEvent): Promise<void>;
  subscribe(listener: (event: AppEvent) => void): () => void;
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
    healthy: () => publisher.status === "ready" && subscriber.status === "ready",
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
