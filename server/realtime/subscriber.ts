import type { WebSocket } from "ws";
import {
  eventCapability,
  followsSubscription,
  type AppEvent,
  type PreparationSubscription,
  type ServerSocketMessage,
} from "@domain/contracts/events";
import { can } from "@domain/permissions";
import type { SocketUser } from "./socket-user";

/** Sockets that stop reading are closed past this much unsent data; they resume with their last id. */
const SEND_BUFFER_LIMIT_BYTES = 4 * 1024 * 1024;

const serializedEvents = new WeakMap<AppEvent, string>();
/** One event goes to every socket of the instance: it is turned into JSON once. */
function serialized(event: AppEvent) {
  let json = serializedEvents.get(event);
  if (json === undefined) {
    json = JSON.stringify(event);
    serializedEvents.set(event, json);
  }
  return json;
}

const encodedMessages = new WeakMap<AppEvent, { after: number; bytes: Buffer }>();
/**
 * The socket message of an event, as UTF-8 bytes: built and encoded once for the sockets that
 * passed the same id before it (nearly always all of them), not once per socket.
 */
function message(event: AppEvent, after: number): Buffer {
  const kept = encodedMessages.get(event);
  if (kept?.after === after) return kept.bytes;
  const bytes = Buffer.from(`{"type":"event","after":${after},"event":${serialized(event)}}`);
  encodedMessages.set(event, { after, bytes });
  return bytes;
}

/**
 * One authenticated socket. It streams events in id order, each id once: while it catches up
 * from the outbox (at start, after a bus outage, or when an event shows it missed one) live
 * events are held, then follow the replayed ones.
 */
export class Subscriber {
  /** Highest durable id this socket has passed, sent or not (events of other groups are skipped). */
  lastSeen: number;
  /** Highest id actually sent: each event tells the screen which one it follows. */
  private lastSent: number;
  private held: { event: AppEvent; previous: number | null }[] | null = [];
  private expiry: NodeJS.Timeout | null = null;
  /** The preparation events this socket's board shows: one date, every date (null), or none. */
  preparation: PreparationSubscription | undefined;

  constructor(
    private readonly socket: WebSocket,
    public user: SocketUser,
    lastEventId: number,
    /** The session of the token it was opened (or last renewed) with: its end closes the socket. */
    public sessionId: string,
  ) {
    this.lastSeen = lastEventId;
    this.lastSent = lastEventId;
  }

  get open() {
    return this.socket.readyState === this.socket.OPEN;
  }

  get catchingUp() {
    return this.held !== null;
  }

  /**
   * A live event from the bus. Returns false when it shows a gap: the outbox has events
   * between the last one seen here and this one, so the socket must catch up first.
   */
  offer(event: AppEvent, previous: number | null): boolean {
    if (this.held) {
      this.held.push({ event, previous });
      return true;
    }
    if (this.missedBefore(event, previous)) {
      this.held = [{ event, previous }];
      return false;
    }
    this.deliver(event);
    return true;
  }

  /** Holds live events back while the outbox is read. */
  hold() {
    this.held ??= [];
  }

  /** Events read from the outbox, in id order. */
  replay(events: AppEvent[]) {
    events.forEach((event) => {
      this.deliver(event);
    });
  }

  /**
   * Sends what was held since the catch-up began. Returns false when a held event still
   * follows one never seen here (it committed after the outbox was read): read again.
   */
  release(): boolean {
    const held = this.held ?? [];
    while (held.length) {
      const { event, previous } = held[0]!;
      if (this.missedBefore(event, previous)) return false;
      held.shift();
      this.deliver(event);
    }
    this.held = null;
    return true;
  }

  /** After a read that found nothing more, what is held goes out as it is (the outbox has no such event). */
  releaseAnyway() {
    const held = this.held ?? [];
    this.held = null;
    held.forEach(({ event }) => {
      this.deliver(event);
    });
  }

  private missedBefore(event: AppEvent, previous: number | null) {
    return event.id !== null && event.id > this.lastSeen && previous !== null && previous > this.lastSeen;
  }

  private deliver(event: AppEvent) {
    if (event.id !== null) {
      if (event.id <= this.lastSeen) return;
      this.lastSeen = event.id;
    }
    if (!can(this.user.group, eventCapability(event.type))) return;
    if (!followsSubscription(event, this.preparation)) return;
    if (this.socket.bufferedAmount > SEND_BUFFER_LIMIT_BYTES) return this.close(4408, "too slow");
    const after = this.lastSent;
    if (event.id !== null) this.lastSent = event.id;
    // A text frame, as a string would be sent.
    if (this.open) this.socket.send(message(event, after), { binary: false });
  }

  /** The socket closes when its access token expires, unless the client sends a fresh one. */
  expireAt(epochSeconds: number) {
    if (this.expiry) clearTimeout(this.expiry);
    const delay = Math.max(0, epochSeconds * 1000 - Date.now());
    this.expiry = setTimeout(() => this.close(4401, "token expired"), Math.min(delay, 2 ** 31 - 1));
    this.expiry.unref();
  }

  send(message: ServerSocketMessage) {
    if (this.open) this.socket.send(JSON.stringify(message));
  }

  close(code: number, reason: string) {
    if (this.expiry) clearTimeout(this.expiry);
    this.socket.close(code, reason);
  }

  dispose() {
    if (this.expiry) clearTimeout(this.expiry);
  }
}
