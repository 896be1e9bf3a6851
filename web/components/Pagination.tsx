/** Numbered page links; plain links so paging works without scripts, intercepted when they run. */
import type { MouseEvent } from "react";
import { pageCount, pageLinks } from "../../domain/catalogue/pagination.ts";

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
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

export function Pagination({ page, pageSize, total, href, onNavigate }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const links = pageLinks(page, pages);
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {page > 1
          ? (
            <li>
              <a href={href(page - 1)} rel="prev" onClick={follow(onNavigate, page - 1)}>
                <span aria-hidden="true">‹</span>
                <span className="visually-hidden">Previous page</span>
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
                  aria-label={`Page ${link}`}
                  onClick={follow(onNavigate, link)}
                >
                  {link}
                </a>
              </li>
            )
        )}
        {page < pages
          ? (
            <li>
              <a href={href(page + 1)} rel="next" onClick={follow(onNavigate, page + 1)}>
                <span aria-hidden="true">›</span>
                <span className="visually-hidden">Next page</span>
              </a>
            </li>
          )
          : null}
      </ul>
    </nav>
  );
}
