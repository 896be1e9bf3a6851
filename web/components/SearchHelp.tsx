/**
 * What a search that found nothing offers: the other store's matches ("the Stationery
 * Store has 10", or "1,000+" when its search counted only up to its bound) and titles or
 * authors close to what was typed, each a link to that search.
 */
import { Fragment } from "react";
import type { WireSearchHelp } from "../lib/search_help.ts";
import { useI18n } from "../i18n/mod.ts";

const STORES = {
  books: {
    path: "/",
    has: "help.elsewhereBooks",
    count: "help.booksFor",
    countAtLeast: "help.booksForAtLeast",
  },
  stationery: {
    path: "/stationery",
    has: "help.elsewhereStationery",
    count: "help.itemsFor",
    countAtLeast: "help.itemsForAtLeast",
  },
} as const;

/** Stands for the link inside a sentence until it is split around it. */
const LINK = "\u0000";

function searchHref(path: string, q: string): string {
  return `${path}?${new URLSearchParams({ q })}`;
}

export function SearchHelp(
  { q, path, help }: { q: string; path: string; help: WireSearchHelp | undefined },
) {
  const { t, href } = useI18n();
  if (!help || !q) return null;
  const elsewhere = help.elsewhere;
  const other = elsewhere ? STORES[elsewhere.store] : undefined;
  const suggestions = help.suggestions ?? [];
  if (!other && suggestions.length === 0) return null;
  return (
    <div className="search-help">
      {other && elsewhere
        ? (
          // The sentence is the language's; the link sits where its {link} is.
          <p>
            {t(other.has, { link: LINK }).split(LINK).map((part, i) => (
              <Fragment key={i}>
                {i > 0
                  ? (
                    <a href={searchHref(href(other.path), q)}>
                      {t(elsewhere.totalCapped ? other.countAtLeast : other.count, {
                        total: elsewhere.total,
                        q,
                      })}
                    </a>
                  )
                  : null}
                {part}
              </Fragment>
            ))}
          </p>
        )
        : null}
      {suggestions.length > 0
        ? (
          <>
            <p>{t("help.didYouMean")}</p>
            <ul className="suggestions">
              {suggestions.map((s) => (
                <li key={s}>
                  <a href={searchHref(href(path), s)}>{s}</a>
                </li>
              ))}
            </ul>
          </>
        )
        : null}
    </div>
  );
}
