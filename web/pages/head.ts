/** Titles, descriptions and share cards of the storefront pages. */
import { formatLkr } from "../../domain/money.ts";
import { shareImage } from "../../domain/catalogue/image_variants.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import type { PageHead, PageModel } from "./model.ts";
import { bookJsonLd, stationeryListJsonLd } from "./structured_data.ts";
import { type I18n, i18nFor } from "../i18n/mod.ts";
import { type Language, LANGUAGES, localizedPath } from "../../domain/i18n/language.ts";

const SHOP_DESCRIPTION =
  "Books in Sinhala, English and Tamil, and school and office stationery, delivered anywhere in Sri Lanka.";

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
export function localizeHead(head: PageHead, shop: ShopInfo, language: Language): PageHead {
  if (!head.canonical?.startsWith(shop.publicUrl)) return head;
  const path = head.canonical.slice(shop.publicUrl.length) || "/";
  const inLanguage = (l: Language) => {
    const [pathname, query] = path.split("?");
    return absoluteUrl(shop, localizedPath(l, pathname) + (query ? `?${query}` : ""));
  };
  return {
    ...head,
    canonical: inLanguage(language),
    share: head.share ? { ...head.share, url: inLanguage(language) } : undefined,
    alternates: [
      ...LANGUAGES.map((l) => ({ hreflang: l, href: inLanguage(l) })),
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
        description: SHOP_DESCRIPTION,
        canonical: absoluteUrl(shop, listCanonicalPath("/", model.list.query.page)),
      };
    case "stationery": {
      const path = listCanonicalPath("/stationery", model.list.query.page);
      return {
        title: `${i18n.t("shell.stationeryStore")} | ${name}`,
        description:
          "Pens, notebooks, art and office supplies from Pothgula, delivered in Sri Lanka.",
        canonical: absoluteUrl(shop, path),
        jsonLd: model.list.page.items.length > 0
          ? [stationeryListJsonLd(model.list.page.items, shop, path)]
          : undefined,
      };
    }
    case "book": {
      const book = model.book;
      const description = summarise(
        book.description ?? `${book.title} by ${book.author}, ${formatLkr(book.priceCents)}.`,
      );
      return {
        title: `${i18n.t("head.book", { title: book.title, author: book.author })} | ${name}`,
        description,
        canonical: absoluteUrl(shop, `/books/${book.id}`),
        jsonLd: [bookJsonLd(book, shop)],
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
        description: "The books and stationery in your cart.",
      };
    case "checkout":
      return {
        title: `${i18n.t("checkout.title")} | ${name}`,
        description: "Delivery details and payment for your order.",
      };
    case "order":
      return {
        title: `Order #${model.order.id} | ${name}`,
        description: "Your order's status, payment and delivery.",
      };
    case "track":
      return {
        title: `Track your order | ${name}`,
        description: "Get the link to your order's page by e-mail.",
      };
    case "register":
      return {
        title: `${i18n.t("register.title")} | ${name}`,
        description: "Create a Pothgula account.",
        canonical: absoluteUrl(shop, "/register"),
      };
    case "login":
      return { title: `Log in | ${name}`, description: "Log in to your Pothgula account." };
    case "account":
      return { title: `Your account | ${name}`, description: "Your orders and delivery address." };
    case "reset_password":
      return { title: `Reset your password | ${name}`, description: "Set a new password." };
    case "privacy":
      return {
        title: `Privacy Policy | ${name}`,
        description: "How Pothgula handles your personal data.",
        canonical: absoluteUrl(shop, "/privacy"),
      };
    case "terms":
      return {
        title: `Terms & Conditions | ${name}`,
        description: "The terms on which Pothgula sells and delivers.",
        canonical: absoluteUrl(shop, "/terms"),
      };
    case "not_found":
      return {
        title: `${i18n.t("notFound.title")} | ${name}`,
        description: "This page does not exist.",
      };
  }
}
