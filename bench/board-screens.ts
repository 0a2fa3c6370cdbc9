/**
 * The receiving end of `bench/boards`, in a worker thread of its own: 50 dispatch boards as
 * the web holds them, or 50 bare Redis subscribers for the baseline. A thread has its own
 * heap and event loop, as each browser does: the boards' parsing and garbage never pause the
 * server the benchmark measures, and the Redis baseline receives on the same side.
 */
import { parentPort } from "node:worker_threads";
import { Redis } from "ioredis";
import WebSocket from "ws";
import { DispatchBoard } from "@domain/contracts/dispatch";
import { AssignmentChangedData, OrderEventData } from "@domain/contracts/event-data";
import type { AppEvent, ServerSocketMessage } from "@domain/contracts/events";
import { applyAssignment, applyOrderToDispatch } from "@domain/live-dispatch";
import { monotonicMs } from "./latency";

export type ScreensRequest =
  /** One token per board: the hub keeps at most SOCKETS_PER_USER sockets of one user. */
  | { kind: "open"; base: string; tokens: string[]; date: string }
  | { kind: "card"; orderId: number }
  | { kind: "agree"; truth: string }
  | { kind: "close" }
  | { kind: "subscribe"; url: string; channel: string; subscribers: number }
  | { kind: "unsubscribe" };

export type ScreensReply =
  | { kind: "opened" }
  | { kind: "card"; courier: number; version: number }
  | { kind: "agree"; value: boolean }
  | { kind: "closed" }
  /** Every board has received and applied one event; `receivedAt` is each board's receipt. */
  | { kind: "applied"; seq: number | null; receivedAt: number[] }
  | { kind: "subscribed" }
  /** A board's socket closed while the benchmark still needed it: what is awaited would never come. */
  | { kind: "failed"; reason: string }
  /** Every subscriber has one publish; `latencies` from its send time, in ms. */
  | { kind: "published"; latencies: number[] }
  | { kind: "unsubscribed" };

const port = parentPort!;
const reply = (message: ScreensReply) => port.postMessage(message);

/** The board after `event` as the web's live hooks apply it, or null for an event it cannot apply. */
function applyInPlace(board: DispatchBoard, date: string, event: AppEvent): DispatchBoard | null {
  if (event.type === "dispatch.assignment_changed") {
    const drop = AssignmentChangedData.safeParse(event.data);
    return drop.success ? applyAssignment(board, date, drop.data) : null;
  }
  const order = OrderEventData.safeParse(event.data);
  return order.success ? applyOrderToDispatch(board, date, order.data) : null;
}

interface LiveBoard {
  socket: WebSocket;
  board: DispatchBoard;
}

let boards: LiveBoard[] = [];
/** Set by a "close" request: a socket closing after it is expected. */
let closing = false;
/** Per event id: when each board received it, until all have applied it. */
const pending = new Map<number, { seq: number | null; receivedAt: number[]; applied: number }>();

/**
 * A board is read once over HTTP; an event it could not apply would make it read again. Each
 * board signs in as a user of its own, as each screen is a person: one user's sockets past the
 * hub's cap would close the oldest, and the event they miss would be awaited for ever.
 */
async function openBoards({ base, tokens, date }: Extract<ScreensRequest, { kind: "open" }>) {
  const count = tokens.length;
  closing = false;
  const read = async (token: string) =>
    DispatchBoard.parse(
      await (
        await fetch(`${base}/api/dispatch/?delivery_date=${date}`, { headers: { authorization: `Bearer ${token}` } })
      ).json(),
    );
  boards = await Promise.all(
    tokens.map(async (token, n) => {
      const board = await read(token);
      const live: LiveBoard = { socket: new WebSocket(`${base.replace("http", "ws")}/api/ws`), board };
      await new Promise<void>((resolve) => {
        live.socket.on("open", () => live.socket.send(JSON.stringify({ type: "auth", token })));
        live.socket.on("close", (code, reason) => {
          if (!closing)
            reply({ kind: "failed", reason: `board ${n + 1}'s socket closed: ${code} ${reason.toString()}` });
        });
        live.socket.on("message", (raw) => {
          const receivedAt = monotonicMs();
          const message = JSON.parse(raw.toString()) as ServerSocketMessage;
          if (message.type === "ready") resolve();
          if (message.type !== "event") return;
          const { event } = message;
          const entry = pending.get(event.id!) ?? {
            seq: typeof event.data.seq === "number" ? event.data.seq : null,
            receivedAt: [],
            applied: 0,
          };
          pending.set(event.id!, entry);
          entry.receivedAt.push(receivedAt);
          // Each board applies after every socket has had its message: in a browser each board
          // has its own thread, here 50 share one and must not queue behind each other's work.
          setImmediate(() => {
            const applied = applyInPlace(live.board, date, event);
            if (applied) live.board = applied;
            else void read(token).then((fresh) => (live.board = fresh));
            if (++entry.applied < count) return;
            pending.delete(event.id!);
            reply({ kind: "applied", seq: entry.seq, receivedAt: entry.receivedAt });
          });
        });
      });
      return live;
    }),
  );
  reply({ kind: "opened" });
}

let subscribers: Redis[] = [];

async function subscribe({ url, channel, subscribers: count }: Extract<ScreensRequest, { kind: "subscribe" }>) {
  subscribers = Array.from({ length: count }, () => new Redis(url));
  await Promise.all(subscribers.map((s) => s.subscribe(channel)));
  let latencies: number[] = [];
  for (const s of subscribers) {
    s.on("message", (_channel, sentAt: string) => {
      latencies.push(monotonicMs() - Number(sentAt));
      if (latencies.length < count) return;
      reply({ kind: "published", latencies });
      latencies = [];
    });
  }
  reply({ kind: "subscribed" });
}

port.on("message", (request: ScreensRequest) => {
  switch (request.kind) {
    case "open":
      return void openBoards(request);
    case "card": {
      const card = boards[0]!.board.cards.find((c) => c.PK_Orders === request.orderId)!;
      return reply({ kind: "card", courier: card.courier, version: card.version });
    }
    case "agree":
      return reply({ kind: "agree", value: boards.every((b) => JSON.stringify(b.board) === request.truth) });
    case "close":
      closing = true;
      boards.forEach((b) => {
        b.socket.close();
      });
      return reply({ kind: "closed" });
    case "subscribe":
      return void subscribe(request);
    case "unsubscribe":
      subscribers.forEach((s) => {
        s.disconnect();
      });
      return reply({ kind: "unsubscribed" });
  }
});
