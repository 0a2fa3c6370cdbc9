import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

/** A peer that hung up mid-frame: nothing the server did, nothing to alert on. */
const PEER_GONE = new Set(["ECONNRESET", "EPIPE"]);

/**
 * An error on an open websocket. A client's protocol fault (a frame over the 64 KB limit, a
 * bad opcode or UTF-8; ws's `WS_ERR_*` codes) or its hang-up is the client's doing: one info
 * line names the socket's request and the fault (ws reports one per socket and stops reading
 * it), never an error-level line that alerts would count. Anything else is ours: logged as an
 * error. Either way the socket ends.
 */
export function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest) {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code.startsWith("WS_ERR_") || PEER_GONE.has(code))
    request.log.info({ code, reason: error.message }, "websocket closed: client fault");
  else request.log.error(error);
  socket.terminate();
}
