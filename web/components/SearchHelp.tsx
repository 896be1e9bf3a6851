/**
 * What a search that found nothing offers: the other store's matches ("the Stationery
 * Store has 10") and titles or authors close to what was typed, each a link to that search.
 */
import type { WireSearchHelp } from "../lib/search_help.ts";

const STORES = {
  books: { path: "/", name: "Book Store", one: "book", many: "books" },
  stationery: { path: "/stationery", name: "Stationery Store", one: "item", many: "items" },
} as const;

function searchHref(path: string, q: string): string {
  return `${path}?${new URLSearchParams({ q })}`;
}

export function SearchHelp(
  { q, path, help }: { q: string; path: string; help: WireSearchHelp | undefined },
) {
  if (!help || !q) return null;
  const other = help.elsewhere ? STORES[help.elsewhere.store] : undefined;
  const suggestions = help.suggestions ?? [];
  if (!other && suggestions.length === 0) return null;
  return (
    <div className="search-help">
      {other && help.elsewhere
        ? (
          <p>
            The {other.name} has{" "}
            <a href={searchHref(other.path, q)}>
              {help.elsewhere.total.toLocaleString("en-US")}{" "}
              {help.elsewhere.total === 1 ? other.one : other.many} for “{q}”
            </a>
          </p>
        )
        : null}
      {suggestions.length > 0
        ? (
          <>
            <p>Did you mean:</p>
            <ul className="suggestions">
              {suggestions.map((s) => (
                <li key={s}>
                  <a href={searchHref(path, s)}>{s}</a>
                </li>
              ))}
            </ul>
          </>
        )
        : null}
    </div>
  );
}
