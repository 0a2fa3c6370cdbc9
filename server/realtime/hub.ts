import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import {
  ClientSocketMessage,
  SOCKET_DISPLACED,
  SOCKETS_PER_USER,
  SocketAuthMessage,
  type AppEvent,
  type PreparationSubscription,
  type ServerSocketMessage,
} from "@domain/contracts/events";
import type { Database } from "../db/types";
import type { Bus } from "./bus";
import { eventsAfter, latestEventId } from "./outbox";
import type { SocketUser } from "./socket-user";
import { Subscriber } from "./subscriber";

const AUTH_TIMEOUT_MS = 5_000;
const REPLAY_PAGE = 500;

export interface HubOptions {
  db: Database;
  bus: Bus;
  loadUser(id: number, sessionId: string): SocketUser | null | Promise<SocketUser | null>;
  /** The claims of a valid access token; throws for a bad, expired or session-less one. */
  verifyToken(token: string): { sub: string; sid: string; exp: number };
  log?: (message: string) => void;
}

interface Session {
  user: SocketUser;
  sessionId: string;
  lastEventId: number;
  expiresAt: number;
  preparation: PreparationSubscription | undefined;
}

/**
 * Reads the outbox for the sockets that must catch up, one read for all of them, while
 * their live events are held. Sockets asking meanwhile join the next round.
 */
function createCatchUp(db: Database, onFailure: (subscriber: Subscriber) => void) {
  const lagging = new Set<Subscriber>();
  let running: Promise<void> | null = null;

  async function readInto(group: Subscriber[]) {
    let from = Math.min(...group.map((s) => s.lastSeen));
    let found = 0;
    for (;;) {
      const page = await eventsAfter(db, from, REPLAY_PAGE);
      group.forEach((s) => {
        s.replay(page);
      });
      found += page.length;
      if (page.length < REPLAY_PAGE) return found;
      from = page.at(-1)!.id!;
    }
  }

  async function rounds() {
    for (;;) {
      const group = [...lagging].filter((s) => s.open);
      lagging.clear();
      if (!group.length) return;
      // A socket released by the last round may stream live again: hold it before this read.
      group.forEach((s) => {
        s.hold();
      });
      try {
        const found = await readInto(group);
        for (const subscriber of group) {
          if (subscriber.release()) continue;
          // A held event follows an id the outbox does not have (yet): read once more, then let it pass.
          if (found) lagging.add(subscriber);
          else subscriber.releaseAnyway();
        }
      } catch {
        group.forEach(onFailure);
      }
    }
  }

  return (subscriber: Subscriber) => {
    subscriber.hold();
    lagging.add(subscriber);
    running ??= rounds().finally(() => {
      running = null;
    });
    return running;
  };
}

