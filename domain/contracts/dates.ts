import { z } from "zod";
import { text } from "./text";
import { isExactDate, readTypedDate } from "../dates";

const DATE_MESSAGE = "Ingresá una fecha válida (AAAA-MM-DD).";

/** A date a person typed (see readTypedDate), as ISO; anything else, or out of DATE_RANGE, fails with `message`. */
export const typedDate = (message: string) =>
  text({ error: message }).transform((value, ctx) => {
    const date = readTypedDate(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return date;
  });

/** A date as a filter or API field: YYYY-MM-DD exactly, a real day within DATE_RANGE (no two-digit reading). */
export const isoDate = (message: string = DATE_MESSAGE) => text({ error: message }).refine(isExactDate, message);
