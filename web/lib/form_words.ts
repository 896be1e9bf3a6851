/**
 * A form's refusals in the shop's words. The forms check what a person typed with the
 * request schemas of contract/ (the API's own), whose messages are the API's English; a
 * form words each refusal itself, from the field and the rule that refused it (the shop's
 * rules name themselves on the issue: `params.rule`, contract/requests.ts) or the kind of
 * refusal (too short, too long, not an e-mail address), so a Sinhala or Tamil page never
 * shows the API's English. Nothing here loads zod: a refusal is plain data.
 */

/** What a form reads of a schema's refusal: the field, the kind, and the rule if any. */
export interface Refusal {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly params?: unknown;
}

/**
 * A form's words for one field: when it was left blank, for a rule or a kind of refusal
 * (`phone`, `too_small`, ...), and for any other refusal (never left without words).
 */
export type FieldWords<K> = { blank?: K; other: K } & { [ruleOrKind: string]: K | undefined };

/**
 * The rule a refusal names (`phone`, `postcode`, `isbn13`), or else its kind as the schema
 * reports it (`too_small`, `too_big`, `invalid_format`, `invalid_type`, `custom`).
 */
export function refusalCode(refusal: Refusal): string {
  const rule = (refusal.params as { rule?: unknown } | undefined)?.rule;
  return typeof rule === "string" ? rule : refusal.code;
}

/**
 * Each field's first refusal in the form's words, by the field's name on the wire. A field
 * the form does not word (an order's lines, say) is left to the server's answer; `isBlank`
 * tells a field left empty, which every form words apart ("Enter your name").
 *
 * @example
 * wordRefusals([{ path: ["phone"], code: "custom", params: { rule: "phone" } }],
 *   { phone: { blank: "form.enterPhone", phone: "form.phoneInvalid", other: "form.checkField" } },
 *   () => false) // { phone: "form.phoneInvalid" }
 */
export function wordRefusals<F extends string, K>(
  refusals: readonly Refusal[],
  words: Readonly<Record<F, FieldWords<K>>>,
  isBlank: (field: F) => boolean,
): Partial<Record<F, K>> {
  const worded: Partial<Record<F, K>> = {};
  for (const refusal of refusals) {
    const field = String(refusal.path[0] ?? "") as F;
    if (!Object.hasOwn(words, field) || worded[field] !== undefined) continue;
    const table = words[field];
    const blank = isBlank(field) ? table.blank : undefined;
    worded[field] = blank ?? table[refusalCode(refusal)] ?? table.other;
  }
  return worded;
}
