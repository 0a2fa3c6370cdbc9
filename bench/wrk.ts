/**
 * HTTP load from wrk, a separate C process, as pgbench is for the database: the load
 * generator's own cost stays off the server's cores as far as two cores allow.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface WrkLoad {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  /** Sent in turn, one request after another, by each wrk thread. */
  bodies: string[];
  seconds: number;
  connections: number;
  threads: number;
}

const lua = (load: WrkLoad) => `
wrk.method = ${JSON.stringify(load.method)}
${Object.entries(load.headers)
  .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
  .join("\n")}
local bodies = { ${load.bodies.map((b) => JSON.stringify(b)).join(",\n")} }
local sent = 0
request = function()
  sent = sent + 1
  return wrk.format(nil, nil, nil, bodies[(sent % #bodies) + 1])
end
`;

/** Requests per second over the run; any answer but 2xx fails the run. */
export async function runWrk(load: WrkLoad): Promise<{ requestsPerSecond: number }> {
  const script = join(mkdtempSync(join(tmpdir(), "frio-wrk-")), "load.lua");
  writeFileSync(script, lua(load));
  const args = [
    "-t",
    String(load.threads),
    "-c",
    String(load.connections),
    "-d",
    `${load.seconds}s`,
    "-s",
    script,
    load.url,
  ];
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = await Promise.race([
    once(child, "close"),
    once(child, "error").then(([e]) => Promise.reject(new Error(`wrk did not start (apt-get install wrk): ${e}`))),
  ]);
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  if (code !== 0 || !Number.isFinite(requestsPerSecond)) throw new Error(`wrk failed: ${output.slice(0, 2000)}`);
  if (/Non-2xx or 3xx responses/.test(output) || /Socket errors/.test(output))
    throw new Error(`wrk saw failed requests:\n${output}`);
  return { requestsPerSecond };
}
