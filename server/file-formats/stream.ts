import { Readable } from "node:stream";

/** An export's bytes as a stream that can say how long its reader has left data untaken. */
export interface ExportStream extends Readable {
  /** Milliseconds since the reader last asked for more while data waits for it; 0 otherwise. */
  idleMs(): number;
}

/**
 * A stream pulling from `source` as its reader asks (backpressure from the stream itself).
 * Waiting on the source (the database) is not idleness: only data nobody takes is.
 * Destroyed early, it ends the source, which ends the query.
 */
export function exportStream(source: AsyncIterable<string | Buffer>): ExportStream {
  const iterator = source[Symbol.asyncIterator]();
  let pulling = false;
  let askedAt = Date.now();
  const stream = new Readable({
    read() {
      askedAt = Date.now();
      if (!pulling) void pull();
    },
    destroy(error, done) {
      Promise.resolve(iterator.return?.()).then(
        () => done(error),
        (failure) => done(error ?? failure),
      );
    },
  }) as ExportStream;
  stream.idleMs = () => (stream.readableLength > 0 && !stream.destroyed ? Date.now() - askedAt : 0);

  async function pull() {
    pulling = true;
    try {
      for (;;) {
        const next = await iterator.next();
        if (stream.destroyed) return;
        if (next.done) return void stream.push(null);
        if (!stream.push(next.value)) return;
      }
    } catch (error) {
      stream.destroy(error as Error);
    } finally {
      pulling = false;
    }
  }
  return stream;
}
