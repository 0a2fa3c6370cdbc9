import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every path the project names for its readers — a decision record in a comment, a test a
 * record cites, a relative link in a page — leads to a file that exists: a pointer left behind
 * by a move or a deletion sends a newcomer nowhere (issue 40).
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["bench", "docs", "domain", "drizzle", "scripts", "server", "tests", "web/src", "workers"];
const SKIPPED = /(^|\/)(node_modules|dist|meta)(\/|$)/;
const READ = /\.(ts|tsx|mjs|cjs|md|sql)$/;
/** A repository path written out: a known top folder, then a file with an extension. */
const NAMED_PATH =
  /(?<![\w/.-])(?:docs|server|domain|web\/src|workers|scripts|bench|tests|drizzle|patches)\/[\w./-]+\.(?:md|ts|tsx|mjs|cjs|sql|json|patch)\b/g;
/** A page named by its file name alone (`other-record.md`), which must then be beside the page;
 * upper-case names (SPEC.md, DESIGN.md) are the shared specs outside the repository. */
const BARE_PAGE = /(?<![\w/.([-])([a-z0-9][a-z0-9-]*\.md)\b/g;
/** A Markdown link to a file beside the page (not a web address nor an anchor alone). */
const RELATIVE_LINK = /\]\(([^)#:\s]+)(?:#[^)]*)?\)/g;

function sources(): string[] {
  const top = readdirSync(ROOT).filter((name) => name.endsWith(".md"));
  const nested = FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && READ.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
      .filter((path) => !SKIPPED.test(path)),
  );
  return [...top, ...nested];
}

function brokenPointers(): string[] {
  const broken: string[] = [];
  for (const file of sources()) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const [path] of text.matchAll(NAMED_PATH)) if (!existsSync(join(ROOT, path))) broken.push(`${file}: ${path}`);
    if (!file.endsWith(".md")) continue;
    for (const [, page] of text.matchAll(BARE_PAGE))
      if (!existsSync(join(ROOT, dirname(file), page!))) broken.push(`${file}: ${page}`);
    for (const [, link] of text.matchAll(RELATIVE_LINK))
      if (!existsSync(join(ROOT, dirname(file), link!))) broken.push(`${file}: ${link}`);
  }
  return broken;
}

/**
 * The decision records (docs/decisions/README.md says the scheme): each filed under a feature's
 * name, numbered once, with a status line, listed in the index and named by its feature's entry
 * file. Each problem is one sentence saying what to fix.
 */
const DECISIONS = "docs/decisions";
/** Folders for what no single feature owns. */
const CROSS_CUTTING = ["platform", "realtime", "ui"];
const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const STATUS = /^Status: (?:accepted|superseded by \[(\d{4})\]\(([^)\s]+)\))$/;

/** What is wrong with one record's text: its title, then its status line (line 3). */
function recordTextProblems(path: string, text: string): string[] {
  const lines = text.split("\n");
  if (!lines[0]?.startsWith("# ")) return [`${path} does not start with its title ('# …')`];
  const status = lines[2] ?? "";
  const match = STATUS.exec(status);
  if (lines[1] !== "" || !match)
    return [
      `${path} has no status line: line 3 must be 'Status: accepted' or 'Status: superseded by [NNNN](../feature/NNNN-….md)'`,
    ];
  const [, by, link] = match;
  if (by === undefined || link === undefined) return [];
  const target = join(dirname(path), link);
  if (!existsSync(join(ROOT, target)) || !basename(target).startsWith(`${by}-`))
    return [`${path} is superseded by ${by}, but its link ${link} is not record ${by}`];
  return [];
}

/** Whose header lists a feature's records: the server's index.ts (else routes.ts), the web's index.ts. */
function featureEntries(feature: string): string[] {
  const exists = (path: string) => existsSync(join(ROOT, path));
  const server = [`server/features/${feature}/index.ts`, `server/features/${feature}/routes.ts`].find(exists);
  return [server, `web/src/features/${feature}/index.ts`].filter((path): path is string => !!path && exists(path));
}

