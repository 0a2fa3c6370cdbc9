import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import pino from "pino";

/** Lines gather up to this many bytes before they are written, or for at most FLUSH_MS. */
const BUFFER_BYTES = 4096;
const FLUSH_MS = 1000;

/**
 * One line per answered request, with what an operator looks for (method, path, status,
 * milliseconds), where Fastify's own logging writes two (arrival and answer) with the
 * whole request and reply serialized. Errors keep Fastify's own lines.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }
}

/**
 * Where log lines go (stdout, or a file): written in batches of a few kilobytes, at least
 * once a second. A write per line (pino's default) costs a system call per request at the
 * info level; writing from libuv's thread pool instead costs a thread hand-off, which on a
 * two-core machine competes with the request itself. What is pending is written when the
 * process exits; only a kill -9 loses up to a second of lines.
 */
export function bufferedLogDestination(file?: string) {
  const destination = pino.destination({ dest: file ?? 1, sync: true, minLength: BUFFER_BYTES });
  const flush = () => destination.flushSync();
  const flushing = setInterval(flush, FLUSH_MS).unref();
  process.on("exit", flush);
  const close = () => {
    clearInterval(flushing);
    process.off("exit", flush);
    flush();
  };
  return { destination, close };
}
