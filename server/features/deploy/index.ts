// The public entry of deploy: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { finishDeploy } from "./repository";
