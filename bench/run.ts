/**
 * Runs every benchmark under bench/ (or the ones named on the command line), each of
 * which prints its own figure, its raw baseline measured in the same run, and the ratio.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(dir).filter((f) => f.endsWith(".bench.ts"));
// A name that is a benchmark's own (`me`) picks that one only; any other picks the files containing it.
const picks = (w: string) => (f: string) => (all.includes(`${w}.bench.ts`) ? f === `${w}.bench.ts` : f.includes(w));
const files = all.filter((f) => !wanted.length || wanted.some((w) => picks(w)(f))).sort();

for (const file of files) {
  console.log(`\n== ${file}`);
  const module = (await import(`./${file}`)) as { run(): Promise<void> };
  await module.run();
}
