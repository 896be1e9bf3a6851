/**
 * How a text travels as SMS and how many messages it costs. A text made only of the GSM
 * 03.38 alphabet goes as GSM-7 (160 characters in one message; a long text is cut into
 * parts of 153, the rest of each part being the header that joins them); anything else,
 * Sinhala and Tamil included, goes as UCS-2 (70 UTF-16 code units, parts of 67). The
 * characters of GSM's extension table (`{`, `€`, ...) take two septets each (an escape
 * and the character) and a part never ends between the two; a UCS-2 part never ends
 * between the halves of a surrogate pair. Gateways charge by part, so the shop's texts
 * are kept within two.
 */

/** How an SMS is encoded. */
export type SmsEncoding = "gsm7" | "ucs2";

/** Per encoding: what one message holds, and what each part of a longer one holds. */
export const SMS_LIMITS: Readonly<Record<SmsEncoding, { single: number; part: number }>> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/** GSM 03.38's default alphabet (without the escape that opens the extension table). */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);

/** The extension table's characters: each is sent as an escape and itself. */
const GSM_EXTENSION = new Set("\f^{}\\[~]|€");

/** Whether a character (one code point) can go as GSM-7. */
export function isGsm7Char(char: string): boolean {
  return GSM_BASIC.has(char) || GSM_EXTENSION.has(char);
}

/**
 * GSM-7 when every character is in GSM's alphabet, else UCS-2.
 *
 * @example smsEncoding("Order #12 placed") // "gsm7"
 * @example smsEncoding("ඇණවුම #12") // "ucs2"
 */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!isGsm7Char(char)) return "ucs2";
  return "gsm7";
}

/** What one unit of the text costs: septets in GSM-7, UTF-16 code units in UCS-2. */
function unitsOf(char: string, encoding: SmsEncoding): number {
  if (encoding === "ucs2") return char.length;
  return GSM_EXTENSION.has(char) ? 2 : 1;
}

/**
 * The text's length as the network counts it: septets in GSM-7 (extension characters
 * count 2), UTF-16 code units in UCS-2.
 *
 * @example smsLength("{x}") // 5
 * @example smsLength("ශ්‍රී") // 5
 */
export function smsLength(text: string, encoding: SmsEncoding = smsEncoding(text)): number {
  let length = 0;
  for (const char of text) length += unitsOf(char, encoding);
  return length;
}

/**
 * The parts the text is sent in: one when it fits a single message, else parts of at
 * most 153 septets or 67 code units, cut only between characters (never inside an
 * extension character's escape pair or a surrogate pair). An empty text is one part.
 */
export function smsParts(text: string): string[] {
  const encoding = smsEncoding(text);
  const limits = SMS_LIMITS[encoding];
  if (smsLength(text, encoding) <= limits.single) return [text];
  const parts: string[] = [];
  let part = "";
  let units = 0;
  for (const char of text) {
    const cost = unitsOf(char, encoding);
    if (units + cost > limits.part) {
      parts.push(part);
      part = "";
      units = 0;
    }
    part += char;
    units += cost;
  }
  parts.push(part);
  return parts;
}

/**
 * How many messages the text costs.
 *
 * @example smsSegments("a".repeat(160)) // 1
 * @example smsSegments("a".repeat(161)) // 2
 */
export function smsSegments(text: string): number {
  return smsParts(text).length;
}
