/**
 * Runs every benchmark under bench/ (or the ones named on the command line), each of
 * which prints its own figure, its raw baseline measured in the same run, and the ratio.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();

for (const file of files) {
  console.log(`\n== ${file}`);
  const module = (await import(`./${file}`)) as { run(): Promise<void> };
  await module.run();
}
