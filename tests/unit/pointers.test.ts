import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
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
    for (const [, link] of text.matchAll(RELATIVE_LINK))
      if (!existsSync(join(ROOT, dirname(file), link!))) broken.push(`${file}: ${link}`);
  }
  return broken;
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
    expect(sources()).toContain("README.md");
    expect(sources()).toContain("docs/decisions/client-accounts.md");
  });
});
