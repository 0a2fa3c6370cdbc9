import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, normalize, relative, sep } from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";

/**
 * The embedded backup: one tar file holding a manifest, PGlite's own dump of its data
 * directory (gzipped), and the uploaded photos (profile pictures, delivery proofs), which
 * live beside the database and are part of what a distributor keeps.
 */
const MANIFEST = "frio-backup.json";
const DATABASE = "database.tar.gz";
const UPLOADS = "uploads/";
const FORMAT = 1;

interface Manifest {
  format: number;
  mode: "embedded";
  created_at: string;
}

class NotABackup extends Error {}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes the archive to `out`: the database tarball and every file under `uploadsDir`. */
export async function writeEmbeddedArchive(database: Blob, uploadsDir: string, out: Writable): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, out);
  const mtime = new Date();
  const add = (name: string, content: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: content.length, mtime }, content, (error) => (error ? reject(error) : resolve())),
    );
  const manifest: Manifest = { format: FORMAT, mode: "embedded", created_at: mtime.toISOString() };
  await add(MANIFEST, Buffer.from(JSON.stringify(manifest)));
  await add(DATABASE, Buffer.from(await database.arrayBuffer()));
  for (const file of await filesUnder(uploadsDir)) {
    await add(UPLOADS + relative(uploadsDir, file).split(sep).join("/"), await readFile(file));
  }
  pack.finalize();
  await written;
}

/** An entry's path inside `dir`, or null for a name that would leave it (`../`, absolute). */
function inside(dir: string, name: string): string | null {
  const path = normalize(join(dir, name));
  return path.startsWith(dir + sep) ? path : null;
}

/**
 * Reads an archive written by `writeEmbeddedArchive`: the uploads are written under
 * `uploadsDir`, the database tarball is returned for PGlite to load.
 */
export async function readEmbeddedArchive(input: Readable, uploadsDir: string): Promise<Blob> {
  const extract = tar.extract();
  const piped = pipeline(input, extract);
  // The pipeline's error also ends the loop below, which throws it: this only keeps it from going unhandled.
  piped.catch(() => {});
  let manifest: Manifest | null = null;
  let database: Blob | null = null;
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const content = Buffer.concat(chunks);
    const name = entry.header.name;
    if (!manifest) {
      manifest = name === MANIFEST ? (JSON.parse(content.toString()) as Manifest) : null;
      if (manifest?.format !== FORMAT || manifest.mode !== "embedded")
        throw new NotABackup(`${MANIFEST} is missing or of another format`);
    } else if (name === DATABASE) {
      database = new Blob([content]);
    } else if (name.startsWith(UPLOADS) && entry.header.type === "file") {
      const path = inside(uploadsDir, name.slice(UPLOADS.length));
      if (!path) throw new NotABackup(`entry outside the uploads: ${name}`);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    }
  }
  await piped;
  if (!database) throw new NotABackup(`${DATABASE} is missing`);
  return database;
}

/** What a backup file holds, from its first bytes: an embedded archive, a pg_dump custom file, or neither. */
export async function backupKind(file: string): Promise<"embedded" | "production" | null> {
  const head = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    createReadStream(file, { start: 0, end: 511 })
      .on("data", (chunk) => chunks.push(chunk as Buffer))
      .on("end", () => resolve(Buffer.concat(chunks)))
      .on("error", reject);
  });
  if (head.subarray(0, 5).toString() === "PGDMP") return "production";
  if (head.subarray(257, 262).toString() === "ustar" && head.subarray(0, MANIFEST.length).toString() === MANIFEST)
    return "embedded";
  return null;
}
