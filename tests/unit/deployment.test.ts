/**
 * The deployment files (Docker does not run here): what `docker compose up --scale api=3`
 * and the image need, read from the files themselves.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../../scripts/build.mjs";
import { createMetrics } from "../../server/operations/metrics";

const text = (file: string) => readFileSync(join(ROOT, file), "utf8");

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  container_name?: string;
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { disable?: boolean; test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  secrets?: string[];
}
const compose = parse(text("docker-compose.yml"), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  secrets: Record<string, unknown>;
};
const { services } = compose;
const dockerfile = text("Dockerfile");
/** The Dockerfile's stages, each from its FROM line to the next. */
const stages = dockerfile.split(/^(?=FROM )/m).slice(1);
const runtime = stages.at(-1)!;
const caddyfile = text("deploy/Caddyfile");

describe("the Dockerfile", () => {
  it("builds with the dev dependencies in one stage and runs on Node 24 with production dependencies only", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages.find((stage) => /^RUN npm run build$/m.test(stage));
    expect(build, "a stage runs npm run build").toBeDefined();
    expect(build).toMatch(/^RUN npm ci --no-audit --no-fund$/m);
    // The image that runs takes node_modules only from a stage that installed with --omit=dev.
    const copied = [...runtime.matchAll(/^COPY --from=(\S+) \/app\/node_modules /gm)].map((m) => m[1]);
    expect(copied).toHaveLength(1);
    const dependencies = stages.find((stage) => stage.includes(` AS ${copied[0]}\n`))!;
    expect(dependencies).toMatch(/^RUN npm ci --omit=dev /m);
    expect(runtime).toMatch(/^FROM \$\{NODE_IMAGE\}$/m);
  });

  it("runs the compiled server with node as a non-root user, with a HEALTHCHECK on /api/health/", () => {
    expect(runtime).toMatch(/^USER node$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1]!) as string[];
    expect(cmd[0]).toBe("node");
    expect(cmd.at(-1)).toBe("dist/server/main.js");
    expect(cmd.join(" ")).not.toMatch(/tsx|npx|npm/);
    expect(runtime).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \[.*\/api\/health\/.*\]$/m);
    // Postgres 18's pg_dump for the backups, as new as the server.
    expect(runtime).toContain("postgresql-client-18");
  });
});

describe("docker-compose.yml", () => {
  it("runs Postgres 18 and Redis 8 with its append-only file", () => {
    expect(services.postgres!.image).toMatch(/^postgres:18(-|$)/);
    // From 18 on, the image's data lives below /var/lib/postgresql: a volume on .../data would be lost.
    expect(services.postgres!.volumes).toEqual(["postgres:/var/lib/postgresql"]);
    expect(services.redis!.image).toMatch(/^redis:8(-|$)/);
    expect(services.redis!.command).toEqual(expect.arrayContaining(["--appendonly", "yes"]));
  });

  it("lets `--scale api=N` start N replicas: no container name, no host port, and only Caddy publishes", () => {
    const api = services.api!;
    expect(api.container_name).toBeUndefined();
    expect(api.ports).toBeUndefined();
    expect(api.build).toBe(".");
    expect(api.command, "the image's CMD: the compiled server").toBeUndefined();
    expect(api.environment!.TRUST_PROXY).toBe("1");
    const publishing = Object.entries(services).filter(([, service]) =>
      service.ports?.some((p) => !p.startsWith("127.0.0.1:")),
    );
    expect(publishing.map(([name]) => name)).toEqual(["proxy"]);
    expect(services.proxy!.image).toMatch(/^caddy:2/);
    expect(services.proxy!.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(services.proxy!.depends_on!.api!.condition).toBe("service_healthy");
  });

  it("runs the compiled workers after the API's migrations, writing scheduled backups to a volume", () => {
    const workers = services.workers!;
    expect(workers.command).toEqual(["node", "--enable-source-maps", "dist/workers/main.js"]);
    expect(workers.depends_on!.api!.condition).toBe("service_healthy");
    expect(workers.environment!.BACKUP_DIR).toBe("/backups");
    expect(workers.volumes).toContain("backups:/backups");
    expect(compose.volumes).toHaveProperty("backups");
    expect(workers.healthcheck!.disable).toBe(true);
    // The API and the workers share one environment: the same database, Redis and secret.
    for (const key of ["DATABASE_URL", "REDIS_URL", "JWT_SECRET", "METRICS_TOKEN"])
      expect(workers.environment![key], key).toBe(services.api!.environment![key]);
    for (const service of Object.values(services)) expect(JSON.stringify(service.command ?? [])).not.toMatch(/tsx/);
  });

  it("scrapes every replica and the workers on the compose network, published to this host only", () => {
    const prometheus = services.prometheus!;
    expect(prometheus.profiles).toEqual(["monitoring"]);
    expect(prometheus.ports).toEqual(["127.0.0.1:9090:9090"]);
    expect(prometheus.secrets).toEqual(["metrics_token"]);
    const config = parse(text("deploy/prometheus.yml")) as {
      scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
    };
    const targets = config.scrape_configs.flatMap((job) =>
      job.dns_sd_configs.map((sd) => `${sd.names.join(",")}:${sd.port}`),
    );
    expect(targets).toEqual(["api:3000", "workers:9464"]);
  });
});

describe("the Caddyfile", () => {
  it("answers 404 for /metrics before anything is proxied", () => {
    const metrics = caddyfile.indexOf("handle /metrics*");
    expect(metrics).toBeGreaterThan(-1);
    expect(caddyfile.slice(metrics).split("}")[0]).toMatch(/respond 404/);
    expect(metrics).toBeLessThan(caddyfile.indexOf("reverse_proxy"));
  });

  it("balances over every api replica Docker's DNS lists, trying another when one refuses", () => {
    expect(caddyfile).toMatch(/dynamic a \{\s*name api\s*port 3000\s*refresh \d+s\s*\}/);
    expect(caddyfile).toMatch(/lb_policy \w+/);
    expect(caddyfile).toMatch(/lb_try_duration \d+s/);
    expect(caddyfile).toMatch(/fail_duration \d+s/);
    // No fixed upstream address: a static one would pin every request to one replica.
    expect(caddyfile).not.toMatch(/reverse_proxy\s+api:3000/);
  });
});

describe("the sample alerts", () => {
  it("use only metrics the processes export", async () => {
    const alerts = parse(text("deploy/prometheus-alerts.yml")) as { groups: { rules: { expr: string }[] }[] };
    const exported = await createMetrics().registry.getMetricsAsJSON();
    const names = new Set(exported.flatMap((m) => [m.name, `${m.name}_count`, `${m.name}_bucket`, `${m.name}_sum`]));
    names.add("up"); // Prometheus' own, per target
    const used = alerts.groups
      .flatMap((group) => group.rules)
      .map((rule) => rule.expr.replace(/\{[^}]*\}/g, "{}"))
      .flatMap((expr) => [...expr.matchAll(/\b([a-z_]+)(?=\{|\s*[)>=<]|\s*$)/gm)].map((m) => m[1]!))
      .filter((word) => word.includes("_") || word === "up");
    expect(used.length).toBeGreaterThan(5);
    for (const name of used) expect(names, name).toContain(name);
  });
});
