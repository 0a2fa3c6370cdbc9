const { readdirSync } = require("node:fs");
const { join } = require("node:path");

const foldersOf = (dir) =>
  readdirSync(join(__dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The boards each show one part of an order's way; what they share lives in the order read model and courier stops. */
const BOARD_FEATURES = ["preparation", "dispatch", "courier", "home"];
const SHARED_BY_BOARDS = ["order-read-model", "courier-stops"];

/**
 * One rule per feature folder, so a new feature is covered without editing this file and a
 * finding names the feature it broke into: `from` (a path pattern) reaches the feature only
 * through its index.
 */
const publicEntryRules = (root, from, index) =>
  foldersOf(`${root}/features`).map((feature) => ({
    name: `${root.replace(/\W/g, "-")}-${feature}-through-its-index`,
    comment: `Outside ${root}/features/${feature}/, the feature is used only through its index.`,
    severity: "error",
    from: { path: from, pathNot: `^${root}/features/${feature}/` },
    to: { path: `^${root}/features/${feature}/`, pathNot: `^${root}/features/${feature}/${index.replace(".", "\\.")}$` },
  }));

const boardRules = () =>
  [...BOARD_FEATURES, ...SHARED_BY_BOARDS].map((feature) => ({
    name: `board-${feature}-shares-through-shared-folders`,
    comment:
      "The board features depend on the order read model and courier stops, never on one another; those depend on none of them.",
    severity: "error",
    from: { path: `^server/features/${feature}/` },
    to: { path: `^server/features/(${BOARD_FEATURES.filter((other) => other !== feature).join("|")})/` },
  }));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No module reaches itself again through its imports, type-only ones included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      comment: "domain/ holds rules and contracts every layer runs: it imports nothing of ours outside itself.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(server|web|workers|drizzle|scripts|bench|tests)/" },
    },
    {
      name: "domain-through-its-alias",
      comment:
        "Outside domain/, the rules and contracts are imported as @domain/… (tsconfig paths), never by climbing ../ folders.",
      severity: "error",
      from: { pathNot: "^domain/" },
      to: { path: "^domain/", dependencyTypesNot: ["aliased-tsconfig"] },
    },
    {
      name: "domain-needs-only-zod",
      comment: "Pure rules run unchanged in Node and the browser: of packages, domain/ uses zod alone.",
      severity: "error",
      from: { path: "^domain/" },
      to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"], pathNot: "^node_modules/zod/" },
    },
    {
      name: "file-formats-know-no-feature",
      comment:
        "server/file-formats/ writes CSV, xlsx and zip from bytes for whoever asks: it knows the cells of domain/ and COPY's text, never a feature.",
      severity: "error",
      from: { path: "^server/file-formats/" },
      to: { path: "^(server/features|server/plugins|workers)/" },
    },
    {
      name: "routes-never-reach-a-repository",
      comment: "Routes stay thin: they call their service, and only services talk to the data layer.",
      severity: "error",
      from: { path: "^server/features/[^/]+/routes\\.ts$" },
      to: { path: "repository\\.ts$" },
    },
    {
      name: "web-http-only-in-api",
      comment:
        "A web feature's calls live in its api/ folder (one file per endpoint): screens never import the HTTP client, only saveFile's module-level helpers through api/.",
      severity: "error",
      from: { path: "^web/src/features/[^/]+/", pathNot: "^web/src/features/[^/]+/api/" },
      to: { path: "^web/src/api/http\\.ts$" },
    },
    {
      name: "web-stays-in-the-browser",
      comment: "The web reaches the server over HTTP only: never server/, workers/ or drizzle/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^(server|workers|drizzle)/" },
    },
    {
      name: "drizzle-below-server",
      comment: "The schema, migrations and seeds sit below the server and never import it.",
      severity: "error",
      from: { path: "^drizzle/" },
      to: { path: "^(server|workers)/" },
    },
    {
      name: "server-below-workers",
      comment:
        "Workers run server code; the server never imports workers/. Its process entry (server/main.ts) is the one exception: embedded, that process runs the jobs too, so it hands createRuntime the processors of workers/registry.ts.",
      severity: "error",
      from: { path: "^server/", pathNot: "^server/main\\.ts$" },
      to: { path: "^workers/" },
    },
    // Features, server plugins and workers reach a server feature through its index.ts.
    ...publicEntryRules("server", "^(server/features/|server/plugins/|workers/)", "index.ts"),
    ...publicEntryRules("web/src", "^web/src/features/", "index.tsx?"),
    ...boardRules(),
    {
      name: "sql-only-in-repositories",
      comment:
        "Only repositories and the database layer (server/db/, drizzle/) build SQL: the query builder, the tables and the drivers stay there.",
      severity: "error",
      from: {
        path: "^(server|workers|domain|web)/",
        pathNot: ["(^|/)repository\\.ts$", "-repository\\.ts$", "^server/db/"],
      },
      to: {
        path: ["^drizzle/schema/", "^node_modules/(drizzle-orm|postgres|@electric-sql/pglite)/"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)dist/", "^data/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
