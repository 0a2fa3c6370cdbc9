import type { ApiClient } from "./app";
import { freshDate } from "./boards";
import { createClient, createProduct } from "./catalog";
import { orderDetails, placeOrder } from "./orders";

export interface OrderStream {
  /** Orders the API acknowledged (200). */
  accepted: number;
  /** Answers other than 200, by status. */
  refused: Record<number, number>;
}

/**
 * `count` orders of one kilo, `concurrency` at a time, spread over the given API instances
 * and over 3 zones × 2 time slots of one fresh day, while `during` runs (a fault), told
 * whether the stream is done and how many orders have been answered so far.
 */
export async function streamOrders(
  sellers: ApiClient[],
  count: number,
  concurrency: number,
  during: (done: () => boolean, answered: () => number) => Promise<void> = async () => {},
): Promise<OrderStream> {
  const { id: clientId } = await createClient(sellers[0]!);
  const product = (await createProduct(sellers[0]!, { quantity: 100_000 })).PK_Products;
  const date = freshDate();
  const result: OrderStream = { accepted: 0, refused: {} };
  let started = 0;
  let finished = false;
  const lane = async (n: number) => {
    while (started < count) {
      const i = started++;
      const details = orderDetails({
        date,
        zone: 1 + (i % 3),
        time: { id: 2 + (i % 2), text: "" },
        latitude: -34.7 - (i % 50) * 0.002,
        longitude: -58.25 + (i % 7) * 0.003,
      });
      const response = await placeOrder(
        sellers[n % sellers.length]!,
        clientId,
        [{ productId: product, units: "1", type: "KG" }],
        { orderData: details },
      ).catch(() => null);
      answered++;
      if (response?.statusCode === 200) result.accepted++;
      else result.refused[response?.statusCode ?? 0] = (result.refused[response?.statusCode ?? 0] ?? 0) + 1;
    }
  };
  let answered = 0;
  const fault = during(
    () => finished,
    () => answered,
  );
  await Promise.all(Array.from({ length: concurrency }, (_, n) => lane(n)));
  finished = true;
  await fault;
  return result;
}

/**
 * Resolves once `n` orders of a stream are answered: a fault set on the stream's progress,
 * not on the clock, falls mid-stream on a fast machine as on a slow one.
 */
export async function answeredAtLeast(answered: () => number, n: number) {
  while (answered() < n) await new Promise((resolve) => setTimeout(resolve, 5));
}
