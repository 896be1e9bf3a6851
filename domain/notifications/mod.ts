/** The shop's mails, rendered from an order: pure functions, no I/O. */
export { passwordResetMail, registrationAttemptMail } from "./account_mails.ts";
export { checkoutMail } from "./checkout_mail.ts";
export { completionMail } from "./completion_mail.ts";
export {
  lapseMail,
  orderLinkMail,
  paymentReceivedMail,
  rejectionMail,
  shopNewOrderMail,
  shopProofMail,
} from "./order_mails.ts";
export { escapeHtml, itemTypeLabel, paymentLabel, singleLine } from "./format.ts";
export { DELIVERY_PROMISE, PREORDER_PROMISE } from "./layout.ts";
