import { readFileSync } from "node:fs";

/** The kernel's TCP state codes (include/net/tcp_states.h) this project's tests look for. */
export const TCP_STATE = { ESTABLISHED: "01", CLOSE_WAIT: "08" } as const;

/**
 * How many sockets whose local port is `port` are in `state`, as the kernel lists them in
 * /proc/net/tcp and tcp6: the server's side of each connection, not the client's.
 */
export function socketsInState(port: number, state: string): number {
  const localPort = port.toString(16).toUpperCase().padStart(4, "0");
  let count = 0;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , st] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${localPort}`) && st === state) count++;
    }
  }
  return count;
}
