/** SPEC.md §7: a product claim goes into the order's notes as 'product name: value', once. */
export function withProductClaim(notes: string, productName: string, claim: string): string {
  const line = `${productName}: ${claim}`;
  if (notes.split("\n").includes(line)) return notes;
  return notes ? `${notes}\n${line}` : line;
}
