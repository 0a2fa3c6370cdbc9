/** Load generator in its own thread, so the server's event loop is not also the client's. */
import { parentPort, workerData } from "node:worker_threads";
import { Agent, request } from "undici";
import { measureThroughput } from "./load";

const { url, headers, bodies, durationMs, concurrency } = workerData as {
  url: string;
  headers: Record<string, string>;
  /** Sent in turn, one request after another. */
  bodies: string[];
  durationMs: number;
  concurrency: number;
};
let sent = 0;
const agent = new Agent({ connections: concurrency });
const result = await measureThroughput(
  async () => {
    const body = bodies[sent++ % bodies.length];
    const response = await request(url, { method: "POST", headers, body, dispatcher: agent });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}: ${text.slice(0, 500)}`);
  },
  { durationMs, concurrency },
);
await agent.close();
parentPort!.postMessage(result);
