import { createServer } from "node:http";

/** A map style on 127.0.0.1 with no tiles: what MAP_STYLE_URL points at in tests. */
export async function startFakeStyleServer() {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        version: 8,
        name: "prueba",
        sources: {},
        layers: [{ id: "fondo", type: "background", paint: { "background-color": "#d7ecf2" } }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/style.json`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
