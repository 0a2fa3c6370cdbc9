import { z } from "zod";
import { text } from "./text";
import { readTypedDate } from "../dates";

/** A date a person typed (see readTypedDate), as ISO; anything else fails with `message`. */
export const typedDate = (message: string) =>
  text({ error: message }).transform((value, ctx) => {
    const date = readTypedDate(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return date;
  });
