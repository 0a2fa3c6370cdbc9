import { createServer, type Server } from "node:http";

export interface FakeGeocoder {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A Nominatim-compatible stand-in on 127.0.0.1: the real geocoder is a third party we cannot reach. */
export async function startFakeGeocoder(
  places: Record<string, { lat: string; lon: string; display_name: string }[]>,
): Promise<FakeGeocoder> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const q = url.searchParams.get("q") ?? "";
    requests.push(q);
    if (q === "romper") {
      response.statusCode = 500;
      return response.end("boom");
    }
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(places[q.toLowerCase()] ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
