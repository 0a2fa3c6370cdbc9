import { MAP_MESSAGES, type GeocodeResult, type MapConfig } from "@domain/contracts/map";
import type { Config } from "../../config";
import { NotFound, Unavailable } from "../../errors";

const CACHE_TTL_MS = 60 * 60 * 1000;
const CACHE_MAX = 1000;
const TIMEOUT_MS = 8_000;
/** Nominatim's usage policy: at most one request a second, from an application that names itself. */
const GEOCODER_SPACING_MS = 1_000;
const USER_AGENT = "Frio/1.0 (pedidos y reparto de una distribuidora de congelados)";

/** Upstream lookups one after another, a second apart; cache hits never wait. */
function spaced(spacingMs: number) {
  let last: Promise<unknown> = Promise.resolve();
  let lastAt = 0;
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(async () => {
      const wait = lastAt + spacingMs - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastAt = Date.now();
      return task();
    });
    // The caller gets `run`'s error; the queue only needs to know it settled.
    last = run.catch(() => {});
    return run;
  };
}

/** A small time-bounded cache: the same address is looked up many times a day. */
class ResultCache {
  private entries = new Map<string, { at: number; results: GeocodeResult[] }>();

  get(key: string) {
    const hit = this.entries.get(key);
    if (!hit || Date.now() - hit.at > CACHE_TTL_MS) return undefined;
    return hit.results;
  }

  set(key: string, results: GeocodeResult[]) {
    if (this.entries.size >= CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), results });
  }
}

export function createMapService(config: Pick<Config, "mapStyleUrl" | "geocoderUrl" | "depot" | "mapApiKey">) {
  const cache = new ResultCache();
  const politely = spaced(GEOCODER_SPACING_MS);
  return {
    config: (): MapConfig => ({
      style_url: config.mapStyleUrl ?? null,
      geocoder: !!config.geocoderUrl,
      depot: config.depot,
      key: config.mapApiKey ?? "",
    }),

    /** Server-side proxy to a Nominatim-compatible geocoder (no key in the browser, results cached). */
    async geocode(query: string): Promise<GeocodeResult[]> {
      if (!config.geocoderUrl) throw new Unavailable(MAP_MESSAGES.geocoderDown);
      const key = query.toLowerCase();
      const cached = cache.get(key);
      if (cached) return cached;
      const url = new URL("search", config.geocoderUrl.endsWith("/") ? config.geocoderUrl : `${config.geocoderUrl}/`);
      url.search = new URLSearchParams({ q: query, format: "json", limit: "5", countrycodes: "ar" }).toString();
      let rows: { lat: string; lon: string; display_name: string }[];
      try {
        rows = await politely(async () => {
          const response = await fetch(url, {
            headers: { "user-agent": USER_AGENT },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          if (!response.ok) throw new Error(String(response.status));
          return (await response.json()) as typeof rows;
        });
      } catch {
        throw new Unavailable(MAP_MESSAGES.geocoderDown);
      }
      const results = (Array.isArray(rows) ? rows : [])
        .map((r) => ({
          lat: Math.round(Number(r.lat) * 1e6) / 1e6,
          lng: Math.round(Number(r.lon) * 1e6) / 1e6,
          display_name: String(r.display_name ?? ""),
        }))
        .filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lng));
      if (!results.length) throw new NotFound(MAP_MESSAGES.notFound);
      cache.set(key, results);
      return results;
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
