/** The frame of every storefront page: header with search and cart, store tabs, footer. */
import type { ReactNode } from "react";
import type { ShopInfo } from "../../domain/shop.ts";
import { CartBadge } from "../islands/CartBadge.tsx";
import { CartIcon, HomeIcon, SearchIcon } from "./Icons.tsx";
import { Island } from "./Island.tsx";
import { Logo } from "./Logo.tsx";
import { Footer } from "./Footer.tsx";

export type StoreTab = "books" | "stationery";

export interface ShellProps {
  shop: ShopInfo;
  /** The path being shown, to mark the current tab and hide the cart where it is in the way. */
  path: string;
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

function Header({ path, q }: { path: string; q?: string }) {
  const searchAction = path === "/stationery" ? "/stationery" : "/";
  const searchLabel = path === "/stationery" ? "Search stationery" : "Search books";
  return (
    <header className="site-header">
      <div className="header-inner">
        <a href="/" className="brand" aria-label="Pothgula home">
          <Logo />
        </a>
        <a href="/" className="icon-link" aria-label="Home" title="Home">
          <HomeIcon />
        </a>
        <form className="search" role="search" method="get" action={searchAction}>
          <label htmlFor="site-search" className="visually-hidden">{searchLabel}</label>
          <input
            id="site-search"
            type="search"
            name="q"
            defaultValue={q ?? ""}
            placeholder={path === "/stationery" ? "Search by title" : "Title, author or ISBN"}
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className="search-button" aria-label="Search">
            <SearchIcon />
          </button>
        </form>
        <a
          href="/login"
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
          <span className="account-text">Account</span>
        </a>
        {showsCartIcon(path)
          ? (
            // Named by its text, not aria-label, so that the count is part of the link's name.
            <a href="/cart" className="icon-link cart-link" title="Cart">
              <CartIcon />
              <span className="visually-hidden">Cart</span>
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
  return (
    <nav className="store-tabs" aria-label="Stores">
      <a href="/" className="tab" aria-current={tab === "books" ? "page" : undefined}>
        Book Store
      </a>
      <a
        href="/stationery"
        className="tab"
        aria-current={tab === "stationery" ? "page" : undefined}
      >
        Stationery Store
      </a>
    </nav>
  );
}

export function Shell({ shop, path, q, year, children }: ShellProps) {
  return (
    <>
      <a href="#main" className="skip-link">Skip to content</a>
      <Header path={path} q={q} />
      <Tabs path={path} />
      <main id="main" className="page">{children}</main>
      <Footer shop={shop} year={year} />
    </>
  );
}
