/** What other features use of the order wizard: the order's submission, its receipt, the kept client directory. */
export { submitOrder, type SubmitOrderInput } from "./api/submit-order";
export { wizardKeys } from "./api/keys";
export { saveReceipt } from "./receipt-notice";
export { KeptClientDirectory } from "./kept-client-directory";
export { usePayMethods } from "./api/get-pay-methods";
