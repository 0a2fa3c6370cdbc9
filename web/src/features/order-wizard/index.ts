/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/order-wizard/0017-back-from-pick-up.md
 * - docs/decisions/order-wizard/0022-cart-drawer-on-phones.md
 * - docs/decisions/order-wizard/0023-cart-quantities-settled-on-leave.md
 * - docs/decisions/order-wizard/0063-live-prices-on-screen.md
 * - docs/decisions/order-wizard/0065-live-stock-on-screen.md
 * - docs/decisions/order-wizard/0066-low-stock-panel.md
 * - docs/decisions/order-wizard/0074-no-surprise-at-confirm.md
 * - docs/decisions/order-wizard/0090-product-claims-in-the-wizard.md
 * - docs/decisions/order-wizard/0093-products-load-failure-message.md
 * - docs/decisions/order-wizard/0097-receipt-download-failure.md
 * - docs/decisions/order-wizard/0103-repeat-last-order.md
 * - docs/decisions/order-wizard/0111-stock-editors.md
 * - docs/decisions/order-wizard/0123-wizard-back-links.md
 * - docs/decisions/order-wizard/0147-counting-taps.md
 * - docs/decisions/order-wizard/0151-quick-order.md
 */
/** What other features use of the order wizard: the order's submission, its receipt, the kept client directory. */
export { submitOrder, type SubmitOrderInput } from "./api/submit-order";
export { wizardKeys } from "./api/keys";
export { saveReceipt } from "./receipt-notice";
export { KeptClientDirectory } from "./kept-client-directory";
export { usePayMethods } from "./api/get-pay-methods";
