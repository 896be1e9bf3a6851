import type { MailMessage } from "../ports.ts";
import type { ShopInfo } from "../shop.ts";
import { singleLine } from "./format.ts";
import { composeMail, heading, type MailPart, paragraph } from "./layout.ts";

/** A link as its own paragraph, so that mail clients show it whole and make it clickable. */
function linkPart(url: string): MailPart {
  const safe = url.replace(/"/g, "%22");
  return {
    html: `<p style="margin:0 0 12px"><a href="${safe}" style="color:#0b5394">${
      safe.replace(/&/g, "&amp;").replace(/</g, "&lt;")
    }</a></p>`,
    text: url,
  };
}

/**
 * The mail sent to an address someone tried to register again: the shop answers that
 * registration as if it were new (a stranger learns nothing), and tells the owner here.
 */
export function registrationAttemptMail(email: string, shop: ShopInfo): MailMessage {
  const base = shop.publicUrl.replace(/\/+$/, "");
  const parts = [
    paragraph("Hello,"),
    paragraph(
      `Someone tried to open a new ${shop.name} account with this e-mail address. ` +
        `You already have an account, so nothing was changed.`,
    ),
    paragraph("If it was you, log in here:"),
    linkPart(`${base}/login`),
    paragraph("Forgot your password? Ask for a new one here:"),
    linkPart(`${base}/reset-password`),
    paragraph("If it was not you, you need not do anything: your account is as it was."),
  ];
  return {
    to: singleLine(email),
    subject: singleLine(`${shop.name}: you already have an account`),
    ...composeMail(shop, parts),
  };
}

/** The password reset mail: a single-use link valid for one hour. */
export function passwordResetMail(
  email: string,
  link: string,
  shop: ShopInfo,
): MailMessage {
  const parts = [
    paragraph("Hello,"),
    paragraph(
      `We received a request to set a new password for your ${shop.name} account. ` +
        `Open this link within one hour to choose one:`,
    ),
    linkPart(link),
    paragraph(
      "The link works once. Setting a new password signs you out everywhere you were " +
        "signed in.",
    ),
    heading("Did not ask for this?"),
    paragraph("Then ignore this mail: your password stays as it is."),
  ];
  return {
    to: singleLine(email),
    subject: singleLine(`${shop.name}: set a new password`),
    ...composeMail(shop, parts),
  };
}
