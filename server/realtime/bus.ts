import { EventEmitter } from "node:events";
import type { AppEvent } from "@domain/contracts/events";

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

type BusListener = (event: AppEvent, previous: number | null) => void;

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
