import type { OrderDetail } from "@domain/contracts/orders";
import { receiptLines } from "@domain/receipt";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A receipt image of the order, as the web downloads it after confirming (SPEC.md §7). */
export async function renderReceipt(order: OrderDetail): Promise<Buffer> {
  const lines = receiptLines(order);
  const height = 40 + lines.length * 28;
  const text = lines.map((line, i) => `<text x="24" y="${44 + i * 28}">${escapeHtml(line)}</text>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans, Arial, sans-serif" font-size="18" fill="#111">${text}</g></svg>`;
  // Loaded on the first receipt, not at every start.
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg)).png().toBuffer();
}
