/** The frame of every storefront page: header with search and cart, store tabs, footer. */
import type { ReactNode } from "react";
import type { ShopInfo } from "../../domain/shop.ts";
import { CartBadge } from "../islands/CartBadge.tsx";
import { CartIcon, HomeIcon, SearchIcon } from "./Icons.tsx";
import { Island } from "./Island.tsx";
import { Logo } from "./Logo.tsx";
import { Footer } from "./Footer.tsx";
import { useI18n } from "../i18n/mod.ts";
import { LANGUAGE_NAMES, localizedPath, SHOP_LANGUAGES } from "../../domain/i18n/language.ts";

export type StoreTab = "books" | "stationery";

export interface ShellProps {
  shop: ShopInfo;
  /**
   * The path being shown without its language prefix, to mark the current tab and hide the
   * cart where it is in the way.
   */
  path: string;
  /** The request's query ("?q=pen" or ""), kept when the language is switched. */
  search?: string;
  /** The search term in the URL, shown in the search box. */
  q?: string;
  year: number;
  children: ReactNode;
}

function currentTab(path: string): StoreTab | undefined {
  if (path === "/") return "books";
  if (path === "/stationery") return "stationery";
  return undefined;
}

/** The cart icon is hidden where the cart is being worked on. */
export function showsCartIcon(path: string): boolean {
  return path !== "/cart" && path !== "/checkout";
}

/** Links to this page in the other languages, with its path and query kept. */
export function LanguageSwitcher({ path, search }: { path: string; search: string }) {
  const { t, language } = useI18n();
  return (
    <nav className="language-switcher" aria-label={t("shell.language")}>
      <ul>
        {SHOP_LANGUAGES.map((l) => (
          <li key={l}>
            <a
              href={`${localizedPath(l, path)}${search}`}
              lang={l}
              hrefLang={l}
              aria-current={l === language ? "true" : undefined}
            >
              {LANGUAGE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Header({ path, q }: { path: string; q?: string }) {
  const { t, href } = useI18n();
  const searchAction = href(path === "/stationery" ? "/stationery" : "/");
  const searchLabel = t(path === "/stationery" ? "shell.searchStationery" : "shell.searchBooks");
  return (
    <header className="site-header">
      <div className="header-inner">
        <a href={href("/")} className="brand" aria-label={t("shell.brand")}>
          <Logo />
        </a>
        <a
          href={href("/")}
          className="icon-link"
          aria-label={t("shell.home")}
          title={t("shell.home")}
        >
          <HomeIcon />
        </a>
        <form className="search" role="search" method="get" action={searchAction}>
          <label htmlFor="site-search" className="visually-hidden">{searchLabel}</label>
          <input
            id="site-search"
            type="search"
            name="q"
            defaultValue={q ?? ""}
            placeholder={t(
              path === "/stationery"
                ? "shell.searchStationeryPlaceholder"
                : "shell.searchBooksPlaceholder",
            )}
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className="search-button" aria-label={t("shell.search")}>
            <SearchIcon />
          </button>
        </form>
        <a
          href={href("/login")}
          className="account-link"
          aria-current={path === "/account" ? "page" : undefined}
        >
          <svg
            className="account-icon"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 21c0-4 4-6 8-6s8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="account-text">{t("shell.account")}</span>
        </a>
        {showsCartIcon(path)
          ? (
            // Named by its text, not aria-label, so that the count is part of the link's name.
            <a href={href("/cart")} className="icon-link cart-link" title={t("shell.cart")}>
              <CartIcon />
              <span className="visually-hidden">{t("shell.cart")}</span>
              <Island name="CartBadge" component={CartBadge} props={{}} />
            </a>
          )
          : null}
      </div>
    </header>
  );
}

function Tabs({ path }: { path: string }) {
  const tab = currentTab(path);
  const { t, href } = useI18n();
  return (
    <nav className="store-tabs" aria-label={t("shell.stores")}>
      <a href={href("/")} className="tab" aria-current={tab === "books" ? "page" : undefined}>
        {t("shell.bookStore")}
      </a>
      <a
        href={href("/stationery")}
        className="tab"
        aria-current={tab === "stationery" ? "page" : undefined}
      >
        {t("shell.stationeryStore")}
      </a>
    </nav>
  );
}

/** The frame's start: the skip link and the links to this page in the other languages. */
export function ShellStart({ path, search = "" }: { path: string; search?: string }) {
  const { t } = useI18n();
  return (
    <>
      <a href="#main" className="skip-link">{t("shell.skip")}</a>
      <LanguageSwitcher path={path} search={search} />
    </>
  );
}

/**
 * The header and the store tabs. They depend on the path only through `headerPlace`, so
 * one rendering serves every path of a place (web/shell_frames.tsx).
 */
export function ShellHeader({ path, q }: { path: string; q?: string }) {
  return (
    <>
      <Header path={path} q={q} />
      <Tabs path={path} />
    </>
  );
}

/**
 * What of a path the header and tabs show: the store searched and marked, the account link
 * marked, the cart icon shown. Paths of one place have the same header.
 *
 * @example headerPlace("/books/12") === headerPlace("/track") // true
 */
export function headerPlace(path: string): string {
  if (path === "/" || path === "/stationery" || path === "/account") return path;
  return showsCartIcon(path) ? "elsewhere" : "cart";
}

export function Shell({ shop, path, search = "", q, year, children }: ShellProps) {
  return (
    <>
      <ShellStart path={path} search={search} />
      <ShellHeader path={path} q={q} />
      <main id="main" className="page">{children}</main>
      <Footer shop={shop} year={year} />
    </>
  );
}
