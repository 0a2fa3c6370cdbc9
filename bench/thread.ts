import { Worker } from "node:worker_threads";

/**
 * A benchmark module in a worker thread of its own (the receiving screens: their own heap and
 * event loop, as each browser has). A worker does not inherit tsx's loader on Node 20: it
 * registers it, then loads the module. An error in it ends the benchmark.
 */
export function startThread(module: URL): Worker {
  const worker = new Worker(
    `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`,
    { eval: true },
  );
  worker.on("error", (error) => {
    console.error(error);
    process.exit(1);
  });
  return worker;
}
