import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CAPTCHA_REQUIRED, type CaptchaConfig } from "@domain/contracts/auth";
import type { Executor } from "../../db/types";
import { Invalid, Unavailable } from "../../errors";
import { spendChallenge } from "./repository";

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
// Work a person's browser finishes in well under a second, and a script must still pay.
const MAX_COUNTER = 50_000;

export interface HumanCheck {
  /** What the registration page must show to produce a solution this check accepts. */
  widget: CaptchaConfig;
  challenge(): Promise<Challenge | null>;
  /** Throws Invalid with SPEC.md's message when the solution is missing, wrong or replayed. */
  verify(db: Executor, solution: string, remoteIp: string): Promise<void>;
}

/** Self-hosted ALTCHA proof of work: no third party, works offline. */
export function createAltchaCheck(secret: string): HumanCheck {
  const hmacSignatureSecret = `${secret}:altcha`;
  return {
    widget: { provider: "altcha" },
    challenge: () =>
      createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(1_000, MAX_COUNTER),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret,
      }),
    async verify(db, solution) {
      const payload = decodePayload(solution);
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
      }).catch(() => null);
      const signature = payload.challenge.signature;
      if (!result?.verified || !signature) throw new Invalid(CAPTCHA_REQUIRED, { recaptcha: CAPTCHA_REQUIRED });
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CHALLENGE_TTL_MS);
      if (!(await spendChallenge(db, signature, expiresAt)))
        throw new Invalid(CAPTCHA_REQUIRED, { recaptcha: CAPTCHA_REQUIRED });
    },
  };
}

function decodePayload(solution: string): Payload {
  try {
    const payload = JSON.parse(Buffer.from(solution, "base64").toString("utf8")) as Payload;
    if (!payload?.challenge?.parameters || !payload.solution) throw new Error("shape");
    return payload;
  } catch {
    throw new Invalid(CAPTCHA_REQUIRED, { recaptcha: CAPTCHA_REQUIRED });
  }
}

/** Google reCAPTCHA, when RECAPTCHA_SECRET is set; a token is good once on Google's side too. */
export function createRecaptchaCheck(
  secret: string,
  verifyUrl: string,
  widget: { siteKey: string; scriptUrl: string },
): HumanCheck {
  return {
    widget: { provider: "recaptcha", site_key: widget.siteKey, script_url: widget.scriptUrl },
    challenge: async () => null,
    async verify(db, token, remoteIp) {
      let body: { success?: boolean };
      try {
        const response = await fetch(verifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(10_000),
        });
        body = (await response.json()) as { success?: boolean };
      } catch {
        throw new Unavailable("No se pudo verificar el reCAPTCHA. Intentá de nuevo en unos minutos.");
      }
      if (!body.success) throw new Invalid(CAPTCHA_REQUIRED, { recaptcha: CAPTCHA_REQUIRED });
      // Our own record too, so a replay is refused even if the provider were lenient.
      if (!(await spendChallenge(db, `recaptcha:${token.slice(0, 512)}`, new Date(Date.now() + 86_400_000)))) {
        throw new Invalid(CAPTCHA_REQUIRED, { recaptcha: CAPTCHA_REQUIRED });
      }
    },
  };
}
