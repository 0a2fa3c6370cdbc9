// The baseline of `me` and `restart`: a bare Fastify route answering a constant, in a plain
// node process of its own. GET /api/health/ answers too, so a start is timed the same way.
import Fastify from "fastify";

const app = Fastify();
app.get("/me", async () => ({ id: 1, username: "x" }));
app.get("/api/health/", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? "127.0.0.1" });
