import { LARGEST_ID } from "@domain/contracts/catalog-common";

/** An ILIKE pattern finding `text` anywhere in a column, its %, _ and \ matched literally. */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;

/** The id a search term names when it is all digits and fits an integer column, else null. */
export const idSearched = (term: string): number | null =>
  /^\d+$/.test(term) && Number(term) <= LARGEST_ID ? Number(term) : null;
