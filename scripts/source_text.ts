/** Reading TypeScript sources as text for the import rules: comments out, strings kept. */

/**
 * The source without comments, strings and regular expressions left intact (so a URL in
 * a string is not taken for a comment, and a rule quoted in a comment is not taken for code).
 */
export function stripComments(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end === -1 ? source.length : end + 2;
      out += " ";
    } else if (c === '"' || c === "'" || c === "`") {
      const end = closingQuote(source, i);
      out += source.slice(i, end);
      i = end;
    } else if (c === "/" && startsRegex(out)) {
      const end = closingSlash(source, i);
      out += source.slice(i, end);
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Every string literal emptied, so `"Deno."` in a message is not taken for a use. */
export function blankStrings(code: string): string {
  return code.replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g, '""');
}

function closingQuote(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote) {
    if (source[i] === "\\") i++;
    else if (quote !== "`" && source[i] === "\n") break;
    i++;
  }
  return Math.min(i + 1, source.length);
}

/** A slash starts a regular expression where an operand is expected. */
function startsRegex(before: string): boolean {
  const trimmed = before.trimEnd();
  return trimmed === "" || /[(,=:[!&|?{};+\-*%<>~^]$/.test(trimmed) ||
    /\b(?:return|typeof|case|do|else|in|of|void|yield|await)$/.test(trimmed);
}

function closingSlash(source: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < source.length && source[i] !== "\n") {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) return i + 1;
    i++;
  }
  return i;
}
