/**
 * Who uses a "one per customer" code, as far as the shop can tell: one person across the
 * spellings of one e-mail address (any case, a `+tag`, the dots of a Gmail address, the
 * googlemail.com domain), across the spellings of one phone number (0 77…, +94 77…, 0094 …,
 * spaces and hyphens), and across orders to the same name and delivery address whatever the
 * e-mail and phone (an attack used made-up numbers and Gmail variants from one address with
 * one name and delivery address). Each mark is kept hashed; a code's uses per customer are
 * counted under every mark its order carries, so any one of them shared means one person.
 */
import { type MarkMaker, sha256Mark } from "../sha256.ts";
import { nationalNumber } from "../address/phone.ts";

/** Mail providers whose addresses ignore the dots of the local part. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * One e-mail address however it is spelt: lower case, without a `+tag`, and for Gmail without
 * the dots of the local part and under gmail.com.
 *
 * @example canonicalEmail(" Nimali.Perera+shop2@GoogleMail.com ") // "nimaliperera@gmail.com"
 * @example canonicalEmail("Kamal+1@example.lk") // "kamal@example.lk"
 */
export function canonicalEmail(email: string): string {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at <= 0) return text;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * One phone number however it is spelt: a Sri Lankan number's nine national digits (0 77…,
 * +94 77…, 0094 77…, 94 77…), else its digits alone.
 *
 * @example canonicalPhone("+94 (0)77 123-4567") // "771234567"
 * @example canonicalPhone("0094771234567") // "771234567"
 */
export function canonicalPhone(phone: string): string {
  const national = nationalNumber(phone);
  if (national !== undefined) return national;
  const digits = phone.replace(/\D/g, "");
  // A mobile's nine digits without the trunk 0 are the same number.
  return /^7\d{8}$/.test(digits) ? digits : digits.replace(/^(00)?94/, "").replace(/^0/, "");
}

/**
 * A name and a delivery address as one text, whatever their case, spacing and punctuation
 * (letters and digits of any script, Unicode-normalised).
 *
 * @example personText({ name: "Nimali  Perera", address: "45/2, Temple Rd.", postalCode: "10370" }) // "nimaliperera|452templerd|10370"
 */
export function personText(
  customer: { name: string; address: string; postalCode: string },
): string {
  const fold = (text: string) =>
    text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, "");
  return [fold(customer.name), fold(customer.address), fold(customer.postalCode)].join("|");
}

/** The customer an order's code use is counted for. */
export interface CodeCustomer {
  email: string;
  phone: string;
  name: string;
  address: string;
  postalCode: string;
  /** The account the order is placed with; null for a guest. */
  userId: number | null;
}

/**
 * The marks an order's use of a code is counted under: its e-mail, its phone, its name with
 * its delivery address (each as one however it is spelt), its account; and, so that uses
 * counted before these marks still count, the e-mail and phone as the shop marked them then.
 *
 * @example await codeCustomerKeys({ email: "a.b+1@gmail.com", ... }) // ["email:…", "phone:…", "person:…", "account:7", ...]
 */
export async function codeCustomerKeys(
  customer: CodeCustomer,
  mark: MarkMaker = sha256Mark,
): Promise<string[]> {
  const keys = [
    `email:${await mark(canonicalEmail(customer.email))}`,
    `phone:${await mark(canonicalPhone(customer.phone))}`,
    `person:${await mark(personText(customer))}`,
    ...(customer.userId ? [`account:${customer.userId}`] : []),
    // The marks of uses counted before (holds.ts still marks holds so).
    `email:${await mark(customer.email.trim().toLowerCase())}`,
    `phone:${await mark(customer.phone.replace(/\D/g, "").replace(/^(94|0)/, ""))}`,
  ];
  return [...new Set(keys)];
}