export async function registerHub(
  app: FastifyInstance,
  { db, bus, loadUser, verifyToken, log = () => {} }: HubOptions,
) {
  const subscribers = new Set<Subscriber>();
  // A failed read closes the socket; the screen reconnects with its last id and is replayed.
  const catchUp = createCatchUp(db, (s) => s.close(1011, "replay failed"));

  const dispatch = (event: AppEvent, previous: number | null) => {
    for (const subscriber of subscribers) {
      if (event.type === "user.deactivated" && subscriber.user.id === Number(event.data.user_id)) {
        subscriber.close(4403, "deactivated");
        continue;
      }
      // An ended session's sockets close everywhere; the user's other sessions keep theirs.
      if (event.type === "session.ended") {
        const ended = event.data.session_ids as string[] | null;
        if (subscriber.user.id === Number(event.data.user_id) && (!ended || ended.includes(subscriber.sessionId)))
          subscriber.close(4401, "session ended");
        continue;
      }
      if (!subscriber.offer(event, previous)) void catchUp(subscriber);
    }
  };
  const unsubscribe = bus.subscribe(dispatch);
  /**
   * A user's sockets on this instance are capped: each holds memory, a file descriptor and a
   * share of every event's fan-out. Past the cap the oldest goes (its tab is likeliest the one
   * left in the background), so a newly opened screen always gets its live events.
   */
  const makeRoomFor = (userId: number) => {
    const own = [...subscribers].filter((s) => s.user.id === userId);
    for (const oldest of own.slice(0, Math.max(0, own.length - SOCKETS_PER_USER + 1))) {
      subscribers.delete(oldest);
      oldest.close(SOCKET_DISPLACED.code, SOCKET_DISPLACED.reason);
    }
  };
  // Pub/sub keeps nothing: what was published during an outage is read from the outbox, per socket.
  bus.onResubscribed(() => {
    log(`event bus resubscribed: ${subscribers.size} sockets catch up from the outbox`);
    subscribers.forEach((s) => void catchUp(s));
    // A session that ended during the outage sent its `session.ended` to nobody: each socket's is read again.
    subscribers.forEach((s) => void stillValid(s));
  });
  async function stillValid(subscriber: Subscriber) {
    try {
      if (!(await loadUser(subscriber.user.id, subscriber.sessionId))) subscriber.close(4401, "session ended");
    } catch {
      // The database is away too: the token's expiry still bounds the socket.
    }
  }
  app.addHook("onClose", async () => {
    unsubscribe();
    subscribers.forEach((s) => {
      s.close(1001, "server closing");
    });
  });

  async function authenticate(message: SocketAuthMessage): Promise<Session | null> {
    try {
      const claims = verifyToken(message.token);
      const user = await loadUser(Number(claims.sub), claims.sid);
      return user
        ? {
            user,
            sessionId: claims.sid,
            lastEventId: message.last_event_id,
            expiresAt: claims.exp,
            preparation: message.preparation_date,
          }
        : null;
    } catch {
      return null;
    }
  }
  const parse = <T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, raw: string) => {
    try {
      return schema.safeParse(JSON.parse(raw)).data ?? null;
    } catch {
      return null;
    }
  };

  const refuse = (socket: WebSocket) => {
    socket.send(JSON.stringify({ type: "error", detail: "Sesión vencida o inválida." } satisfies ServerSocketMessage));
    socket.close(4401, "unauthorized");
  };

  /**
   * Later messages on an open socket: an auth message renews it with a fresh token of the
   * same user; a subscribe message changes the date whose preparation events it receives.
   */
  const renewals = (socket: WebSocket, subscriber: Subscriber) =>
    // biome-ignore lint/nursery/noMisusedPromises: authenticate() answers null instead of rejecting, so nothing is left unhandled
    socket.on("message", async (data) => {
      const message = parse<ClientSocketMessage>(ClientSocketMessage, data.toString());
      if (message?.type === "subscribe") {
        subscriber.preparation = message.preparation_date;
        return subscriber.send({ type: "subscribed", preparation_date: message.preparation_date });
      }
      const session = message && (await authenticate(message));
      if (!session || session.user.id !== subscriber.user.id) return refuse(socket);
      subscriber.user = session.user;
      subscriber.sessionId = session.sessionId;
      subscriber.expireAt(session.expiresAt);
      if (session.preparation !== undefined) subscriber.preparation = session.preparation;
    });

  app.get("/ws", { websocket: true, config: { permission: "public" } }, (socket) => {
    const timer = setTimeout(() => socket.close(4401, "authentication timeout"), AUTH_TIMEOUT_MS);
    let subscriber: Subscriber | null = null;
    socket.on("close", () => {
      clearTimeout(timer);
      if (subscriber) subscribers.delete(subscriber);
      subscriber?.dispose();
    });
    socket.once("message", async (data) => {
      clearTimeout(timer);
      const auth = parse<SocketAuthMessage>(SocketAuthMessage, data.toString());
      const session = auth && (await authenticate(auth));
      // The socket may have closed while its token was checked: nothing of it stays in the hub.
      if (socket.readyState !== socket.OPEN) return;
      if (!session) return refuse(socket);
      // A fresh screen (no last id) loads its state over REST and streams from now.
      const from = session.lastEventId || (await latestEventId(db).catch(() => null));
      if (from === null) return socket.close(1011, "replay failed");
      if (socket.readyState !== socket.OPEN) return;
      subscriber = new Subscriber(socket, session.user, from, session.sessionId);
      subscriber.expireAt(session.expiresAt);
      // Before the catch-up: the events replayed from the last id obey the same subscription.
      subscriber.preparation = session.preparation;
      makeRoomFor(session.user.id);
      subscribers.add(subscriber);
      renewals(socket, subscriber);
      subscriber.send({ type: "ready", last_event_id: from });
      await catchUp(subscriber);
    });
  });

  return { connections: () => subscribers.size };
}
