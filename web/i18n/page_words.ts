/**
 * The words a page hands the browser: those of its islands and of the entry that hydrates
 * them, as the build found them in their code (`word_keys.ts`, kept in
 * dist/client/.vite/words.json), in the page's language, in a JSON script of the page
 * (`PAGE_WORDS_ID`). No page's scripts carry a catalogue: the English one cost every page
 * about 7 KB of gzip, a Sinhala or Tamil one 9 KB more (docs/benchmarks.md, item 39).
 *
 * Each message comes compiled from intl-messageformat's own parse (as its constructor makes
 * it for the language) into the parts `format.ts` writes, plain text as it is: the browser
 * has neither the ICU parser nor intl-messageformat (items 25 and 39). The server writes its
 * pages from the same compiled parts (`catalogues.ts`), so a page and its hydration agree.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { isPlainText } from "./plain_text.ts";
import type { Message, MessageKey, Words } from "./mod.ts";
import type { CompiledMessage, Part } from "./format.ts";
import { INTL_LOCALE, type Locale } from "../../domain/i18n/language.ts";
import type { WordIndex } from "./word_keys.ts";

/** An element of intl-messageformat's parse, by the fields read here. */
interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
  offset?: number;
  pluralType?: string;
}

/** The parse's element types (the parser's `TYPE`) that `format.ts` writes. */
const LITERAL = 0, ARGUMENT = 1, SELECT = 5, PLURAL = 6, POUND = 7;

function partsOf(elements: Element[], text: string): Part[] {
  const forms = (options: Element["options"] = {}) =>
    Object.fromEntries(
      Object.entries(options).map(([name, { value }]) => [name, partsOf(value, text)]),
    );
  return elements.map((element): Part => {
    const name = element.value ?? "";
    switch (element.type) {
      case LITERAL:
        return name;
      case ARGUMENT:
        return [name];
      case POUND:
        return 0;
      case SELECT:
        return [name, forms(element.options), "select"];
      case PLURAL:
        if (!element.offset && element.pluralType === "cardinal") {
          return [name, forms(element.options)];
        }
    }
    throw new Error(
      `The pages write values, counts (plural, no offset) and choices (select) only: ${text}`,
    );
  });
}

/**
 * A message as the browser gets it: plain text as it is, any other as its parts
 * (format.ts).
 *
 * @example compileMessage("Add to cart", "en") // "Add to cart"
 * @example compileMessage("{n} books", "en") // [["n"], " books"]
 */
export function compileMessage(text: string, language: Locale): CompiledMessage {
  if (isPlainText(text)) return text;
  const ast = new IntlMessageFormat(text, INTL_LOCALE[language]).getAst() as Element[];
  const parts = partsOf(ast, text);
  return parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts;
}

/** The keys a page with `islands` needs: the entry's and each island's, once each. */
export function pageWordKeys(index: WordIndex, islands: readonly string[]): string[] {
  const keys = new Set(index.entry);
  for (const island of islands) {
    const words = index.islands[island];
    if (!words) {
      throw new Error(`The build's word index has no island "${island}": run \`deno task build\``);
    }
    words.forEach((key) => keys.add(key));
  }
  return [...keys];
}

/**
 * The words of a page with `islands` in `language`, compiled, from the language's
 * catalogue as its file holds it.
 */
export function pageWords(
  catalogue: Readonly<Record<string, Message | string>>,
  language: Locale,
  index: WordIndex,
  islands: readonly string[],
): Words {
  const words: Words = {};
  for (const key of pageWordKeys(index, islands)) {
    const text = catalogue[key];
    if (typeof text !== "string") throw new Error(`No "${language}" text for "${key}"`);
    words[key as MessageKey] = compileMessage(text, language);
  }
  return words;
}
