import { z } from "zod";
import { readTypedDate } from "../dates";

/** A date a person typed (see readTypedDate), as ISO; anything else fails with `message`. */
export const typedDate = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const date = readTypedDate(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return date;
  });
