/**
 * JSON with object keys sorted at every depth and undefined fields left out, so that
 * equal values always give equal text: the hash of an order's body under its idempotency
 * key, and the key of a cached listing.
 *
 * @example canonicalJson({ b: 1, a: { d: undefined, c: [2] } }) // '{"a":{"c":[2]},"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}
