/**
 * What a shopper reads when a call to the shop fails: the API's error code (which stays
 * English and stable) chosen into the page's language, the network's failure as such, and
 * a general sentence for anything else. The API's own English message is never shown.
 */
import { ApiFailure } from "../lib/api.ts";
import type { I18n, MessageKey } from "./mod.ts";

/**
 * The words for a failed call. `byCode` lets a form say something closer to it (a proof
 * upload's 413 is "the slip may be at most 5 MB").
 *
 * @example failureText(i18nFor("en"), new ApiFailure(429, "TOO_MANY_REQUESTS", "Slow down"))
 * // "Too many tries: please wait a few minutes and try again"
 */
export function failureText(
  i18n: I18n,
  error: unknown,
  byCode: Partial<Record<string, MessageKey>> = {},
): string {
  if (error instanceof ApiFailure) {
    const special = byCode[error.code];
    if (special) return i18n.t(special);
    // A page has every "error." word: its islands' code names the beginning (word_keys.ts).
    const key = `error.${error.code}`;
    if (i18n.has(key)) return i18n.t(key);
    if (error.status >= 500) return i18n.t("error.INTERNAL");
    return i18n.t("error.generic");
  }
  // fetch() rejects with a TypeError when the shop cannot be reached at all.
  if (error instanceof TypeError) return i18n.t("error.network");
  return i18n.t("error.generic");
}
