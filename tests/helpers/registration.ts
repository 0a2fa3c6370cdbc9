import type { FastifyInstance } from "fastify";
import { ApiClient } from "./app";
import { solveCaptcha } from "./captcha";

/** Asks for an account as the register page does (challenge solved), in the first group offered. */
export async function askForAccount(app: FastifyInstance, username: string) {
  const anonymous = new ApiClient(app);
  const groups = (await anonymous.get("/api/account-groups/")).json().results as { id: number }[];
  return anonymous.post("/api/register-request/", {
    username,
    email: `${username}@frio.test`,
    password: "una-clave-larga",
    group_id: groups[0]!.id,
    recaptcha: await solveCaptcha(app),
  });
}
