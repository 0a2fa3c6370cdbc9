// The public entry of products: what other features may use of it (.dependency-cruiser.cjs).
export { findProduct, listProducts, saleTypes } from "./repository";
export { toProduct } from "./serialize";
