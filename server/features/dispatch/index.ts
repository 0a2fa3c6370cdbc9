// The public entry of dispatch: what other features may use of it (.dependency-cruiser.cjs).
export { lockBoard, removePlacements } from "./repository";
