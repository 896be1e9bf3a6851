/** What the shop's mails say: the typed model, decided from an order or an account request. */
export type * from "./mail.ts";
export { orderFacts, orderMail, type OrderMailContext, orderPageUrl } from "./order_mail.ts";
export {
  ACCOUNT_MAIL_KINDS,
  type AccountMailKind,
  passwordResetMail,
  readStoredAccountMail,
  registrationTakenMail,
  storedAccountMail,
} from "./account_mail.ts";
