/**
 * The boards of `bench/live`, in a worker thread of their own as each browser has its own
 * heap and event loop: parsing every board's events never delays the orders the benchmark
 * sends on time, nor the clock it reads their answers with. For each order it reports when
 * each board received its order.created, on the clock every thread shares.
 */
import { parentPort } from "node:worker_threads";
import WebSocket from "ws";
import { monotonicMs } from "./latency";

export type LiveBoardsRequest =
  | { kind: "open"; bases: string[]; token: string; perInstance: number }
  /** Reports the orders some boards have not received yet, as they stand, and forgets them. */
  | { kind: "flush" }
  | { kind: "close" };

export type LiveBoardsReply =
  | { kind: "opened"; boards: number }
  /** One order's order.created, received by every board (or, at close, by those that did). */
  | { kind: "seen"; orderId: number; receivedAt: number[] }
  | { kind: "flushed" }
  | { kind: "closed" };

const port = parentPort!;
const reply = (message: LiveBoardsReply) => port.postMessage(message);

let sockets: WebSocket[] = [];
const seen = new Map<number, number[]>();

function openBoard(base: string, token: string) {
  return new Promise<WebSocket>((resolve) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`);
    socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token })));
    socket.on("message", (raw) => {
      const receivedAt = monotonicMs();
      const message = JSON.parse(raw.toString());
      if (message.type === "ready") resolve(socket);
      if (message.type !== "event" || message.event.type !== "order.created") return;
      const orderId = Number(message.event.data.order_id);
      const times = seen.get(orderId) ?? [];
      times.push(receivedAt);
      seen.set(orderId, times);
      if (times.length < sockets.length) return;
      seen.delete(orderId);
      reply({ kind: "seen", orderId, receivedAt: times });
    });
  });
}

port.on("message", async (request: LiveBoardsRequest) => {
  if (request.kind === "open") {
    sockets = await Promise.all(
      request.bases.flatMap((base) =>
        Array.from({ length: request.perInstance }, () => openBoard(base, request.token)),
      ),
    );
    reply({ kind: "opened", boards: sockets.length });
    return;
  }
  for (const [orderId, receivedAt] of seen) reply({ kind: "seen", orderId, receivedAt });
  seen.clear();
  if (request.kind === "flush") return reply({ kind: "flushed" });
  sockets.forEach((socket) => {
    socket.close();
  });
  reply({ kind: "closed" });
});
