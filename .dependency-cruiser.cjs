/**
 * The layering of README's "Where things live", checked by `npm run check` (dependency-cruiser).
 * Type-only imports count for the boundaries (a type still couples the layers) but not for cycles
 * (they vanish at run time).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-runtime-cycle",
      comment: "No module reaches itself again through the imports that exist at run time.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "domain-is-pure",
      comment: "domain/ holds rules and contracts every layer runs: it imports nothing of ours outside itself.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(server|web|workers|drizzle|scripts|bench|tests)/" },
    },
    {
      name: "domain-needs-only-zod",
      comment: "Pure rules run unchanged in Node and the browser: of packages, domain/ uses zod alone.",
      severity: "error",
      from: { path: "^domain/" },
      to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"], pathNot: "^node_modules/zod/" },
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
    {
      name: "server-feature-public-entry",
      comment: "A server feature uses another only through that feature's index.ts.",
      severity: "error",
      from: { path: "^server/features/([^/]+)/" },
      to: {
        path: "^server/features/[^/]+/",
        pathNot: ["^server/features/$1/", "^server/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "web-feature-public-entry",
      comment: "A web feature uses another only through that feature's index.ts.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: {
        path: "^web/src/features/[^/]+/",
        pathNot: ["^web/src/features/$1/", "^web/src/features/[^/]+/index\\.tsx?$"],
      },
    },
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
