/**
 * A Sri Lankan phone number, mobile or landline, as people write it: the nine-digit
 * national number (a mobile's 7X XXX XXXX, a landline's area code and number, 11 234 5678)
 * after a trunk 0 (077 123 4567), or after the country code 94 written +94, 0094 or 94
 * (+94 77 123 4567, with a trunk "(0)" after it allowed: +94 (0)77 123 4567). Spaces,
 * hyphens and parentheses may group the digits; nothing else may stand between them.
 */

/** What a refused phone number says (the API's words; the storefront's are in messages/). */
export const PHONE_PROBLEM =
  "must be a Sri Lankan phone number, such as 077 123 4567, 011 234 5678 or +94 77 123 4567";

/** The longest text taken for a phone number: room for spacing, never a paragraph. */
export const MAX_PHONE_LENGTH = 30;

const GROUPING = /[\s()-]/g;
const NUMBER = /^(?:(?:\+|00)?94(?:0)?|0)([1-9]\d{8})$/;

/**
 * The nine-digit national number of a Sri Lankan phone number as written, or undefined
 * when the text is not one.
 *
 * @example nationalNumber("+94 (0)77 123-4567") // "771234567"
 * @example nationalNumber("011 234 5678") // "112345678"
 * @example nationalNumber("77 123 4567") // undefined: no trunk 0 nor country code
 */
export function nationalNumber(text: string): string | undefined {
  if (text.length > MAX_PHONE_LENGTH) return undefined;
  const compact = text.trim().replace(GROUPING, "");
  return NUMBER.exec(compact)?.[1];
}

/** Whether the text is a Sri Lankan phone number as people write it (see `nationalNumber`). */
export function isSriLankanPhone(text: string): boolean {
  return nationalNumber(text) !== undefined;
}

/** A mobile's national number written with neither trunk 0 nor country code: 77 123 4567. */
const BARE_MOBILE = /^(7\d{8})$/;

/**
 * The number an SMS goes to, in the international form gateways take (+94 and the nine
 * national digits), or undefined when the text is not a Sri Lankan number. Besides what
 * `nationalNumber` takes, a mobile's nine digits alone (771234567) are read as that
 * mobile: customers often drop the 0, and no landline starts with 7. A landline passes
 * too; the gateway may refuse it, and that refusal is the gateway's to give.
 *
 * @example smsNumber("077 123 4567") // "+94771234567"
 * @example smsNumber("771234567") // "+94771234567"
 * @example smsNumber("94771234567") // "+94771234567"
 * @example smsNumber("12345") // undefined
 */
export function smsNumber(text: string): string | undefined {
  if (text.length > MAX_PHONE_LENGTH) return undefined;
  const national = nationalNumber(text) ??
    BARE_MOBILE.exec(text.trim().replace(GROUPING, ""))?.[1];
  return national === undefined ? undefined : `+94${national}`;
}
