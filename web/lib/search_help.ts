/**
 * A search's help as the API sends it with a page that found nothing (GET /api/books and
 * /api/stationery): close titles or authors, and the other store's matches.
 */
import type { Page } from "../../domain/catalogue/model.ts";
import type { WireSearchHelp } from "../../contract/records.ts";

export type { WireSearchHelp };

/** A list's page with the help of a search that found nothing. */
export type ListPage<T> = Page<T> & { help?: WireSearchHelp };

/** The help of an answer, or undefined when it carries none. */
export function helpOf(body: WireSearchHelp): WireSearchHelp | undefined {
  if (body.suggestions === undefined && body.elsewhere === undefined) return undefined;
  return {
    suggestions: Array.isArray(body.suggestions) ? body.suggestions.slice(0, 5) : [],
    ...(body.elsewhere ? { elsewhere: body.elsewhere } : {}),
  };
}
