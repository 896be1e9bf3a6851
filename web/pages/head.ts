/** Titles, descriptions and share cards of the storefront pages. */
import { shareImage } from "../../domain/catalogue/image_variants.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import type { PageHead, PageModel } from "./model.ts";
import { bookJsonLd, stationeryListJsonLd } from "./structured_data.ts";
import { type I18n, i18nFor } from "../i18n/mod.ts";
import { type Locale, localizedPath, SHOP_LANGUAGES } from "../../domain/i18n/language.ts";

/** An absolute URL for a path or URL, on the shop's public address. */
export function absoluteUrl(shop: ShopInfo, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${shop.publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** A description fit for a meta tag: one line, at most about 160 characters. */
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** A list page's canonical path: its page number alone (filters, search and sort are views of it). */
export function listCanonicalPath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/**
 * A page's head in its language: the canonical address and the share card's under the
 * language's prefix, and `hreflang` links to the page in every language (x-default: English).
 * Pages without a canonical address (cart, checkout, not found) get no alternates.
 */
export function localizeHead(head: PageHead, shop: ShopInfo, language: Locale): PageHead {
  if (!head.canonical?.startsWith(shop.publicUrl)) return head;
  const path = head.canonical.slice(shop.publicUrl.length) || "/";
  const inLanguage = (l: Locale) => {
    const [pathname, query] = path.split("?");
    return absoluteUrl(shop, localizedPath(l, pathname) + (query ? `?${query}` : ""));
  };
  return {
    ...head,
    canonical: inLanguage(language),
    share: head.share ? { ...head.share, url: inLanguage(language) } : undefined,
    alternates: [
      ...SHOP_LANGUAGES.map((l) => ({ hreflang: l, href: inLanguage(l) })),
      { hreflang: "x-default", href: inLanguage("en") },
    ],
  };
}

export function pageHead(model: PageModel, shop: ShopInfo, i18n: I18n = i18nFor("en")): PageHead {
  const name = shop.name;
  switch (model.kind) {
    case "books":
      return {
        title: `${i18n.t("shell.bookStore")} | ${name}`,
        description: i18n.t("head.booksDescription"),
        canonical: absoluteUrl(shop, listCanonicalPath("/", model.list.query.page)),
      };
    case "stationery": {
      const path = listCanonicalPath("/stationery", model.list.query.page);
      return {
        title: `${i18n.t("shell.stationeryStore")} | ${name}`,
        description: i18n.t("head.stationeryDescription", { shop: name }),
        canonical: absoluteUrl(shop, path),
        jsonLd: model.list.page.items.length > 0
          ? [stationeryListJsonLd(model.list.page.items, shop, path)]
          : undefined,
      };
    }
    case "book": {
      const book = model.book;
      const description = summarise(
        book.description ??
          i18n.t("head.bookDescription", {
            title: book.title,
            author: book.author,
            price: i18n.lkr(book.priceCents),
          }),
      );
      return {
        title: `${i18n.t("head.book", { title: book.title, author: book.author })} | ${name}`,
        description,
        canonical: absoluteUrl(shop, `/books/${book.id}`),
        jsonLd: [bookJsonLd(book, shop, model.shelf)],
        share: {
          type: "book",
          title: book.title,
          description,
          image: book.images[0] ? absoluteUrl(shop, shareImage(book.images[0])) : undefined,
          url: absoluteUrl(shop, `/books/${book.id}`),
        },
      };
    }
    case "cart":
      return {
        title: `${i18n.t("head.cart")} | ${name}`,
        description: i18n.t("head.cartDescription"),
      };
    case "checkout":
      return {
        title: `${i18n.t("checkout.title")} | ${name}`,
        description: i18n.t("head.checkoutDescription"),
      };
    case "order":
      return {
        title: `${i18n.t("order.title", { id: model.order.id })} | ${name}`,
        description: i18n.t("order.description"),
      };
    case "track":
      return {
        title: `${i18n.t("track.title")} | ${name}`,
        description: i18n.t("track.description"),
        canonical: absoluteUrl(shop, "/track"),
      };
    case "gift_voucher":
      return {
        title: `${i18n.t("voucher.title")} | ${name}`,
        description: i18n.t("voucher.description"),
        canonical: absoluteUrl(shop, "/gift-voucher"),
      };
    case "register":
      return {
        title: `${i18n.t("register.title")} | ${name}`,
        description: i18n.t("register.description"),
        canonical: absoluteUrl(shop, "/register"),
      };
    case "login":
      return {
        title: `${i18n.t("login.title")} | ${name}`,
        description: i18n.t("login.description"),
        canonical: absoluteUrl(shop, "/login"),
      };
    case "account":
      return {
        title: `${i18n.t("account.title")} | ${name}`,
        description: i18n.t("account.description"),
      };
    case "reset_password":
      return {
        title: `${i18n.t("reset.title")} | ${name}`,
        description: i18n.t("reset.description"),
      };
    case "verify_email":
      return {
        title: `${i18n.t("verify.title")} | ${name}`,
        description: i18n.t("verify.intro"),
      };
    case "stock_alert_stop":
      return {
        title: `${i18n.t("stockAlert.stopTitle")} | ${name}`,
        description: i18n.t("stockAlert.stopIntro"),
      };
    case "privacy":
      return {
        title: `${i18n.t("privacy.title")} | ${name}`,
        description: i18n.t("privacy.description"),
        canonical: absoluteUrl(shop, "/privacy"),
      };
    case "terms":
      return {
        title: `${i18n.t("terms.title")} | ${name}`,
        description: i18n.t("terms.description"),
        canonical: absoluteUrl(shop, "/terms"),
      };
    case "owner_page":
      return {
        title: `${model.written.title} | ${name}`,
        description: model.written.title,
      };
    case "not_found":
      return {
        title: `${i18n.t("notFound.title")} | ${name}`,
        description: i18n.t("head.notFoundDescription"),
      };
    case "error":
      return { title: `${i18n.t("error.title")} | ${name}`, description: i18n.t("error.text") };
  }
}
