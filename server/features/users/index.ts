// The public entry of users: what other features may use of it (.dependency-cruiser.cjs).
export { reencodeImage } from "./image";
