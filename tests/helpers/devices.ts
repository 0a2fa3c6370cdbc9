import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, Request } from "playwright-core";

/** The devices Frío's people hold: the seller's phone, the preparer's tablet, the office desktop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Horizontal overflow of the whole page, in px (0 when nothing scrolls sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/** The axe-core @axe-core/playwright itself injects (it may pin another version than ours). */
const require = createRequire(import.meta.url);
const AXE_SOURCE: string = createRequire(require.resolve("@axe-core/playwright"))("axe-core").source;
/** Stands in for that source once axe-core is in the page; a frame without it fails loudly. */
const AXE_PRESENT = "if (!window.axe) throw new Error('axe-core is missing from this frame');";

/**
 * Puts axe-core in every document of the context as it starts, so analyses never send it again:
 * each send of its 0.55 MB through the protocol costs 0.25–0.8 s, while compiling it costs ~10 ms.
 */
export const preloadAxe = (context: BrowserContext) => context.addInitScript(AXE_SOURCE);

/** Sends axe-core to the frames that lack it, once per document. */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => "axe" in window).catch(() => frame !== page.mainFrame());
    if (!present) await frame.evaluate(AXE_SOURCE);
  }
}

/**
 * axe-core's critical and serious findings, one readable line each.
 * Legacy mode runs axe.run in the page instead of runPartial there plus finishRun in a new blank page
 * (another page and another send of the source, ~1.5 s a run): the same rules and results, only
 * cross-origin frames go unchecked, and Frío's CSP allows none (frame-src 'self'). `resultTypes` keeps
 * every violating node but only one node of each pass, which spares describing and sending back
 * 100–300 kB of passes nobody reads.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return axeViolations(page, ["critical", "serious"]);
}

/** axe-core's findings of the given impacts (critical, serious, moderate, minor), one readable line each. */
export async function axeViolations(page: Page, impacts: readonly string[]): Promise<string[]> {
  // A notice or dialog still fading in is read at part opacity, as low contrast: axe reads a still screen.
  await settled(page);
  await injectAxe(page);
  const result = await new AxeBuilder({ page, axeSource: AXE_PRESENT })
    .options({ resultTypes: ["violations"] }) // before withTags: options() replaces what withTags sets
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode()
    .analyze();
  return result.violations
    .filter((v) => impacts.includes(v.impact ?? ""))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    );
}

/**
 * Problems of the page's outline as a screen reader lists it: exactly one h1, and no heading more
 * than one level below the one before it (an h1 then an h3, or a page opening on an h2). Headings
 * nobody sees (display: none, hidden from assistive technology) do not count.
 */
export const headingProblems = (page: Page) =>
  page.evaluate(() => {
    const shown = (e: Element) => !e.closest("[aria-hidden=true], [hidden], [inert]") && e.getClientRects().length > 0;
    const headings = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")]
      .filter(shown)
      .map((e) => ({
        level: Number(e.getAttribute("aria-level") ?? e.tagName.slice(1)),
        text: (e.textContent ?? "").trim().slice(0, 40),
      }));
    const problems: string[] = [];
    const h1 = headings.filter((h) => h.level === 1).length;
    if (h1 !== 1) problems.push(`${h1} h1`);
    let previous = 0;
    for (const { level, text } of headings) {
      if (level > previous + 1) problems.push(`h${level} '${text}' after h${previous}`);
      previous = level;
    }
    return problems;
  });

/** Problems of the page's landmarks: exactly one h1 and one main. */
export async function landmarkProblems(page: Page): Promise<string[]> {
  const { h1, main } = await page.evaluate(() => ({
    h1: [...document.querySelectorAll("h1")].filter(
      (e) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === "fixed",
    ).length,
    main: document.querySelectorAll("main, [role=main]").length,
  }));
  return [...(h1 === 1 ? [] : [`${h1} h1`]), ...(main === 1 ? [] : [`${main} main`])];
}

