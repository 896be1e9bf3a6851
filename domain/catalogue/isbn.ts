/**
 * The ISBN-13 a book is listed and matched by: thirteen digits, the last of them the check
 * digit of the first twelve (weights 1 and 3 in turn, GS1's rule). People write it with
 * hyphens or spaces (978-955-30-1234-0); the shop keeps the digits alone.
 */

/** What a refused ISBN-13 says, wherever it is refused (the API, the CSV import, the forms). */
export const ISBN13_CHECK_PROBLEM = "must end in the check digit of its first twelve digits";

/** The text without the hyphens and spaces people write in an ISBN. */
export function isbnDigits(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/**
 * The check digit of twelve digits: 10 less the weighted sum's last digit (0 for 10).
 *
 * @example isbn13CheckDigit("978955301234") // 0
 */
export function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether `digits` are an ISBN-13: thirteen digits whose last is the check digit of the
 * first twelve. Hyphens and spaces are not digits: take them out first (`isbnDigits`).
 *
 * @example isValidIsbn13("9789553012340") // true
 * @example isValidIsbn13("9789553012341") // false: the check digit is 0
 */
export function isValidIsbn13(digits: string): boolean {
  return /^\d{13}$/.test(digits) && isbn13CheckDigit(digits) === Number(digits[12]);
}
