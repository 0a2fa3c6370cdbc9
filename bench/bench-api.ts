/**
 * The API as a benchmark talks to it: the in-process app on a bench database, its users (one
 * password for all), and GETs signed in as one of them over loopback HTTP.
 */
import { type Agent, request } from "undici";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { DatabaseHandle } from "../server/db/client";
import { hashPassword } from "../server/features/auth/service";
import { insertUser } from "../server/features/users/repository";
import { createRuntime } from "../server/runtime";
import { PROCESSORS } from "../workers/registry";

const PASSWORD = "bench-password";

/** The app listening on a free loopback port, with no log. */
export async function listenBenchApp(database: DatabaseHandle) {
  const config = loadConfig({ DATA_DIR: "/tmp/frio-bench", JWT_SECRET: "b".repeat(40), LOG_LEVEL: "silent" });
  const runtime = await createRuntime(config, PROCESSORS, { database });
  const app = await buildApp({ ...runtime, logger: false });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base,
    close: async () => {
      await app.close();
      await runtime.close();
    },
  };
}

/** Users of one group (1 Admin, 2 Vendedor…), all with the bench password. */
export async function insertBenchUsers(database: DatabaseHandle, groupId: number, usernames: string[]) {
  const passwordHash = await hashPassword(PASSWORD);
  return Promise.all(
    usernames.map((username) => insertUser(database.db, { username, email: "", passwordHash, groupId })),
  );
}

/** Signs in as `username` and answers a GET of a path as them: its status, headers and body's bytes as sent. */
export async function signedGet(base: string, agent: Agent, username: string) {
  const login = await request(`${base}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
    dispatcher: agent,
  });
  const { access } = (await login.body.json()) as { access: string };
  return async (path: string, headers: Record<string, string> = {}) => {
    const response = await request(`${base}${path}`, {
      headers: { authorization: `Bearer ${access}`, ...headers },
      dispatcher: agent,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    return { status: response.statusCode, headers: response.headers, body };
  };
}
