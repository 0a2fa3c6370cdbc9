import WebSocket from "ws";
import type { AppEvent, ServerSocketMessage } from "@domain/contracts/events";

export interface TestSocket {
  messages: ServerSocketMessage[];
  /** Each message's size on the wire in bytes, beside it in `messages`. */
  sizes: number[];
  events(): AppEvent[];
  waitFor(predicate: (m: ServerSocketMessage) => boolean, timeoutMs?: number): Promise<ServerSocketMessage>;
  closed: Promise<number>;
  close(): void;
  send(message: unknown): void;
  isOpen(): boolean;
}

/** A websocket client speaking the app's protocol: auth first, then events. */
export function openSocket(
  baseUrl: string,
  /** `preparation_date`: the preparation events it receives (a date, every date: null; none without). */
  auth: { token: string; last_event_id?: number; preparation_date?: string | null } | null,
): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/ws`);
  const messages: ServerSocketMessage[] = [];
  const sizes: number[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (raw: Buffer) => {
    sizes.push(raw.length);
    messages.push(JSON.parse(raw.toString()));
    waiters.forEach((w) => {
      w();
    });
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const api: TestSocket = {
    messages,
    sizes,
    events: () => messages.flatMap((m) => (m.type === "event" ? [m.event] : [])),
    closed,
    close: () => socket.close(),
    send: (message) => socket.send(JSON.stringify(message)),
    isOpen: () => socket.readyState === WebSocket.OPEN,
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () => {
      if (auth) socket.send(JSON.stringify({ type: "auth", ...auth }));
      resolve(api);
    });
  });
}
