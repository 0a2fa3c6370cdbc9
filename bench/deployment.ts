/**
 * A production deployment for the live benchmarks: two API processes and a worker process on
 * a fresh Postgres database and Redis, an Admin, a client and a product to order. They run
 * compiled with plain node, as `npm start` and `npm run workers` run them.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import type { AppEvent } from "@domain/contracts/events";
import { ROOT } from "../scripts/build.mjs";
import { freshBenchDatabase } from "./bench-database";
import { buildOnce, COMPILED_SERVER } from "./processes";

const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const ADMIN = { username: "bench.admin", password: "bench-password-123" };
const CSRF = { cookie: "csrftoken=bench", "x-csrftoken": "bench" };

const COMPILED_WORKERS = join(ROOT, "dist", "workers", "main.js");

function start(script: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = fork(script, [], {
    // Not the benchmark's own tsx loader: the compiled JavaScript runs on plain node.
    execArgv: [],
    env: {
      ...process.env,
      JWT_SECRET: "l".repeat(40),
      LOG_LEVEL: "warn",
      DATA_DIR: "/tmp/frio-bench-live",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  return new Promise((resolve) =>
    child.stdout!.on("data", (d: Buffer) => d.toString().includes(ready) && resolve(child)),
  );
}

export async function api(base: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...CSRF, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a benchmark reads whichever fields the endpoint it called answers
  return response.json() as Promise<Record<string, any>>;
}

export interface Deployment {
  bases: string[];
  /** The API processes, then the worker. */
  processes: ChildProcess[];
  token: string;
  order(n: number): Promise<number>;
  stop(): void;
}

export async function startDeployment(name: string): Promise<Deployment> {
  await buildOnce();
  const { database, url } = await freshBenchDatabase(name);
  await database.close();
  const env = { DATABASE_URL: url, REDIS_URL };
  const ports = [3310, 3311];
  const processes = [
    await start(COMPILED_SERVER, { ...env, PORT: String(ports[0]) }, "escuchando"),
    await start(COMPILED_SERVER, { ...env, PORT: String(ports[1]) }, "escuchando"),
    await start(COMPILED_WORKERS, env, "Frío workers"),
  ];
  return prepare(
    ports.map((p) => `http://127.0.0.1:${p}`),
    processes,
  );
}

/** `npm start` on a new embedded data directory (PGlite, in-process bus and jobs): one process. */
export async function startEmbedded(): Promise<Deployment> {
  await buildOnce();
  const dataDir = mkdtempSync(join(tmpdir(), "frio-bench-embedded-"));
  const server = await start(COMPILED_SERVER, { DATA_DIR: dataDir, PORT: "3312" }, "escuchando");
  const deployment = await prepare(["http://127.0.0.1:3312"], [server]);
  return {
    ...deployment,
    stop: () => {
      server.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
      deployment.stop();
    },
  };
}

/** An Admin's token, a client and a product on a started deployment. */
async function prepare(bases: string[], processes: ChildProcess[]): Promise<Deployment> {
  const { access: token } = await api(bases[0]!, "/api/login/", ADMIN);
  const client = await api(
    bases[0]!,
    "/api/clients/",
    {
      name: "Cliente Bench",
      address: "Mitre 1",
      city: 2,
      shipment: 1,
      phone: "11",
      email: "",
      birthday: null,
      whatsapp_ubication: true,
      latitude: -34.72,
      longitude: -58.25,
    },
    token,
  );
  const product = (
    await api(
      bases[0]!,
      "/api/products/create/",
      { name: "Producto Bench", quantity: 100_000_000, price: 1000, unitWeight: 1, isWeighted: true },
      token,
    )
  ).product;
  return {
    bases,
    processes,
    token,
    /** One order of a kilo through instance n % 2, over 3 zones; resolves to its id. */
    async order(n) {
      const body = {
        orderData: {
          zone: 1 + (n % 3),
          address: "Mitre 1",
          city: { id: 2, text: "Quilmes" },
          delivery_method: "Entrega a domicilio",
          time: { id: 2, text: "Mañana" },
          date: "2027-09-01",
          delivery_cost: 0,
          latitude: -34.72 - (n % 40) * 0.001,
          longitude: -58.25,
          payment_method: { id: 1, name: "Efectivo" },
          notes: "",
          total_price: 1,
        },
        cart: {
          items: [{ productId: product.PK_Products, units: "1", type: "KG", virtual_freezer: false }],
          meta: { total: 1, weight: 1, distinct: 1 },
        },
        client_name: "Cliente Bench",
        client_id: client.id,
        order_id: null,
        old_cart: [],
      };
      return Number((await api(bases[n % bases.length]!, "/api/order/", body, token)).order_id);
    },
    stop: () =>
      processes.forEach((p) => {
        p.kill("SIGTERM");
      }),
  };
}

/** `perInstance` boards on each instance, each calling `onEvent` for every event it receives. */
export function openBoards(
  deployment: Deployment,
  perInstance: number,
  onEvent: (event: AppEvent) => void,
): Promise<WebSocket[]> {
  return Promise.all(
    deployment.bases.flatMap((base) =>
      Array.from(
        { length: perInstance },
        () =>
          new Promise<WebSocket>((resolve) => {
            const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`);
            socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token: deployment.token })));
            socket.on("message", (raw) => {
              const message = JSON.parse(raw.toString());
              if (message.type === "ready") resolve(socket);
              if (message.type === "event") onEvent(message.event);
            });
          }),
      ),
    ),
  );
}
