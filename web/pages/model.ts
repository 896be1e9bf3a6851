/** What the server hands the renderer: which page, with its data (plain JSON). */
import type { Book, Category } from "../../domain/catalogue/model.ts";
import type { Block } from "../../domain/pages/owner_page.ts";
import type { ShelfPrice } from "../../domain/promotions/shelf_price.ts";
import type { Province } from "../../domain/catalogue/locations.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";
import type { FeeRules } from "../../domain/fulfilment/delivery_fees.ts";
import type { HoldRules } from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import type { CustomerOrder } from "../../domain/orders/customer_view.ts";
import type { CustomerParcel } from "../../domain/fulfilment/customer_parcels.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { BookListProps } from "../islands/BookList.tsx";
import type { DrawnCart } from "../islands/Cart.tsx";
import type { StationeryListProps } from "../islands/StationeryList.tsx";

/**
 * The pages that fill a cart carry `maxPerLine`: the copies of one item an order may hold
 * (`MAX_LINE_QUANTITY`, the server's rule), so the browser stops at it instead of guessing.
 */
export type PageModel =
  | { kind: "books"; list: BookListProps }
  | { kind: "stationery"; list: StationeryListProps }
  | {
    kind: "book";
    book: Book;
    /** Its category with the names the owner gave it, for the breadcrumb. */
    category?: Category;
    /** What one copy costs now; null when its usual price (or nothing priced it). */
    shelf: ShelfPrice | null;
    bank: BankDetails;
    maxPerLine: number;
    /** The offered methods that pay for a pre-order (domain/orders/preorder_policy.ts). */
    preorderMethods?: PaymentMethod[];
  }
  | { kind: "cart"; maxPerLine: number; drawn?: DrawnCart }
  | {
    kind: "checkout";
    provinces: Province[];
    bank: BankDetails;
    maxPerLine: number;
    feeRules?: FeeRules;
    holdRules?: HoldRules;
    /** The methods offered (card only with a gateway); every method not paid online when absent. */
    methods?: PaymentMethod[];
    /** The stored cart drawn by the server (http/pages/drawn_cart.ts), priced for the first method. */
    drawn?: DrawnCart;
  }
  | { kind: "register" }
  | {
    kind: "order";
    order: CustomerOrder;
    orderKey: string;
    bank: BankDetails;
    /** The Sinhala and Tamil names of the order's district and province. */
    /** The gateway's form while a card order waits for its payment. */
    cardPayment?: GatewayForm;
    /** The gateway sent the customer back from a cancelled card payment. */
    cardCancelled?: boolean;
    /** The gateway sent the customer back after a payment (made, declined or failed). */
    cardReturned?: boolean;
    /** The order's parcels that have left the shop, with their tracking links. */
    parcels?: CustomerParcel[];
  }
  | { kind: "track" }
  /** A gift voucher's balance, by its code. */
  | { kind: "gift_voucher" }
  | { kind: "login" }
  | { kind: "account"; provinces: Province[] }
  | { kind: "reset_password" }
  /** The page a back-in-stock mail's unsubscribe link opens, with the link's token. */
  | { kind: "stock_alert_stop"; token: string }
  /** The page a confirmation mail's link opens, with the link's token. */
  | { kind: "verify_email"; token: string }
  | { kind: "privacy"; written?: WrittenPage }
  /** A page the owner wrote (FAQ, Delivery, Returns; Terms and Privacy once written). */
  | { kind: "owner_page"; written: WrittenPage }
  | {
    kind: "terms";
    holdRules?: HoldRules;
    /** The methods the shop offers: the terms name them, and those that pay for pre-orders. */
    methods?: PaymentMethod[];
    written?: WrittenPage;
  }
  | { kind: "not_found" }
  | { kind: "error" };

/** The built files a page links to (URLs under /assets/). */
export interface PageAssets {
  scripts: string[];
  styles: string[];
  /** Chunks the page will need at once (its islands). */
  preload: string[];
  /**
   * The words its islands use in the page's language, as script-safe JSON
   * (web/i18n/page_words.ts); none on a page without islands.
   */
  words?: string;
}

export interface PageContext {
  shop: ShopInfo;
  /** The request path without its language prefix ("/books/12" for /si/books/12). */
  path: string;
  /** The page's language, from the path's prefix; English when absent. */
  language?: Locale;
  /** The request's query ("?q=x" or ""), kept by the language switcher. */
  search?: string;
  /** The search term in the URL, for the header's search box. */
  q?: string;
  year: number;
  assets: PageAssets;
}

/** A page's <head> texts. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address for search engines (absolute), without filters or a search. */
  canonical?: string;
  /** Structured data (schema.org JSON-LD) for search engines. */
  jsonLd?: Record<string, unknown>[];
  /** The same page in each language, for `hreflang` links (x-default: the English one). */
  alternates?: { hreflang: string; href: string }[];
  /** Open Graph / Twitter card for link previews. */
  share?: { type: string; title: string; description: string; image?: string; url: string };
}

/**
 * A page the owner wrote, as the storefront shows it: its title, its blocks (plain
 * formatting read on the server) and the shop's rules its text names, in the page's language.
 */
export interface WrittenPage {
  title: string;
  blocks: Block[];
  /** The payment methods offered (message keys) and the hold rules, for {{...}}. */
  policies: { methods: string[]; holdRules: HoldRules };
}
