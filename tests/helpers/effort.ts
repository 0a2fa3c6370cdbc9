import type { BrowserContext, Page } from "playwright-core";

/**
 * What a seller's hands do to take an order, counted by the page itself from the events Chromium
 * delivers (docs/decisions/order-wizard/0147-counting-taps.md):
 * - a tap is every press of the screen (a button, a row, an option, the tap that focuses a field)
 *   and every press of the keyboard's Enter or Tab (the phone keyboard's 'Ir' / 'Siguiente');
 * - a typed field is a field that receives typed text while focused, once per focus;
 * - characters are what was typed (or deleted), for the time at a trained pace.
 */
export interface Effort {
  taps: number;
  typedFields: number;
  characters: number;
  /** What each tap pressed and each typed field took, in order: the path, readable. */
  steps: string[];
}

/** Seconds at a trained pace: 0.7 s a tap, 4 characters a second (issue 32). */
export const trainedSeconds = (effort: Effort) => effort.taps * 0.7 + effort.characters / 4;

export const describeEffort = (effort: Effort) =>
  `${effort.taps} taps, ${effort.typedFields} typed fields, ${effort.characters} characters: ` +
  `${trainedSeconds(effort).toFixed(1)} s at a trained pace`;

const KEY = "frio-effort";

/** Runs in every document before the app: the count lives in sessionStorage, so a reload keeps it. */
function countInPage(key: string) {
  const load = (): Effort =>
    JSON.parse(sessionStorage.getItem(key) ?? "null") ?? { taps: 0, typedFields: 0, characters: 0, steps: [] };
  const bump = (change: (e: Effort) => void) => {
    const effort = load();
    change(effort);
    sessionStorage.setItem(key, JSON.stringify(effort));
  };
  /** The pressed element's own text, else its field's label or the nearest name around it. */
  const nameOf = (target: EventTarget | null) => {
    const element = target instanceof Element ? target : null;
    const named = element?.closest("[aria-label], label, button, [role=option], a, input");
    const text =
      (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : element?.textContent) ||
      named?.getAttribute("aria-label") ||
      named?.textContent ||
      element?.tagName ||
      "?";
    return text.trim().replace(/\s+/g, " ").slice(0, 40);
  };
  const record = (step: string | null, change: (e: Effort) => void) =>
    bump((e) => {
      change(e);
      if (step) e.steps.push(step);
    });
  const isTextField = (target: EventTarget | null) =>
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !["radio", "checkbox", "button", "submit"].includes(target.type));
  let typedIn: EventTarget | null = null;
  const options = { capture: true };
  addEventListener(
    "pointerdown",
    (event) => {
      if (event.isTrusted && event.isPrimary) record(`tap ${nameOf(event.target)}`, (e) => e.taps++);
    },
    options,
  );
  addEventListener(
    "keydown",
    (event) => {
      if (event.isTrusted && (event.key === "Enter" || event.key === "Tab")) record(event.key, (e) => e.taps++);
    },
    options,
  );
  addEventListener(
    "focusin",
    () => {
      typedIn = null;
    },
    options,
  );
  addEventListener(
    "input",
    (event) => {
      if (!event.isTrusted || !isTextField(event.target)) return;
      const first = typedIn !== event.target;
      typedIn = event.target;
      record(first ? `type into ${nameOf(event.target)}` : null, (e) => {
        e.characters += (event as InputEvent).data?.length ?? 1;
        if (first) e.typedFields++;
      });
    },
    options,
  );
}

/** Counts from the next document on, in every page of the context. */
export const countEffort = (context: BrowserContext) => context.addInitScript(countInPage, KEY);

/** The count so far in this page's tab, then starts it again at zero. */
export async function takeEffort(page: Page): Promise<Effort> {
  return page.evaluate((key) => {
    const effort = JSON.parse(sessionStorage.getItem(key) ?? "null");
    sessionStorage.removeItem(key);
    return effort ?? { taps: 0, typedFields: 0, characters: 0, steps: [] };
  }, KEY);
}
