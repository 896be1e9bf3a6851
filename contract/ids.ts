/**
 * The bounds of the numbers the shop keeps, as the edge checks them: ids, counts and cents
 * fit a PostgreSQL integer column (or are bounded far below it by their own schema).
 */

/** The largest value of an integer column: no id, and no JSON number the shop takes, is larger. */
export const MAX_INTEGER = 2_147_483_647;

/** An id as text: a positive whole number of at most ten digits, no leading zero. */
export const ID_DIGITS = /^[1-9]\d{0,9}$/;

/**
 * A positive whole id from a path segment or a query value, or undefined.
 *
 * @example parseId("42") // 42
 * @example parseId("2147483648") // undefined: above MAX_INTEGER
 */
export function parseId(text: string): number | undefined {
  if (!ID_DIGITS.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_INTEGER ? id : undefined;
}
