/**
 * A text as its writer laid it out (a book's description typed in the admin area or
 * imported from a spreadsheet): paragraphs where a blank line is, and the line breaks
 * inside a paragraph. HTML would run all of it into one block.
 */

/**
 * The paragraphs of a text, each as its lines; empty lines and surrounding spaces dropped.
 *
 * @example paragraphs("One.\r\n\r\nTwo,\nthree.") // [["One."], ["Two,", "three."]]
 */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.split("\n").map((line) => line.trim()).filter((line) => line !== ""))
    .filter((lines) => lines.length > 0);
}
