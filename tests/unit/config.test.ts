import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

const dataDir = () => mkdtempSync(join(tmpdir(), "frio-config-"));

describe("environment parsing", () => {
  it("defaults to embedded mode on port 3000 and keeps a generated JWT secret", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.mode).toBe("embedded");
    expect(first.port).toBe(3000);
    expect(first.jwtSecret).toBe(readFileSync(join(dir, "jwt-secret"), "utf8"));
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it("works out of the box with a public, key-free map style and geocoder, which 'off' switches off", () => {
    const shipped = loadConfig({ DATA_DIR: dataDir() });
    expect(shipped.mapStyleUrl).toBe("https://tiles.openfreemap.org/styles/liberty");
    expect(shipped.geocoderUrl).toBe("https://nominatim.openstreetmap.org/");
    const offline = loadConfig({ DATA_DIR: dataDir(), MAP_STYLE_URL: "off", GEOCODER_URL: "off" });
    expect([offline.mapStyleUrl, offline.geocoderUrl]).toEqual([undefined, undefined]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAP_STYLE_URL: "tiles please" })).toThrow(ConfigError);
  });

  it("selects production mode with DATABASE_URL and REDIS_URL", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@h/db", REDIS_URL: "redis://h:6379" });
    expect(config.mode).toBe("production");
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "tres mil" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "tres mil" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@h/db" })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: "jefe" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEPOT_LAT: "-120" })).toThrow(/DEPOT_LAT/);
  });

  it("reads TRUST_PROXY as off, a hop count or a list of proxy addresses", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.2, 10.1.0.0/16" }).trustProxy).toEqual([
      "10.0.0.2",
      "10.1.0.0/16",
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("keeps the headers timeout within the request timeout and map origins as origins", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUEST_TIMEOUT_MS: "5000", HEADERS_TIMEOUT_MS: "9000" })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), MAP_EXTRA_ORIGINS: "https://a.example/tiles/x.pbf,https://b.example" })
        .mapExtraOrigins,
    ).toEqual(["https://a.example", "https://b.example"]);
  });
});
