import { createHash } from "node:crypto";
import type { SubmitOrderRequest } from "@domain/contracts/orders";

/** JSON with every object's keys in order: the same request, however its keys were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * What an Idempotency-Key is kept with: SHA-256 of the request as read by its contract (so
 * "2" and 2, or a default left out, are the same request). A retry carries the same request;
 * the same key with another is refused (docs/decisions/orders/0057-idempotency-key.md).
 */
export const requestFingerprint = (request: SubmitOrderRequest) =>
  createHash("sha256").update(canonical(request)).digest("hex");
