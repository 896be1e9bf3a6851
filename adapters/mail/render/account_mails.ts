/** The account mails, in the language of the page the request came from. */
import type { AccountMail } from "../../../domain/notifications/mail.ts";
import type { Words } from "../../i18n/words.ts";
import { bareLink, buttonLink, heading, paragraph } from "./blocks.ts";
import type { Written } from "./customer_mails.ts";

/** The subject and blocks of a password reset, a taken-address or an invitation mail. */
export function writeAccountMail(words: Words, shopName: string, mail: AccountMail): Written {
  const shop = { shop: shopName };
  if (mail.kind === "code_guessing") {
    // The owner's notice, in English like the admin area.
    return {
      subject: `${shopName}: discount codes are being guessed`,
      parts: [
        paragraph(
          `More than ${mail.limit} discount codes were refused in ${mail.minutes} minutes, ` +
            `from many connections (first passed at ${words.dateTime(mail.at)}). ` +
            `Someone may be guessing codes: until it calms down each connection may have only ` +
            `a couple of codes refused in ${mail.minutes} minutes.`,
        ),
        paragraph(
          "Codes that are short or common words are the easiest to guess: pause or end any " +
            "you suspect, and generate long ones for new offers.",
        ),
        buttonLink("Open the promotions", mail.deskUrl),
      ],
    };
  }
  if (mail.kind === "voucher_issued") {
    const values = {
      ...shop,
      name: mail.name,
      amount: words.lkr(mail.amountCents),
      date: words.date(mail.expiresOn),
    };
    return {
      subject: words.t("mail.voucher.subject", values),
      parts: [
        paragraph(words.t("mail.voucher.hello", values)),
        paragraph(words.t("mail.voucher.body", values)),
        ...(mail.message ? [paragraph(`“${mail.message}”`)] : []),
        heading(words.t("mail.voucher.codeHeading")),
        paragraph(mail.code),
        paragraph(words.t("mail.voucher.use", values)),
        buttonLink(words.t("mail.voucher.balance"), mail.balanceUrl),
      ],
    };
  }
  if (mail.kind === "email_verification") {
    return {
      subject: words.t("mail.verify.subject", shop),
      parts: [
        paragraph(words.t("mail.hello")),
        paragraph(words.t("mail.verify.body", { ...shop, hours: mail.hours })),
        bareLink(mail.link),
        paragraph(words.t("mail.verify.orders")),
        heading(words.t("mail.verify.notYou")),
        paragraph(words.t("mail.verify.ignore")),
      ],
    };
  }
  if (mail.kind === "welcome") {
    const values = { ...shop, name: mail.name, count: mail.joinedOrders };
    return {
      subject: words.t("mail.welcome.subject", shop),
      parts: [
        paragraph(words.t("mail.welcome.hello", values)),
        paragraph(words.t("mail.welcome.body", values)),
        ...(mail.joinedOrders > 0 ? [paragraph(words.t("mail.welcome.joined", values))] : []),
        buttonLink(words.t("mail.welcome.account"), mail.accountUrl),
      ],
    };
  }
  if (mail.kind === "staff_invitation") {
    const body = mail.role === "owner" ? "mail.invitation.bodyOwner" : "mail.invitation.bodyStaff";
    return {
      subject: words.t("mail.invitation.subject", shop),
      parts: [
        paragraph(words.t("mail.hello")),
        paragraph(words.t(body, { ...shop, days: mail.days })),
        bareLink(mail.link),
        paragraph(words.t("mail.invitation.once")),
        heading(words.t("mail.invitation.notYou")),
        paragraph(words.t("mail.invitation.ignore")),
      ],
    };
  }
  if (mail.kind === "password_reset") {
    return {
      subject: words.t("mail.reset.subject", shop),
      parts: [
        paragraph(words.t("mail.hello")),
        paragraph(words.t("mail.reset.body", shop)),
        bareLink(mail.link),
        paragraph(words.t("mail.reset.once")),
        heading(words.t("mail.reset.notYou")),
        paragraph(words.t("mail.reset.ignore")),
      ],
    };
  }
  return {
    subject: words.t("mail.taken.subject", shop),
    parts: [
      paragraph(words.t("mail.hello")),
      paragraph(words.t("mail.taken.body", shop)),
      paragraph(words.t("mail.taken.login")),
      bareLink(mail.loginUrl),
      paragraph(words.t("mail.taken.reset")),
      bareLink(mail.resetUrl),
      paragraph(words.t("mail.taken.notYou")),
    ],
  };
}
