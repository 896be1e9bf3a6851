/**
 * A Sri Lankan postcode: five digits (00100 for Colombo 1, 20000 for Kandy), as every city
 * of the shop's reference data has it.
 */

/** What a refused postcode says (the API's words; the storefront's are in messages/). */
export const POSTCODE_PROBLEM = "must be a Sri Lankan postal code of 5 digits, such as 10370";

/**
 * Whether the text, spaces around it aside, is a Sri Lankan postcode.
 *
 * @example isSriLankanPostcode(" 00700 ") // true
 * @example isSriLankanPostcode("SW1A 1AA") // false
 */
export function isSriLankanPostcode(text: string): boolean {
  return /^\d{5}$/.test(text.trim());
}
