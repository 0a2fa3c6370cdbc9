import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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

const WHOLE_MANTINE_SHEETS =
  'import "@mantine/core/styles.layer.css"; import "@mantine/notifications/styles.layer.css";';
const MANTINE_MODULE = /@mantine\/(core|notifications)\/esm\/(?:.+\/)?(\w+)\.module\.mjs$/;

/**
 * Each Mantine component brings its own stylesheet into the chunk that uses it, in place of
 * Mantine's whole stylesheet (about 250 KB) blocking the first paint of every page: every
 * component's class names live in its `<Name>.module.mjs`, and Mantine ships the matching
 * `<Name>.layer.css`. Layered, so the app's own CSS wins whichever chunk loads first.
 */
export function mantineCssPerComponent(): Plugin {
  let serving = false;
  return {
    name: "frio-mantine-css-per-component",
    enforce: "pre",
    configResolved(config) {
      serving = config.command === "serve";
    },
    transform(code, id) {
      // The dev server pre-bundles Mantine out of this plugin's reach: it serves the whole sheets.
      if (serving && id.endsWith("/web/src/main.tsx")) return { code: `${WHOLE_MANTINE_SHEETS}\n${code}`, map: null };
      const match = MANTINE_MODULE.exec(id);
      if (!match) return null;
      const [, pkg, name] = match;
      const sheet =
        pkg === "core" ? `@mantine/core/styles/${name}.layer.css` : "@mantine/notifications/styles.layer.css";
      return { code: `import ${JSON.stringify(sheet)};\n${code}`, map: null };
    },
  };
}

/**
 * The built page's stylesheets load as print sheets, which hold no paint: index.html's
 * 'Cargando…' shows at once on a slow phone instead of waiting for them. The entry turns
 * them to the screen once loaded, before its first render (web/src/app/stylesheets.ts).
 * They stay in the head, ahead of the sheets later chunks add, so Mantine's order holds.
 */
export function stylesheetsAfterFirstPaint(): Plugin {
  return {
    name: "frio-stylesheets-after-first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"([^>]*)>/g,
          `<link rel="stylesheet"$1 media="print" data-deferred-stylesheet>`,
        ),
    },
  };
}

/**
 * The service worker (Workbox, generated at build): it precaches the app shell, every built
 * script, sheet and icon by content revision, so the app opens with no network after one
 * visit, and answers every page address with the kept index.html. The API is never cached
 * here: the seller's data is kept by the query cache (docs/decisions/offline/0153-offline-kept-data.md).
 * A new version waits until the app applies it (docs/decisions/offline/0149-offline-app-updates.md).
 */
export const serviceWorker = () =>
  VitePWA({
    strategies: "generateSW",
    registerType: "prompt",
    injectRegister: false,
    // web/public/manifest.webmanifest is the manifest; index.html links it.
    manifest: false,
    filename: "sw.js",
    workbox: {
      globPatterns: ["**/*.{js,mjs,css,html,svg,png,webmanifest}"],
      // The map's style module (1 MB) and worker (0.5 MB) are the largest files; they are kept too,
      // so the delivery step's map picker opens offline on its plain background.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [/^\/api\//, /^\/metrics/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [],
    },
  });

export default defineConfig({
  root,
  // The build's identity: data the device kept under another build is dropped (offline-kept-data.md).
  define: { __FRIO_BUILD__: JSON.stringify(new Date().toISOString()) },
  plugins: [mantineCssPerComponent(), react(), stylesheetsAfterFirstPaint(), serviceWorker(), precompress()],
  // tsconfig.json's paths: the pure rules and contracts shared with the server.
  resolve: { alias: { "@domain": join(root, "..", "domain") } },
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
