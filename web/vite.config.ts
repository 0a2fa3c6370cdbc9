import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";


const root = fileURLToPath(new URL(".", import.meta.url));

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz) copy beside every text file of the
 * build, once, so the server sends them without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "frio-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}


export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // maplibre-gl alone is about 1 MB and loads only with the map screens (lazy routes).
    chunkSizeWarningLimit: 1100,
    // No manual vendor groups: a group pulls every module of a library into one chunk that
    // /login would then download whole. Each route chunk takes only what it uses.
  },
  server: { proxy: { "/api": { target: "http://127.0.0.1:3000", ws: true } } },
});
