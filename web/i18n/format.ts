/**
 * Writes a message that comes compiled (`page_words.ts`): the few ICU forms the catalogues
 * use, written as intl-messageformat writes them (`compiled_words_test.ts` holds every
 * message of the three languages to that), in a few hundred bytes instead of its 3.8 KB of
 * gzip with its memoizer (docs/benchmarks.md, item 39). The browser has no other formatter.
 *
 * A compiled message is its text when it is plain, else its parts:
 * - a string: text as it is;
 * - `[name]`: the value `name`, as text (`{name}`);
 * - `[name, forms]`: the form chosen by the count `name`, `=N` before the plural rule's
 *   category, else `other` (`{name, plural, =0 {…} one {…} other {…}}`);
 * - `[name, forms, "select"]`: the form named by the value, else `other`;
 * - `0`: the plural count being chosen, with thousands grouped (`#`).
 */

/** A message as the browser writes it. */
export type CompiledMessage = string | Part[];

export type Part =
  | string
  | 0
  | [name: string]
  | [name: string, forms: Record<string, Part[]>]
  | [name: string, forms: Record<string, Part[]>, kind: "select"];

export type Values = Record<string, string | number>;

/** What writing a message needs of its language. */
export interface Formats {
  /** The plural category of a count ("one", "other"...), by the language's rules. */
  plural(count: number): string;
  /** A count as `#` writes it. */
  count(value: number): string;
}

const own = (forms: Record<string, Part[]>, name: string) =>
  Object.hasOwn(forms, name) ? forms[name] : undefined;

function write(parts: Part[], values: Values | undefined, formats: Formats, count?: number) {
  let text = "";
  for (const part of parts) {
    if (typeof part === "string") text += part;
    else if (part === 0) text += count === undefined ? "" : formats.count(count);
    else {
      const [name, forms, kind] = part;
      if (!values || !(name in values)) throw new Error(`The message needs a value for "${name}"`);
      const value = values[name];
      if (!forms) {
        text += typeof value === "string" || typeof value === "number" ? String(value) : "";
      } else if (kind === "select") {
        const form = own(forms, String(value)) ?? forms.other;
        if (!form) throw new Error(`No form of "${name}" for ${value}`);
        text += write(form, values, formats);
      } else {
        const number = Number(value);
        const form = own(forms, `=${value}`) ?? own(forms, formats.plural(number)) ?? forms.other;
        if (!form) throw new Error(`No form of "${name}" for ${value}`);
        text += write(form, values, formats, number);
      }
    }
  }
  return text;
}

/**
 * A compiled message with its values filled in.
 *
 * @example formatMessage(["You have ", ["n", { one: [0, " book"], other: [0, " books"] }]], { n: 1200 }, formats)
 * // "You have 1,200 books"
 */
export function formatMessage(
  message: CompiledMessage,
  values: Values | undefined,
  formats: Formats,
): string {
  return typeof message === "string" ? message : write(message, values, formats);
}
