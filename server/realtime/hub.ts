import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { eventCapability, SocketAuthMessage, type AppEvent, type ServerSocketMessage } from "../../domain/contracts/events";
import { can } from "../../domain/permissions";
import type { Database } from "../db/types";
import type { AuthenticatedUser } from "../features/auth/repository";
import type { Bus } from "./bus";
import { eventsAfter, latestEventId } from "./outbox";

const AUTH_TIMEOUT_MS = 5_000;
const REPLAY_PAGE = 500;

export interface HubOptions {
  db: Database;
  bus: Bus;
  loadUser(id: number): Promise<AuthenticatedUser | null>;
}

/** One authenticated socket: replays what it missed, then streams, in id order, each id once. */
class Subscriber {
  private lastSent: number;
  private buffer: AppEvent[] | null = [];

  constructor(
    private readonly socket: WebSocket,
    readonly user: AuthenticatedUser,
    lastEventId: number,
  ) {
    this.lastSent = lastEventId;
  }

  offer(event: AppEvent) {
    if (this.buffer) return void this.buffer.push(event);
    this.deliver(event);
  }

  /** A client with no last id (a fresh screen) loads state over REST and streams from now. */
  async replay(db: Database) {
    if (this.lastSent === 0) this.lastSent = await latestEventId(db);
    this.send({ type: "ready", last_event_id: this.lastSent });
    for (;;) {
      const page = await eventsAfter(db, this.lastSent, REPLAY_PAGE);
      page.forEach((event) => this.deliver(event));
      if (page.length < REPLAY_PAGE) break;
    }
    const buffered = this.buffer ?? [];
    this.buffer = null;
    buffered.forEach((event) => this.deliver(event));
  }

  private deliver(event: AppEvent) {
    if (event.id !== null) {
      if (event.id <= this.lastSent) return;
      this.lastSent = event.id;
    }
    if (!can(this.user.group, eventCapability(event.type))) return;
    this.send({ type: "event", event });
  }

  send(message: ServerSocketMessage) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(code: number, reason: string) {
    this.socket.close(code, reason);
  }
}

export async function registerHub(app: FastifyInstance, { db, bus, loadUser }: HubOptions) {
  const subscribers = new Set<Subscriber>();
  let highestSeen = await latestEventId(db);

  const dispatch = (event: AppEvent) => {
    if (event.id !== null) highestSeen = Math.max(highestSeen, event.id);
    for (const subscriber of subscribers) {
      if (event.type === "user.deactivated" && subscriber.user.id === Number(event.data.user_id)) {
        subscriber.close(4403, "deactivated");
        continue;
      }
      subscriber.offer(event);
    }
  };
  const unsubscribe = bus.subscribe(dispatch);
  // Pub/sub keeps nothing: after an outage, read what was published meanwhile from the outbox.
  bus.onResubscribed(() => {
    void eventsAfter(db, highestSeen, 10_000)
      .then((missed) => missed.forEach(dispatch))
      .catch(() => {});
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    subscribers.forEach((s) => s.close(1001, "server closing"));
  });

  async function authenticate(raw: string): Promise<{ user: AuthenticatedUser; lastEventId: number } | null> {
    try {
      const message = SocketAuthMessage.parse(JSON.parse(raw));
      const claims = app.jwt.verify<{ sub: string }>(message.token);
      const user = await loadUser(Number(claims.sub));
      return user ? { user, lastEventId: message.last_event_id } : null;
    } catch {
      return null;
    }
  }

  app.get("/ws", { websocket: true, config: { permission: "public" } }, (socket) => {
    const timer = setTimeout(() => socket.close(4401, "authentication timeout"), AUTH_TIMEOUT_MS);
    socket.once("message", async (data) => {
      clearTimeout(timer);
      const session = await authenticate(data.toString());
      if (!session) {
        socket.send(JSON.stringify({ type: "error", detail: "Sesión vencida o inválida." } satisfies ServerSocketMessage));
        return socket.close(4401, "unauthorized");
      }
      const subscriber = new Subscriber(socket, session.user, session.lastEventId);
      subscribers.add(subscriber);
      socket.on("close", () => subscribers.delete(subscriber));
      await subscriber.replay(db).catch(() => subscriber.close(1011, "replay failed"));
    });
    socket.on("close", () => clearTimeout(timer));
  });

  return { connections: () => subscribers.size };
}
