/** The shop's bank account for Bank Deposit orders, and where to send the receipt. */
import { nationalNumber } from "./address/phone.ts";

export interface BankDetails {
  bankName: string;
  bankBranch: string;
  accountName: string;
  accountNumber: string;
  whatsappNumber: string;
}

/** How the shop presents itself: footer, mails and order slips. */
export interface ShopInfo {
  name: string;
  /** Absolute base for links in mail and share metadata, without a trailing slash. */
  publicUrl: string;
  email: string;
  phones: [string, string];
  address: string;
  /** The number the shop answers on WhatsApp (`WHATSAPP_NUMBER`), as people write it. */
  whatsappNumber: string;
}

const INTERNATIONAL = /^(?:\+|00)([1-9]\d{7,14})$/;

/**
 * The number as WhatsApp addresses it: the country code and the number, digits only. A
 * Sri Lankan number may be written as at home (077 123 4567) or with its country code; any
 * other country's needs its code (+44 ..., 0044 ...). Undefined for text that is neither.
 *
 * @example whatsappDigits("+94 77 123 4567") // "94771234567"
 * @example whatsappDigits("077 123 4567") // "94771234567": the trunk 0 is not dialled from abroad
 * @example whatsappDigits("+44 20 7946 0000") // "442079460000"
 * @example whatsappDigits("77 123 4567") // undefined
 */
export function whatsappDigits(number: string): string | undefined {
  const national = nationalNumber(number);
  if (national) return `94${national}`;
  return INTERNATIONAL.exec(number.trim().replace(/[\s()-]/g, ""))?.[1];
}

/**
 * The number as people read it: a Sri Lankan one as +94 77 123 4567 (however it was typed,
 * 94771234567 too), any other with its + and country code; text that is no number as given.
 *
 * @example whatsappShown("94771234567") // "+94 77 123 4567"
 * @example whatsappShown("0112 345 678") // "+94 11 234 5678"
 */
export function whatsappShown(number: string): string {
  const digits = whatsappDigits(number) ?? whatsappDigits(`+${number.trim()}`);
  if (!digits) return number;
  if (digits.startsWith("94") && digits.length === 11) {
    const n = digits.slice(2);
    return `+94 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
  }
  return `+${digits}`;
}

/**
 * The link that opens a chat with the number in WhatsApp (the app on a phone, WhatsApp Web
 * elsewhere), or undefined when the number is not one WhatsApp can reach.
 *
 * @example whatsappChatUrl("+94 77 123 4567") // "https://wa.me/94771234567"
 */
export function whatsappChatUrl(number: string): string | undefined {
  const digits = whatsappDigits(number);
  return digits && `https://wa.me/${digits}`;
}

/**
 * Where the shop serves the QR code of that chat link: the number is in the address, so a
 * browser or a cache never keeps the picture of a number the shop no longer uses.
 *
 * @example whatsappQrPath("+94 77 123 4567") // "/qr/whatsapp-94771234567.svg"
 */
export function whatsappQrPath(number: string): string | undefined {
  const digits = whatsappDigits(number);
  return digits && `/qr/whatsapp-${digits}.svg`;
}
