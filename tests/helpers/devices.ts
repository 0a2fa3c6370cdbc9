import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

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

/** axe-core's critical and serious findings, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
}

/** Problems of the page's landmarks: exactly one h1 and one main. */
export async function landmarkProblems(page: Page): Promise<string[]> {
  const { h1, main } = await page.evaluate(() => ({
    h1: [...document.querySelectorAll("h1")].filter((e) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === "fixed").length,
    main: document.querySelectorAll("main, [role=main]").length,
  }));
  return [...(h1 === 1 ? [] : [`${h1} h1`]), ...(main === 1 ? [] : [`${main} main`])];
}

/** Waits until no transition runs and the dialogs hold still for two frames. */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const where = () => JSON.stringify([...document.querySelectorAll("[role=dialog]")].map((e) => e.getBoundingClientRect()));
    let last = "";
    for (;;) {
      await new Promise(requestAnimationFrame);
      const now = where();
      if (now === last) return;
      last = now;
    }
  });
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
  if (box.x < -1 || box.y < -1 || box.x + box.width > viewport.width + 1) problems.push(`dialog at x=${box.x} w=${box.width} in ${viewport.width}`);
  const close = dialog.getByRole("button", { name: "Cerrar", exact: true }).first();
  if (!(await close.isVisible())) problems.push("no visible 'Cerrar' button");
  else {
    const c = (await close.boundingBox())!;
    if (c.x < 0 || c.y < 0 || c.x + c.width > viewport.width || c.y + c.height > viewport.height) problems.push("close button off screen");
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
