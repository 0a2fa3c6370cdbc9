/**
 * The live spine under a sustained order rate, as production runs it: two compiled API
 * processes and a worker process on Postgres and Redis, 40 boards (20 on each instance) on
 * websockets in a thread of their own, and orders sent over HTTP at a fixed rate, alternating
 * instances. For each order: the time from its HTTP answer to its order.created event on each
 * board (0 when the board was first). The raw baseline is a Redis publish to 40 subscribers in
 * the same run. The load average is printed with each rate: the figure holds for that load.
 */
import { loadavg } from "node:os";
import { Redis } from "ioredis";
import { type Deployment, startDeployment } from "./deployment";
import { fmt, monotonicMs, percentiles } from "./latency";
import type { LiveBoardsReply, LiveBoardsRequest } from "./live-boards";
import { startThread } from "./thread";

const BOARDS_PER_INSTANCE = 20;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const RATES = [
  { perSecond: 2, seconds: 10 },
  { perSecond: 25, seconds: 15 },
  { perSecond: 100, seconds: 10 },
];
/** Response → board p99 at 100 orders/s (issue 33). */
const TARGET_P99_MS = 50;

async function rawPubSub(subscriberCount: number, events = 200) {
  const publisher = new Redis(REDIS_URL);
  const subscribers = Array.from({ length: subscriberCount }, () => new Redis(REDIS_URL));
  const samples: number[] = [];
  await Promise.all(subscribers.map((s) => s.subscribe("bench-live")));
  for (const s of subscribers)
    s.on("message", (_c, message: string) => samples.push(performance.now() - Number(message)));
  for (let i = 0; i < events; i++) {
    await publisher.publish("bench-live", String(performance.now()));
    while (samples.length < (i + 1) * subscriberCount) await new Promise((r) => setImmediate(r));
  }
  publisher.disconnect();
  subscribers.forEach((s) => {
    s.disconnect();
  });
  return percentiles(samples);
}

/** The boards' thread: each order's receipts arrive as one message once every board has it. */
function startBoards(onSeen: (orderId: number, receivedAt: number[]) => void) {
  const worker = startThread(new URL("./live-boards.ts", import.meta.url));
  const waiting: Partial<Record<LiveBoardsReply["kind"], (reply: LiveBoardsReply) => void>> = {};
  worker.on("message", (reply: LiveBoardsReply) => {
    if (reply.kind === "seen") onSeen(reply.orderId, reply.receivedAt);
    else waiting[reply.kind]?.(reply);
  });
  const ask = (request: LiveBoardsRequest, kind: LiveBoardsReply["kind"]) =>
    new Promise<LiveBoardsReply>((resolve) => {
      waiting[kind] = resolve;
      worker.postMessage(request);
    });
  return {
    open: async (deployment: Deployment) => {
      const opened = await ask(
        { kind: "open", bases: deployment.bases, token: deployment.token, perInstance: BOARDS_PER_INSTANCE },
        "opened",
      );
      return (opened as Extract<LiveBoardsReply, { kind: "opened" }>).boards;
    },
    flush: () => ask({ kind: "flush" }, "flushed"),
    close: async () => {
      await ask({ kind: "close" }, "closed");
      await worker.terminate();
    },
  };
}

export async function run() {
  const deployment = await startDeployment("frio_bench_live");
  const answeredAt = new Map<number, number>();
  const seenAt = new Map<number, number[]>();
  const boards = startBoards((orderId, receivedAt) => seenAt.set(orderId, receivedAt));
  try {
    const boardCount = await boards.open(deployment);
    const raw = await rawPubSub(boardCount);
    let sent = 0;
    for (const { perSecond, seconds } of RATES) {
      answeredAt.clear();
      seenAt.clear();
      const pending: Promise<void>[] = [];
      const began = performance.now();
      for (let i = 0; i < perSecond * seconds; i++) {
        const due = began + (i * 1000) / perSecond;
        while (performance.now() < due) await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        pending.push(deployment.order(sent++).then((id) => void answeredAt.set(id, monotonicMs())));
      }
      await Promise.all(pending);
      const deadline = performance.now() + 5_000;
      while ([...answeredAt.keys()].some((id) => !seenAt.has(id)) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      await boards.flush();
      const samples = [...answeredAt].flatMap(([id, at]) =>
        (seenAt.get(id) ?? []).map((seen) => Math.max(0, seen - at)),
      );
      const missing = answeredAt.size * boardCount - samples.length;
      const ours = percentiles(samples);
      const target = perSecond === 100 ? `  target p99 ≤ ${TARGET_P99_MS} ms` : "";
      console.log(
        `${String(perSecond).padStart(3)} orders/s × ${seconds} s → ${boardCount} boards   response → board p50 ${fmt(ours.p50)}  p99 ${fmt(ours.p99)}${target}` +
          `  (Redis pub/sub to ${boardCount}: p50 ${fmt(raw.p50)}  p99 ${fmt(raw.p99)})${missing ? `  ${missing} deliveries missing` : ""}` +
          `  · load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    await boards.close();
    deployment.stop();
  }
}
