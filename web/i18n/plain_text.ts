/**
 * Whether an ICU message is plain text, its own words: none of the characters the syntax
 * gives a meaning to (`{` and `}` around a value, `'` quoting them, `<` opening a tag).
 * Such a message needs no parsing to be written, on the server or in the browser.
 *
 * @example isPlainText("Add to cart") // true
 * @example isPlainText("{count, plural, one {# book} other {# books}}") // false
 */
export function isPlainText(message: string): boolean {
  return !/[{}'<]/.test(message);
}
