import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import { hostname } from "node:os";
import pino from "pino";

/** Lines gather up to this many characters before they are written, or for at most FLUSH_MS. */
const BATCH_CHARS = 16 * 1024;
const FLUSH_MS = 1000;
const INFO = pino.levels.values.info!;

/** Whether an app at `level` writes info lines ("silent" writes none). */
export const logsInfo = (level: string) => (pino.levels.values[level] ?? Infinity) <= INFO;

/** The request's time to answer, to a tenth of a millisecond. */
const msOf = (reply: FastifyReply) => Math.round(reply.elapsedTime * 10) / 10;

/**
 * One line per answered request, with what an operator looks for (method, path, status,
 * milliseconds), where Fastify's own logging writes two (arrival and answer) with the
 * whole request and reply serialized. Errors keep Fastify's own lines.
 *
 * The line is pino's own format (level, time, pid, hostname, reqId, then the fields and
 * msg), written straight to the log's destination: through pino, a line of four fields
 * costs more than checking the token, the user and the answer's schema together.
 */
export class OneLinePerRequest extends LogController {
  readonly #start = `{"level":${INFO},"time":`;
  readonly #process = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;

  /** Lines go to `destination`; with none (a level above info), no access line is written. */
  constructor(private readonly destination: { write(line: string): unknown } | null) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      return reply.log.error(
        { method: request.method, url: request.url, status: reply.statusCode, ms: msOf(reply), err: error },
        "request errored",
      );
    if (!this.destination) return;
    this.destination.write(
      `${this.#start}${Date.now()}${this.#process}${JSON.stringify(request.id)},"method":"${request.method}","url":${JSON.stringify(request.url)},"status":${reply.statusCode},"ms":${msOf(reply)},"msg":"request"}\n`,
    );
  }
}

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
type Write = (...line: unknown[]) => void;

/**
 * A request's logger, made into pino's child (with the request's id) only when the request
 * writes a line through it: most write none but the access line, and a child costs as much
 * as routing the request. Methods on the prototype: a closure per request would cost more.
 */
class RequestLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get log() {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
  get level() {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  child(bindings: Bindings, options?: ChildOptions) {
    return this.log.child(bindings, options);
  }
  fatal(...line: unknown[]) {
    (this.log.fatal as Write)(...line);
  }
  error(...line: unknown[]) {
    (this.log.error as Write)(...line);
  }
  warn(...line: unknown[]) {
    (this.log.warn as Write)(...line);
  }
  info(...line: unknown[]) {
    (this.log.info as Write)(...line);
  }
  debug(...line: unknown[]) {
    (this.log.debug as Write)(...line);
  }
  trace(...line: unknown[]) {
    (this.log.trace as Write)(...line);
  }
  silent() {}
}

export const requestLogger = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) =>
  new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;

/**
 * Where log lines go (stdout, or a file): written in batches of up to 16 KB, at least once
 * a second. A write per line (pino's default) costs a system call per request at the
 * info level; writing from libuv's thread pool instead costs a thread hand-off, which on a
 * two-core machine competes with the request itself. What is pending is written when the
 * process exits; only a kill -9 loses up to a second of lines.
 *
 * The lines are gathered here and handed to sonic-boom (pino's writer, which retries a full
 * pipe) a batch at a time: its own gathering (`minLength`) measures all the pending text
 * again on every line.
 */
export function bufferedLogDestination(file?: string) {
  const output = pino.destination({ dest: file ?? 1, sync: true });
  let pending = "";
  const writePending = () => {
    if (!pending) return;
    output.write(pending);
    pending = "";
  };
  const destination = {
    write(line: string) {
      pending += line;
      if (pending.length >= BATCH_CHARS) writePending();
    },
  };
  const flush = () => {
    writePending();
    output.flushSync();
  };
  const flushing = setInterval(writePending, FLUSH_MS).unref();
  process.on("exit", flush);
  const close = () => {
    clearInterval(flushing);
    process.off("exit", flush);
    flush();
  };
  return { destination, close };
}
