/** Titles, descriptions and share cards of the storefront pages. */
import { formatLkr } from "../../domain/money.ts";
import { shareImage } from "../../domain/catalogue/image_variants.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import type { PageHead, PageModel } from "./model.ts";
import { bookJsonLd, stationeryListJsonLd } from "./structured_data.ts";

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

export function pageHead(model: PageModel, shop: ShopInfo): PageHead {
  const name = shop.name;
  switch (model.kind) {
    case "books":
      return {
        title: `Book Store | ${name}`,
        description: SHOP_DESCRIPTION,
        canonical: absoluteUrl(shop, listCanonicalPath("/", model.list.query.page)),
      };
    case "stationery": {
      const path = listCanonicalPath("/stationery", model.list.query.page);
      return {
        title: `Stationery Store | ${name}`,
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
        title: `${book.title} by ${book.author} | ${name}`,
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
        title: `My Shopping Cart | ${name}`,
        description: "The books and stationery in your cart.",
      };
    case "checkout":
      return {
        title: `Checkout | ${name}`,
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
        title: `Register | ${name}`,
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
      return { title: `Page not found | ${name}`, description: "This page does not exist." };
  }
}
