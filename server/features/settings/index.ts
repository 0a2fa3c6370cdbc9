/**
 * Settings: shipping cost per zone (repository.ts) and the cold chain at delivery
 * (cold-chain-repository.ts, rule in domain/cold-chain.ts).
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/settings/0109-shipping-cost-changes.md
 */
// Settings the other features read: the cold chain the courier's 'Entregado' checks.
export { readColdChain } from "./cold-chain-repository";
