/** A bounded closed-loop load on loopback: `concurrency` workers, each request after the last. */
export async function measureThroughput(
  request: () => Promise<void>,
  { durationMs = 5_000, concurrency = 32, warmupMs = 1_000 } = {},
): Promise<{ requestsPerSecond: number; requests: number }> {
  const loop = async (until: number, count: { n: number }) => {
    while (Date.now() < until) {
      await request();
      count.n++;
    }
  };
  const warm = { n: 0 };
  await Promise.all(Array.from({ length: concurrency }, () => loop(Date.now() + warmupMs, warm)));
  const count = { n: 0 };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(Date.now() + durationMs, count)));
  const seconds = (performance.now() - started) / 1000;
  return { requestsPerSecond: count.n / seconds, requests: count.n };
}
