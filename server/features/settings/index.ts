/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/settings/0109-shipping-cost-changes.md
 */
// Settings the other features read: the cold chain the courier's 'Entregado' checks.
export { readColdChain } from "./cold-chain-repository";
