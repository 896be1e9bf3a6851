/**
 * Numbered page links; plain links so paging works without scripts, intercepted when they run.
 * A search's total counted up to a bound (`totalCapped`) numbers the pages up to the bound's
 * last and keeps the link to the next page there: more pages follow, and the next one counts
 * on to the next bound.
 */
import type { MouseEvent } from "react";
import { pageCount, pageLinks } from "../../domain/catalogue/pagination.ts";
import { useI18n } from "../i18n/mod.ts";

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** More than `total` match: the pages go on past the last one `total` fills. */
  totalCapped?: boolean;
  /** The link of a page number. */
  href: (page: number) => string;
  /** Called instead of following a link, when given (client-side navigation). */
  onNavigate?: (page: number) => void;
}

function follow(onNavigate: PaginationProps["onNavigate"], page: number) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    onNavigate(page);
  };
}

export function Pagination(
  { page, pageSize, total, totalCapped, href, onNavigate }: PaginationProps,
) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && !totalCapped) return null;
  const links = pageLinks(page, pages);
  const { t } = useI18n();
  return (
    <nav className="pagination" aria-label={t("pages.label")}>
      <ul>
        {page > 1
          ? (
            <li>
              <a href={href(page - 1)} rel="prev" onClick={follow(onNavigate, page - 1)}>
                <span aria-hidden="true">‹</span>
                <span className="visually-hidden">{t("pages.previous")}</span>
              </a>
            </li>
          )
          : null}
        {links.map((link, i) =>
          link === "gap"
            ? (
              <li key={`gap-${i}`} className="gap" aria-hidden="true">
                …
              </li>
            )
            : (
              <li key={link}>
                <a
                  href={href(link)}
                  aria-current={link === page ? "page" : undefined}
                  aria-label={t("pages.page", { page: link })}
                  onClick={follow(onNavigate, link)}
                >
                  {link}
                </a>
              </li>
            )
        )}
        {page < pages || totalCapped
          ? (
            <li>
              <a href={href(page + 1)} rel="next" onClick={follow(onNavigate, page + 1)}>
                <span aria-hidden="true">›</span>
                <span className="visually-hidden">{t("pages.next")}</span>
              </a>
            </li>
          )
          : null}
      </ul>
    </nav>
  );
}
