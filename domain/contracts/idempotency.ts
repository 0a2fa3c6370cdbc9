import { z } from "zod";
import { text } from "./text";

/** A write sent again with the same key answers what the first one made (orders, payments). */
export const IdempotencyHeaders = z.object({ "idempotency-key": text().trim().min(8).max(200).optional() });
