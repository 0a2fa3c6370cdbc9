/**
 * The output of a byte-to-byte transcoder (COPY text to CSV or to sheet XML): a buffer
 * written at `at`, and the full buffers set aside until `take` hands them on. A hot loop
 * copies `bytes` and `at` into locals, writes `out[at++]`, and hands `at` back before
 * anything else writes (`spill`, `text`, `take`); `spill` returns the buffer to go on with.
 */
export class ByteOutput {
  bytes: Buffer;
  at = 0;
  #ready: Buffer[] = [];
  #readyBytes = 0;

  /** Output is handed on in pieces of about `piece` bytes: few, large writes to the socket. */
  constructor(private readonly piece: number) {
    this.bytes = Buffer.allocUnsafe(2 * piece);
  }

  /**
   * Sets aside the `at` bytes written and starts a buffer of room for at least `count`;
   * `at` is then 0. Call it when `at + count` passes `bytes.length`.
   */
  spill(at: number, count: number): Buffer {
    if (at) {
      this.#ready.push(this.bytes.subarray(0, at));
      this.#readyBytes += at;
    }
    this.bytes = Buffer.allocUnsafe(Math.max(2 * this.piece, count));
    this.at = 0;
    return this.bytes;
  }

  /** Room for `count` more bytes at `at`. */
  room(count: number) {
    if (this.at + count > this.bytes.length) this.spill(this.at, count);
  }

  /** Text written as UTF-8 at `at`. */
  text(value: string) {
    this.room(value.length * 3);
    this.at += this.bytes.write(value, this.at);
  }

  /** What was written so far once there is at least `min` bytes of it (everything with 0). */
  take(min = 0): Buffer[] {
    if (this.#readyBytes + this.at < min || this.#readyBytes + this.at === 0) return [];
    const pieces = this.#ready;
    if (this.at) pieces.push(this.bytes.subarray(0, this.at));
    this.#ready = [];
    this.#readyBytes = 0;
    this.bytes = this.bytes.subarray(this.at);
    this.at = 0;
    if (this.bytes.length < this.piece) this.bytes = Buffer.allocUnsafe(2 * this.piece);
    return pieces;
  }
}
