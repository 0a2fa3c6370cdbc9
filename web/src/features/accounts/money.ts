import { formatMoney, toCentavos } from "@domain/money";

/** The account's amounts come as decimal text ("1234.50"); screens show them as "$ 1.234,50". */
export const money = (value: string) => formatMoney(toCentavos(value));
