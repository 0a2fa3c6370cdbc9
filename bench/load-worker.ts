/** Load generator in its own thread, so the server's event loop is not also the client's. */
import { parentPort, workerData } from "node:worker_threads";
import { Agent, request } from "undici";
import { measureThroughput } from "./load";

const { url, headers, body, durationMs, concurrency } = workerData as {
  url: string;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
  concurrency: number;
};
const agent = new Agent({ connections: concurrency });
const result = await measureThroughput(
  async () => {
    const response = await request(url, { method: "POST", headers, body, dispatcher: agent });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
  },
  { durationMs, concurrency },
);
await agent.close();
parentPort!.postMessage(result);
