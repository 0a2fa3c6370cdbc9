/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/deploy/0035-deploy-command.md
 */
// The public entry of deploy: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { finishDeploy } from "./repository";
