import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** A queue's jobs in one state, as `frio_jobs` reports them. */
export interface JobCount {
  queue: string;
  state: string;
  count: number;
}

/** What the gauges read when Prometheus scrapes; each process gives what it has. */
export interface MetricSources {
  unpublishedEvents?(): Promise<number>;
  websocketConnections?(): number;
  jobs?(): Promise<JobCount[]>;
  /** When the last backup that worked was written, by whichever process; null before the first. */
  lastBackupAt?(): Promise<Date | null>;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds, from a cache hit (~1 ms) to a whole sweep of every group (seconds). */
const SWEEP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics in Prometheus' text format (prom-client): each API instance and
 * each worker process exposes its own. A registry per process, not prom-client's global one.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: MetricSources = {};
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"],
    registers: [registry],
  });
  const sweepSeconds = new Histogram({
    name: "frio_preparation_sweep_seconds",
    help: "Time of one preparation sweep",
    buckets: SWEEP_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "frio_outbox_unpublished_events",
    help: "Durable events committed and not yet published to the screens",
    registers: [registry],
    async collect() {
      if (sources.unpublishedEvents) this.set(await sources.unpublishedEvents());
    },
  });
  new Gauge({
    name: "frio_websocket_connections",
    help: "Websockets open on this instance",
    registers: [registry],
    collect() {
      if (sources.websocketConnections) this.set(sources.websocketConnections());
    },
  });
  new Gauge({
    name: "frio_jobs",
    help: "Jobs by queue and state",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      if (!sources.jobs) return;
      this.reset();
      for (const { queue, state, count } of await sources.jobs()) this.set({ queue, state }, count);
    },
  });

  new Gauge({
    name: "frio_backup_last_success_timestamp_seconds",
    help: "Unix time of the last backup that worked (0 before the first): alert on its age",
    registers: [registry],
    async collect() {
      if (sources.lastBackupAt) this.set(((await sources.lastBackupAt())?.getTime() ?? 0) / 1000);
    },
  });

  // One labelled child per method, route and status, found by one string: labels() hashes its arguments on each call.
  const children = new Map<string, Histogram.Internal<"method" | "route" | "status_code">>();
  return {
    registry,
    watch(more: MetricSources) {
      Object.assign(sources, more);
    },
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      const key = `${method} ${route} ${statusCode}`;
      let child = children.get(key);
      if (!child) {
        child = requestDuration.labels(method, route, String(statusCode));
        children.set(key, child);
      }
      child.observe(seconds);
    },
    observeSweep: (seconds: number) => sweepSeconds.observe(seconds),
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  return !!given && timingSafeEqual(digest(given), digest(token));
}

/** The worker process's `GET /metrics`, on a port of its own (it serves nothing else); resolves once it listens. */
export async function serveMetrics(metrics: Metrics, token: string, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") return void response.writeHead(404).end();
    if (!bearerMatches(request.headers.authorization, token))
      return void response.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"' }).end();
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  return server;
}
