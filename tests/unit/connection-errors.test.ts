import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { logConnectionErrors } from "../../server/connection-errors";

describe("connection errors", () => {
  it("are logged with the connection's name, a retried one once until it changes or the connection was ready again", () => {
    const connection = new EventEmitter();
    const logged: string[] = [];
    logConnectionErrors(connection, "bus publisher", (message) => logged.push(message));
    for (let attempt = 0; attempt < 5; attempt++)
      connection.emit("error", new Error("connect ECONNREFUSED 127.0.0.1:6379"));
    connection.emit("error", new Error("Connection is closed."));
    connection.emit("ready");
    connection.emit("error", new Error("Connection is closed."));
    expect(logged).toEqual([
      "bus publisher: connect ECONNREFUSED 127.0.0.1:6379",
      "bus publisher: Connection is closed.",
      "bus publisher: Connection is closed.",
    ]);
  });
});
