import { pipeline, Readable } from "node:stream";
import { constants, crc32, createDeflateRaw } from "node:zlib";

/** One file of the archive; its content is read once, as it is written. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const DEFLATE = 8;
const DATA_DESCRIPTOR = 0x0008; // sizes and CRC follow the data: the archive is written in one pass
const VERSION = 20;
const MAX_32 = 0xffff_ffff;

// Entries carry 1980-01-01 00:00: a fixed stamp, as the content's own dates are what matter.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** The fields a local header and a central record share: flags, method, stamp, CRC, sizes, name length. */
function writeEntryFields(
  record: Buffer,
  at: number,
  entry: Pick<Written, "crc" | "compressed" | "size"> & { name: Buffer },
) {
  record.writeUInt16LE(DATA_DESCRIPTOR, at);
  record.writeUInt16LE(DEFLATE, at + 2);
  record.writeUInt16LE(0, at + 4);
  record.writeUInt16LE(DOS_DATE, at + 6);
  record.writeUInt32LE(entry.crc, at + 8);
  record.writeUInt32LE(entry.compressed, at + 12);
  record.writeUInt32LE(entry.size, at + 16);
  record.writeUInt16LE(entry.name.length, at + 20);
}

// The local header comes before the data, so its CRC and sizes are 0: the descriptor after it has them.
function localHeader(name: Buffer) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  writeEntryFields(header, 6, { name, crc: 0, compressed: 0, size: 0 });
  return Buffer.concat([header, name]);
}

function dataDescriptor({ crc, compressed, size }: Written) {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(compressed, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralRecord(entry: Written) {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(VERSION, 4);
  record.writeUInt16LE(VERSION, 6);
  writeEntryFields(record, 8, entry);
  record.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([record, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number) {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * A zip archive written as its entries are read, never held whole. Deflate runs in zlib's
 * thread pool, beside the code producing the content. Without ZIP64, every size and offset
 * must stay under 4 GiB; an xlsx sheet's 1,048,576 rows keep far below that.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  level = constants.Z_BEST_SPEED,
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const { name, content } of entries) {
    const entry: Written = { name: Buffer.from(name, "utf8"), crc: 0, compressed: 0, size: 0, offset };
    const header = localHeader(entry.name);
    offset += header.length;
    yield header;
    async function* counted() {
      for await (const piece of content) {
        const bytes = typeof piece === "string" ? Buffer.from(piece, "utf8") : piece;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        yield bytes;
      }
    }
    const deflate = createDeflateRaw({ level });
    // An error on either side, or a reader that stops, tears down both (and the content's source).
    pipeline(Readable.from(counted(), { objectMode: false }), deflate, () => {});
    for await (const out of deflate as AsyncIterable<Buffer>) {
      entry.compressed += out.length;
      yield out;
    }
    if (entry.size > MAX_32 || offset + entry.compressed > MAX_32) throw new Error(`zip entry ${name} passes 4 GiB`);
    const descriptor = dataDescriptor(entry);
    offset += entry.compressed + descriptor.length;
    written.push(entry);
    yield descriptor;
  }
  const directory = Buffer.concat(written.map(centralRecord));
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}