function decisionProblems(): string[] {
  const problems: string[] = [];
  const indexLines = readFileSync(join(ROOT, DECISIONS, "README.md"), "utf8").split("\n");
  const numbers = new Map<string, string>();
  const features = new Set(
    ["server/features", "web/src/features"].flatMap((folder) => readdirSync(join(ROOT, folder))),
  );
  for (const entry of readdirSync(join(ROOT, DECISIONS), { withFileTypes: true })) {
    const folder = `${DECISIONS}/${entry.name}`;
    if (entry.isFile()) {
      if (entry.name !== "README.md")
        problems.push(`${folder} is not filed under a feature: move it to ${DECISIONS}/<feature>/NNNN-${entry.name}`);
      continue;
    }
    const crossCutting = CROSS_CUTTING.includes(entry.name);
    if (!crossCutting && !features.has(entry.name))
      problems.push(`${folder}/ is named after no folder of server/features/ or web/src/features/`);
    const entries = crossCutting ? [] : featureEntries(entry.name);
    const entryTexts = entries.map((path) => readFileSync(join(ROOT, path), "utf8"));
    for (const name of readdirSync(join(ROOT, folder))) {
      const path = `${folder}/${name}`;
      const number = RECORD_NAME.exec(name)?.[1];
      if (number === undefined) {
        problems.push(`${path} is not named NNNN-short-title.md (the next free number, lower case)`);
        continue;
      }
      const other = numbers.get(number);
      if (other) problems.push(`${path} and ${other} share the number ${number}`);
      numbers.set(number, path);
      const text = readFileSync(join(ROOT, path), "utf8");
      problems.push(...recordTextProblems(path, text));
      const line = indexLines.find((candidate) => candidate.startsWith(`- [${number}](${entry.name}/${name}) `));
      const status = STATUS.exec(text.split("\n")[2] ?? "");
      if (!line)
        problems.push(
          `${path} is not in the index: add '- [${number}](${entry.name}/${name}) <title> — <status>' under '## ${entry.name}' in ${DECISIONS}/README.md`,
        );
      else if (status) {
        const said = status[1] === undefined ? "accepted" : `superseded by [${status[1]}]`;
        if (!line.includes(`— ${said}`))
          problems.push(`${DECISIONS}/README.md does not give ${path} its status: its line must say '— ${said}'`);
      }
      if (entries.length > 0 && !entryTexts.some((text) => text.includes(path)))
        problems.push(`${path} is not named in the header comment of ${entries.join(" or ")}`);
    }
  }
  return problems;
}

describe("pointers to the project's own files", () => {
  it("every path named in code, tests and pages exists", () => {
    expect(brokenPointers()).toEqual([]);
  });

  it("finds a pointer that leads nowhere (the check reads what it should)", () => {
    // Spelled in parts, so this file itself names no missing path.
    const missing = ["docs", "decisions", "no-such-record.md"].join("/");
    expect(`see ${missing} for why`.match(NAMED_PATH)).toEqual([missing]);
    expect([..."[the record](other-record.md#why)".matchAll(RELATIVE_LINK)].map((m) => m[1])).toEqual([
      "other-record.md",
    ]);
    expect([..."as `login-throttle.md` says; see SPEC.md".matchAll(BARE_PAGE)].map((m) => m[1])).toEqual([
      "login-throttle.md",
    ]);
    expect(sources()).toContain("README.md");
    expect(sources()).toContain("docs/decisions/accounts/0164-client-accounts.md");
  });
});

describe("decision records", () => {
  it("are filed by feature, numbered once, with a status line, in the index and in their feature's header", () => {
    expect(decisionProblems()).toEqual([]);
  });

  it("names a record with no status line or a wrong superseding link (the check reads what it should)", () => {
    const path = `${DECISIONS}/orders/0001-x.md`;
    expect(recordTextProblems(path, "# A title\n\nStatus: accepted\n")).toEqual([]);
    expect(recordTextProblems(path, "# A title\n\n## Context\n")).toEqual([
      `${path} has no status line: line 3 must be 'Status: accepted' or 'Status: superseded by [NNNN](../feature/NNNN-….md)'`,
    ]);
    const wrong = "# A title\n\nStatus: superseded by [0002](../orders/0003-y.md)\n";
    expect(recordTextProblems(path, wrong)).toEqual([
      `${path} is superseded by 0002, but its link ../orders/0003-y.md is not record 0002`,
    ]);
  });
});
