import { EventEmitter } from "node:events";
import { ServerResponse, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type {} from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

interface ConnectionsOptions {
  /** How long close() lets open sockets finish before it destroys them. */
  closeDeadlineMs: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Upgrade requests for websocket routes only: @fastify/websocket listens here, not on the server. */
    websocketUpgrades: EventEmitter;
  }
}

const pathOf = (url: string | undefined) => (url ?? "/").split("?", 1)[0]!;

/**
 * Every socket the server accepts is tracked until it closes, and Upgrade requests reach the
 * websocket plugin only as a GET on a websocket route. Node hands any request with an Upgrade header
 * over to the `upgrade` listeners, outside its HTTP bookkeeping: a socket nobody closes then
 * stays open (CLOSE-WAIT once the client leaves) and `server.close()` waits on it for ever.
 */
async function connections(app: FastifyInstance, options: ConnectionsOptions) {
  const sockets = new Set<Socket>();
  const websocketPaths = new Set<string>();
  const upgrades = new EventEmitter();
  app.decorate("websocketUpgrades", upgrades);

  app.addHook("onRoute", (route) => {
    if (route.websocket) websocketPaths.add(route.url);
  });

  app.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  app.server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // A websocket opens with a GET (RFC 6455 §4.1): any other method on its path is a plain request.
    if (request.method === "GET" && websocketPaths.has(pathOf(request.url)))
      upgrades.emit("upgrade", request, socket, head);
    else answerAndClose(app, request, socket);
  });

  // Before Fastify's server.close(): a socket still open at the deadline is cut, so close() ends.
  app.addHook("preClose", (done) => {
    const deadline = setTimeout(
      () =>
        sockets.forEach((socket) => {
          socket.destroy();
        }),
      options.closeDeadlineMs,
    ).unref();
    app.server.once("close", () => clearTimeout(deadline));
    done();
  });
}

/**
 * An Upgrade the route cannot honour is ignored, as HTTP allows (RFC 9110 §7.8): the request
 * is answered as a plain one, with `Connection: close`, and the socket closed once it is sent.
 * Node treats an upgrade request as having no body, so one that announced a body is a 400.
 */
function answerAndClose(app: FastifyInstance, request: IncomingMessage, socket: Socket) {
  socket.on("error", () => socket.destroy());
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket);
  response.once("finish", () => socket.destroySoon());
  response.once("close", () => socket.destroySoon());
  app.routing(request, response);
}

export default fp(connections, { name: "frio-connections" });
