/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/products/0091-product-delete-is-soft.md
 * - docs/decisions/products/0092-product-edit-dialog-failures.md
 * - docs/decisions/products/0096-read-only-catalogue.md
 */
// The public entry of products: what other features may use of it (.dependency-cruiser.cjs).
export { findProduct, listProducts, saleTypes } from "./repository";
export { toProduct } from "./serialize";