/**
 * Waits until no transition runs and the dialogs, fully opaque, hold still for two frames. A
 * dialog's opening transition may start a frame or two after it is in the page: until then
 * nothing runs and nothing moves, yet it is still transparent, which axe reads as low contrast.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const opacity = (e: Element | null): number =>
      e ? Number(getComputedStyle(e).opacity) * opacity(e.parentElement) : 1;
    const dialogs = () => [...document.querySelectorAll("[role=dialog]")];
    const where = () => JSON.stringify(dialogs().map((e) => e.getBoundingClientRect()));
    // A loader's spin never ends: only transitions and animations that end are waited for.
    const ending = () => document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    let last = "";
    // About 5 s of frames at most: a dialog that never settles is then measured as it is.
    for (let frame = 0; frame < 300; frame++) {
      await Promise.all(ending().map((a) => a.finished.catch(() => undefined)));
      await new Promise(requestAnimationFrame);
      const now = where();
      if (now === last && dialogs().every((e) => opacity(e) === 1) && !ending().length) return;
      last = now;
    }
  });
}

/**
 * Playwright's "networkidle" (no request for 500 ms) counting http(s) requests only: the request of a worker
 * started from a blob: URL (ALTCHA's proof of work on /register-request) may never report its end, and
 * networkidle then never comes. Start it before the navigation, await `quiet()`, then `stop()`.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const begin = (request: Request) => {
    if (!/^https?:/.test(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("request", begin);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    async quiet(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const calm = inFlight.size === 0 ? Date.now() - lastChange : 0;
        if (calm >= quietMs) return;
        if (Date.now() > deadline) {
          throw new Error(
            `requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(", ")}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, inFlight.size === 0 ? quietMs - calm : 50));
      }
    },
    stop() {
      page.off("request", begin);
      page.off("requestfinished", end);
      page.off("requestfailed", end);
    },
  };
}

/** Whether the open dialog lies inside the viewport with a visible, named close button. */
export async function dialogProblems(page: Page): Promise<string[]> {
  const dialog = page.getByRole("dialog").last();
  await dialog.waitFor();
  // Measured once its opening transition has ended.
  await settled(page);
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  const problems: string[] = [];
  if (box.x < -1 || box.y < -1 || box.x + box.width > viewport.width + 1)
    problems.push(`dialog at x=${box.x} w=${box.width} in ${viewport.width}`);
  const close = dialog.getByRole("button", { name: "Cerrar", exact: true }).first();
  if (!(await close.isVisible())) problems.push("no visible 'Cerrar' button");
  else {
    const c = (await close.boundingBox())!;
    if (c.x < 0 || c.y < 0 || c.x + c.width > viewport.width || c.y + c.height > viewport.height)
      problems.push("close button off screen");
  }
  return problems;
}

/** WCAG relative-luminance contrast of two CSS colours (rgb/rgba strings). */
export function contrastRatio(foreground: string, background: string): number {
  const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = (css: string) => {
    const [r, g, b] = channels(css).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [a, b] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

/**
 * Texts inside `scope` that do not show whole: cut by their own box, pushed past a box that
 * clips them or past the screen, and tables wider than their holder. Each as '<text> (why)'.
 */
export const cutTexts = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const cut: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const element = node.parentElement;
        if (!text || !element || element.closest("[aria-hidden=true], .mantine-VisuallyHidden-root")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (!box.width) continue;
        if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible")
          cut.push(`${text} (cut by its box)`);
        // Whatever clips it on the way up (a scroll container, a card hiding overflow), inside its padding.
        for (let up = element.parentElement; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === "visible") continue;
          const clip = up.getBoundingClientRect();
          const right = clip.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
          const left = clip.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
          if (box.right > right + 1 || box.left < left - 1) cut.push(`${text} (past its container)`);
          break;
        }
        if (box.right > window.innerWidth + 1) cut.push(`${text} (past the screen)`);
      }
      // A table wider than the box holding it scrolls or spills: its last column is cut.
      for (const table of root.querySelectorAll("table")) {
        const holder = table.parentElement!;
        const style = getComputedStyle(holder);
        const inner = holder.getBoundingClientRect().right - parseFloat(style.paddingRight);
        if (table.getBoundingClientRect().right > inner + 1 || holder.scrollWidth > holder.clientWidth + 1)
          cut.push(`table '${table.getAttribute("aria-label")}' wider than its box`);
      }
    }
    return cut;
  }, scope);

/** Texts inside `scope` that run onto a second line ('#13' above '0'): for cells that must read in one piece. */
export const wrappedTexts = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const wrapped: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) wrapped.push(node.textContent.trim());
      }
    }
    return wrapped;
  }, scope);
