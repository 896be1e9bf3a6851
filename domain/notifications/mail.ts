/**
 * What a shop mail says, decided by the domain: its kind, its recipient, its language and
 * the facts it carries (an order's lines and amounts in cents, a link, a reason, a courier).
 * How it reads and looks, in words and markup, is the mail adapter's business.
 */
import type { AdminRole } from "../accounts/admin_roles.ts";
import type { Locale } from "../i18n/language.ts";
import type { ItemType, PaymentMethod } from "../orders/model.ts";
import type { AmountDue } from "../orders/amount_due.ts";
import type { Breakdown, BreakdownLine } from "../pricing/breakdown.ts";
import type { BankDetails } from "../shop.ts";
import type { CustomerParcel } from "../fulfilment/customer_parcels.ts";

/**
 * What a cancelled order's mail says of the money: the shop returns a payment it recorded;
 * a deposit slip it had not checked may stand for money paid, which the customer is asked
 * to tell of; otherwise nothing is owed.
 */
export type RejectedSettlement = "refund" | "slip_unchecked" | "nothing_owed";

/**
 * What a payment's mail says comes next, from the order's status when it is sent: the parcel
 * already on its way, a mail when it is, or (the order cancelled meanwhile) the money returned.
 */
export type PaidNext = "on_its_way" | "will_mail" | "refund";

/** One line of an order as a mail lists it: its breakdown, and whether it is a pre-order. */
export interface MailLine extends BreakdownLine {
  preorder: boolean;
  /** When a pre-ordered line is expected (YYYY-MM-DD), as the book's page said; null without one. */
  preorderDate?: string | null;
}

/** Where an order goes, as the shopper entered it. */
export interface MailAddress {
  name: string;
  address: string;
  city: string;
  district: string;
  province: string;
  postalCode: string;
  phone: string;
}

/** The facts of an order every order mail carries. */
export interface OrderFacts {
  id: number;
  /** When it was placed (ISO 8601); people read it as a day in Sri Lanka. */
  placedAt: string;
  customerName: string;
  paymentMethod: PaymentMethod;
  /** The breakdown's lines, each with whether it is a pre-order. */
  lines: MailLine[];
  /** What the order costs, worked out once (domain/pricing/breakdown.ts). */
  breakdown: Breakdown;
  /**
   * What the mail says about the money, as the order's payment status has it
   * (domain/orders/amount_due.ts): to pay on delivery or by deposit, paid, or owed nothing.
   */
  due: AmountDue;
  /** True when a line is a pre-ordered book: it is sent when it arrives, expected on `preorderDate`. */
  preorder: boolean;
  /**
   * When the pre-ordered books are expected (YYYY-MM-DD, preorder_arrival.ts), as their pages
   * say it; null or absent when a pre-ordered line has no date (the mails say it is sent when it arrives).
   */
  preorderDate?: string | null;
  /**
   * How a mixed order is sent, as the customer chose at checkout (the words' key,
   * domain/fulfilment/preorder_waiting.ts: `parcelsWord`); null or absent for an order that
   * is not mixed.
   */
  sentAs?: "parcels.split" | "parcels.together" | null;
  deliverTo: MailAddress;
  /** The order's page for its customer, in the order's language; null when it has no key. */
  orderUrl: string | null;
}

interface Addressed {
  to: string;
  language: Locale;
}

/** The mails to a customer about their order, in the order's language. */
export type CustomerOrderMail =
  | Addressed & {
    kind: "order_placed";
    order: OrderFacts;
    /** Where to deposit the money: Bank Deposit orders only. */
    bank: BankDetails | null;
    /**
     * When an unpaid order with no deposit slip is cancelled by itself, and the hold in
     * hours that time is after the order; null for an order that does not lapse.
     */
    lapse: { at: string; hours: number } | null;
  }
  | Addressed & {
    kind: "order_completed";
    order: OrderFacts;
    courier: string | null;
    trackingNumber: string | null;
    /** The parcels out with couriers, each with its waybill and tracking link; empty when none. */
    parcels: CustomerParcel[];
  }
  | Addressed & {
    kind: "order_rejected";
    order: OrderFacts;
    reason: string | null;
    /** What becomes of the customer's money (REJECTED_SETTLEMENT). */
    settlement: RejectedSettlement;
  }
  | Addressed & { kind: "order_lapsed"; order: OrderFacts }
  | Addressed & {
    kind: "payment_received";
    order: OrderFacts;
    /** What comes next, from the order's status (PAID_NEXT). */
    next: PaidNext;
  }
  | Addressed & { kind: "order_link"; order: OrderFacts }
  | Addressed & {
    kind: "slip_refused";
    order: OrderFacts;
    /** The owner's reason, which the customer reads. */
    reason: string | null;
    /** The new payment deadline (ISO), null when the order no longer lapses. */
    deadline: string | null;
  }
  | Addressed & {
    kind: "order_refunded";
    order: OrderFacts;
    /** The refund's words on the timeline: amount, reference and the owner's reason. */
    refund: string | null;
    /** Whether it went back to a card (it takes a few days to arrive). */
    card: boolean;
  };

/** The shop's own notices (to ORDER_NOTIFY_EMAIL), in English like the admin area. */
export type ShopOrderMail =
  | Addressed & {
    kind: "shop_order_placed";
    order: OrderFacts;
    customerEmail: string;
    /** The order's own page in the admin area (`/admin/orders/{id}`). */
    deskUrl: string;
  }
  | Addressed & {
    kind: "shop_proof_uploaded";
    order: OrderFacts;
    customerEmail: string;
    deskUrl: string;
    /** Deposit slips sent for the order so far. */
    proofs: number;
  };

