/** What other features use of the order wizard: the order's submission and its receipt. */
export { submitOrder, type SubmitOrderInput } from "./api/submit-order";
export { wizardKeys } from "./api/keys";
export { saveReceipt } from "./receipt-notice";
