const loaded = (link: HTMLLinkElement) =>
  link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener("load", () => resolve(), { once: true });
        link.addEventListener("error", () => resolve(), { once: true });
      });

/**
 * Waits for the stylesheets the built page loads without holding its first paint
 * (web/vite.config.ts, stylesheetsAfterFirstPaint) and applies them to the screen, so no
 * screen renders unstyled.
 */
export async function applyDeferredStylesheets() {
  const links = [...document.querySelectorAll<HTMLLinkElement>("link[data-deferred-stylesheet]")];
  await Promise.all(links.map(loaded));
  for (const link of links) link.media = "all";
}
