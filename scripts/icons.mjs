// @ts-check
/**
 * Draws the app's icons (web/public/icons/) from one SVG: a white snowflake on the brand
 * cyan (theme.ts: cyan shade 9). The maskable one keeps the drawing inside the central 80%.
 *
 *   node scripts/icons.mjs
 */
import sharp from "sharp";

const BRAND = "#0b7285";
/** @param {number} scale */
const flake = (scale) => {
  const arms = [0, 60, 120]
    .map(
      (a) =>
        `<g transform="rotate(${a} 256 256)"><line x1="256" y1="76" x2="256" y2="436"/>` +
        `<polyline points="206,116 256,156 306,116" fill="none"/><polyline points="206,396 256,356 306,396" fill="none"/></g>`,
    )
    .join("");
  return `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)" stroke="#fff" stroke-width="30" stroke-linecap="round" stroke-linejoin="round">${arms}</g>`;
};
/** @param {number} scale */
const svg = (scale) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="${BRAND}"/>${flake(scale)}</svg>`,
  );

const out = new URL("../web/public/icons/", import.meta.url).pathname;
await sharp(svg(0.9)).resize(192, 192).png().toFile(`${out}icon-192.png`);
await sharp(svg(0.9)).png().toFile(`${out}icon-512.png`);
await sharp(svg(0.65)).png().toFile(`${out}icon-maskable-512.png`);
await sharp(svg(0.9)).resize(180, 180).png().toFile(`${out}apple-touch-icon.png`);
