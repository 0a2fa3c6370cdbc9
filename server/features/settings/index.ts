// Settings the other features read: the cold chain the courier's 'Entregado' checks.
export { readColdChain } from "./cold-chain-repository";
