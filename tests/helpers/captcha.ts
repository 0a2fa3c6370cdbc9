import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { ApiClient } from "./app";
import type { FastifyInstance } from "fastify";

/** Does the proof of work a browser's widget does, and encodes it as the widget does. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await new ApiClient(app).get("/api/captcha/challenge/")).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
