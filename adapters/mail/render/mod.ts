/**
 * How the shop's mails look: the domain decides what a mail says (`Mail`), this adapter
 * writes it out in its language as a subject, a plain-text body and an HTML body, from
 * the words under "mail." in messages/*.json.
 */
import type { Mail, MailMessage, MailRenderer } from "../../../domain/notifications/mail.ts";
import type { ShopInfo } from "../../../domain/shop.ts";
import { wordsFor } from "../../i18n/words.ts";
import { writeAccountMail } from "./account_mails.ts";
import { composeMail, singleLine } from "./blocks.ts";
import { writeCustomerMail, type Written } from "./customer_mails.ts";
import {
  writeOrdersDigest,
  writeProofsDigest,
  writeShopMail,
  writeTextBudget,
} from "./shop_mails.ts";
import { writeStockAlertMail } from "./stock_alert_mails.ts";

/** A mail written out in its language. */
export function renderMail(mail: Mail, shop: ShopInfo): MailMessage {
  const words = wordsFor(mail.language);
  let written: Written;
  switch (mail.kind) {
    case "password_reset":
    case "registration_taken":
    case "staff_invitation":
    case "code_guessing":
    case "voucher_issued":
    case "email_verification":
    case "welcome":
      written = writeAccountMail(words, shop.name, mail);
      break;
    case "shop_order_placed":
    case "shop_proof_uploaded":
      written = writeShopMail(words, shop.name, mail);
      break;
    case "shop_proofs_digest":
      written = writeProofsDigest(words, shop.name, mail);
      break;
    case "shop_orders_digest":
      written = writeOrdersDigest(words, shop.name, mail);
      break;
    case "shop_text_budget":
      written = writeTextBudget(shop.name, mail);
      break;
    case "back_in_stock":
      written = writeStockAlertMail(words, shop.name, mail);
      break;
    default:
      written = writeCustomerMail(words, shop, mail);
  }
  return {
    to: singleLine(mail.to),
    subject: singleLine(written.subject),
    ...composeMail(words, shop, written.parts),
    // A mail a shopper asked for may be stopped from the mail program (RFC 8058).
    ...(mail.kind === "back_in_stock" ? { listUnsubscribe: mail.unsubscribeUrl } : {}),
  };
}

/** The shop's mail renderer: intl-messageformat over the shop's catalogues. */
export class MessageFormatMailRenderer implements MailRenderer {
  constructor(private readonly shop: ShopInfo) {}

  render(mail: Mail): MailMessage {
    return renderMail(mail, this.shop);
  }
}
