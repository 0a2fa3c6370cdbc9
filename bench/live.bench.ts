/**
 * The live spine under a sustained order rate, as production runs it: two API processes and
 * a worker process on Postgres and Redis, 40 boards (20 on each instance) on websockets, and
 * orders sent over HTTP at a fixed rate, alternating instances. For each order: the time from
 * its HTTP answer to its order.created event on each board (0 when the board was first).
 * The raw baseline is a Redis publish to 40 subscribers in the same run.
 */
import { Redis } from "ioredis";
import { fmt, percentiles } from "./latency";
import { openBoards, startDeployment } from "./deployment";

const BOARDS_PER_INSTANCE = 20;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const RATES = [
  { perSecond: 2, seconds: 10 },
  { perSecond: 25, seconds: 15 },
  { perSecond: 100, seconds: 10 },
];
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

export async function run() {
  const deployment = await startDeployment("frio_bench_live");
  try {
    const answeredAt = new Map<number, number>();
    const seenAt = new Map<number, number[]>();
    const boards = await openBoards(deployment, BOARDS_PER_INSTANCE, (event) => {
      if (event.type !== "order.created") return;
      const id = Number(event.data.order_id);
      seenAt.set(id, [...(seenAt.get(id) ?? []), performance.now()]);
    });
    const raw = await rawPubSub(boards.length);
    let sent = 0;
    for (const { perSecond, seconds } of RATES) {
      answeredAt.clear();
      seenAt.clear();
      const pending: Promise<void>[] = [];
      const began = performance.now();
      for (let i = 0; i < perSecond * seconds; i++) {
        const due = began + (i * 1000) / perSecond;
        while (performance.now() < due) await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        pending.push(deployment.order(sent++).then((id) => void answeredAt.set(id, performance.now())));
      }
      await Promise.all(pending);
      const deadline = performance.now() + 5_000;
      while (
        [...answeredAt.keys()].some((id) => (seenAt.get(id)?.length ?? 0) < boards.length) &&
        performance.now() < deadline
      )
        await new Promise((r) => setTimeout(r, 20));
      const samples = [...answeredAt].flatMap(([id, at]) =>
        (seenAt.get(id) ?? []).map((seen) => Math.max(0, seen - at)),
      );
      const missing = answeredAt.size * boards.length - samples.length;
      const ours = percentiles(samples);
      console.log(
        `${String(perSecond).padStart(3)} orders/s × ${seconds} s → ${boards.length} boards   response → board p50 ${fmt(ours.p50)}  p99 ${fmt(ours.p99)}` +
          `  (Redis pub/sub to ${boards.length}: p50 ${fmt(raw.p50)}  p99 ${fmt(raw.p99)})${missing ? `  ${missing} deliveries missing` : ""}`,
      );
    }
    boards.forEach((b) => {
      b.close();
    });
  } finally {
    deployment.stop();
  }
}
