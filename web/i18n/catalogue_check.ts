/**
 * What is wrong with a language's catalogue next to the English one: a key missing or
 * extra, a placeholder the translation drops or invents, a message that does not parse.
 */
import { IntlMessageFormat } from "intl-messageformat";

/** The names of a message's values (`{year}`, `{total, plural, ...}`). */
export function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]))]
    .sort();
}

export function catalogueProblems(
  english: Record<string, string>,
  other: Record<string, string>,
  locale: string,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in other)) problems.push(`missing "${key}"`);
  }
  for (const [key, message] of Object.entries(other)) {
    if (!(key in english)) {
      problems.push(`extra "${key}"`);
      continue;
    }
    const want = placeholders(english[key]).join(",");
    const have = placeholders(message).join(",");
    if (want !== have) problems.push(`"${key}" has {${have}}, English has {${want}}`);
    try {
      new IntlMessageFormat(message, locale);
    } catch (error) {
      problems.push(`"${key}" does not parse: ${(error as Error).message}`);
    }
  }
  return problems;
}
