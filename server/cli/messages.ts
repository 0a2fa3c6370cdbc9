import { ConfigError, loadConfig, type Config } from "../config";
import { DataDirLocked } from "../operations/data-dir-lock";

/** An operator's message: Spanish, then English. */
export const bilingual = (spanish: string, english: string) => `${spanish}\n${english}`;

/** Refusals the operator can act on: printed as they are, exit 1, no stack. */
export class Refused extends Error {}

/** Runs a command line tool: a refusal or a bad setting ends it with its message and exit code 1. */
export async function runCommand(usage: string, work: (file: string, config: Config) => Promise<string>) {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error(usage);
    process.exit(2);
  }
  try {
    console.log(await work(file, loadConfig()));
    process.exit(0);
  } catch (error) {
    const known = error instanceof Refused || error instanceof ConfigError || error instanceof DataDirLocked;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  }
}