/** The mails about an account, in the language of the page the request came from. */
export type AccountMail =
  | Addressed & {
    kind: "password_reset";
    /** The single-use link that sets a new password (valid for one hour). */
    link: string;
  }
  | Addressed & {
    kind: "registration_taken";
    loginUrl: string;
    resetUrl: string;
  }
  | Addressed & {
    kind: "staff_invitation";
    /** The single-use link that sets the new admin's first password. */
    link: string;
    role: AdminRole;
    /** How many days the link works. */
    days: number;
  }
  | Addressed & {
    /**
     * The owner's notice that discount codes were refused past the shop-wide bound in a
     * window (http/routes/code_attempts.ts): someone guesses from many addresses at once.
     */
    kind: "code_guessing";
    /** ISO 8601: when the bound tripped. */
    at: string;
    /** Refused codes a window the shop allows, and the window in minutes. */
    limit: number;
    minutes: number;
    /** The admin area's promotions, where codes are paused or ended. */
    deskUrl: string;
  }
  | Addressed & {
    /** A gift voucher mailed to its recipient, in their language, with its whole code. */
    kind: "voucher_issued";
    name: string;
    code: string;
    amountCents: number;
    /** Its last day (YYYY-MM-DD, Sri Lanka). */
    expiresOn: string;
    /** The owner's few words, or null. */
    message: string | null;
    /** The shop's balance check, in the recipient's language. */
    balanceUrl: string;
  }
  | Addressed & {
    /** The link that confirms a new account's e-mail address (valid for `hours` hours). */
    kind: "email_verification";
    link: string;
    hours: number;
  }
  | Addressed & {
    /** The welcome once an account's address is confirmed, its earlier guest orders joined. */
    kind: "welcome";
    name: string;
    /** How many guest orders under the address are now in the account. */
    joinedOrders: number;
    accountUrl: string;
  };

export type OrderMail = CustomerOrderMail | ShopOrderMail;

/** One order of the shop's digest of deposit slips. */
export interface DigestOrder {
  order: OrderFacts;
  customerEmail: string;
  /** Deposit slips sent for the order so far. */
  proofs: number;
  /** The order's own page in the admin area (`/admin/orders/{id}`). */
  deskUrl: string;
}

/**
 * The shop's notice of the deposit slips sent in one window (`SLIP_DIGEST_MINUTES`): one
 * mail naming every order with a slip to check, instead of one mail a slip.
 */
export type ShopDigestMail = Addressed & {
  kind: "shop_proofs_digest";
  /** Oldest order first. */
  orders: DigestOrder[];
  /** The orders desk, showing the slips to check. */
  deskUrl: string;
};

/**
 * The mail to a shopper who asked to be told when a product can be bought again: its
 * name, what one copy costs now (and its usual price when that is more), its page, and
 * the link that stops these mails (also in the List-Unsubscribe header, RFC 8058).
 */
export type BackInStockMail = Addressed & {
  kind: "back_in_stock";
  product: {
    type: ItemType;
    title: string;
    /** What one copy costs now (its shelf price). */
    priceCents: number;
    /** Its usual price, when more than `priceCents`; otherwise null. */
    usualCents: number | null;
    /** The product's page (a book's) or its store's list searched for it (stationery). */
    url: string;
  };
  /** The page that stops back-in-stock mails to this address, in the mail's language. */
  unsubscribePage: string;
  /** Where a mail client's one-click unsubscribe posts (List-Unsubscribe, RFC 8058). */
  unsubscribeUrl: string;
};

/**
 * The owner's digest of new orders while they flood (more than
 * `MessageLimits.ownerOrderMailsPerHour` an hour): one mail a window naming each order.
 */
export type ShopOrdersDigestMail = Addressed & {
  kind: "shop_orders_digest";
  /** Oldest order first; `proofs` is 0. */
  orders: DigestOrder[];
  /** The orders desk. */
  deskUrl: string;
};

/**
 * The owner's notice, once a day, that the shop's texts for the day are used up: the texts
 * after wait for the next day in Sri Lanka.
 */
export type ShopTextBudgetMail = Addressed & {
  kind: "shop_text_budget";
  /** The day's texts (`MessageLimits.textsPerDay`). */
  limit: number;
  /** When texts go out again (ISO 8601: the next day's 00:00 in Sri Lanka). */
  resumesAt: string;
  /** Where the owner changes the bound. */
  settingsUrl: string;
};

/** Every mail the shop sends. */
export type Mail =
  | OrderMail
  | AccountMail
  | ShopDigestMail
  | ShopOrdersDigestMail
  | ShopTextBudgetMail
  | BackInStockMail;

/** A mail written out for a mail server: recipient, subject, plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header, `<id@host>`: the same on every attempt at one outbox entry, so
   * that a resend is recognised as the mail already received. The mailer's own when absent.
   */
  messageId?: string;
  /**
   * A list-style mail's unsubscribe address: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
   */
  listUnsubscribe?: string;
  /** Files sent with the mail (the receipt of a paid order). */
  attachments?: MailAttachment[];
}

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Writes a mail's words and markup: the adapter that decides how a mail looks. */
export interface MailRenderer {
  render(mail: Mail): MailMessage;
}
