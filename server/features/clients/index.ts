// The public entry of clients: what other features may use of it (.dependency-cruiser.cjs).
export { findClient, listShipments } from "./repository";
export { CLIENT_NOT_FOUND } from "./service";
