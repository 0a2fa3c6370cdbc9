// The public entry of preparation: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { startPreparationSweeper } from "./sweep";
