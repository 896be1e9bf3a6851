/**
 * The payment provider port: the form a shopper's browser posts to a provider's checkout to
 * pay an order, and the provider's server-to-server notification of the outcome, read and
 * verified. Each provider is one adapter (adapters/payments/: PayHere for cards, Koko for
 * instalments) and one entry of the shop's providers (providers.ts); which methods it serves
 * is the payment policy table's (domain/orders/payment_policy.ts); whether a verified
 * notification changes an order is the domain's (domain/payments/card_payment.ts).
 */
import type { Cents } from "../money.ts";

/** Every provider the shop can be configured with, by the key its ledger rows carry. */
export const PROVIDER_KEYS = ["payhere", "koko"] as const;
export type ProviderKey = typeof PROVIDER_KEYS[number];

/** What the shop asks the gateway to charge, and where the gateway sends the shopper and its notice. */
export interface GatewayCheckout {
  /** The shop's order id; PayHere's order_id is String(orderId). */
  orderId: number;
  /** What the customer pays in total, integer cents (LKR). */
  amountCents: Cents;
  currency: "LKR";
  /** A short description, e.g. "Order 123". */
  items: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    country: string;
  };
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
}

/** A form the shopper's browser posts to the gateway. */
export interface GatewayForm {
  action: string;
  fields: Record<string, string>;
}

export type GatewayOutcome = "paid" | "pending" | "cancelled" | "failed" | "chargedback";

export type GatewayNotice =
  | {
    kind: "verified";
    orderId: number;
    paymentId: string;
    /**
     * What the provider says was paid; null when its notice names no amount (Koko's): the
     * amount is then the one the shop signed into the checkout, the order's charge.
     */
    amountCents: Cents | null;
    currency: string;
    outcome: GatewayOutcome;
    method: string | null;
    statusMessage: string | null;
  }
  | { kind: "refused"; reason: "signature" | "merchant" | "malformed"; detail: string };

export interface PaymentGateway {
  /** Shown to the owner: "PayHere". */
  readonly name: string;
  /** The provider's key in the payment ledger, the registry and its notice address: "payhere". */
  readonly key: ProviderKey;
  /** The origin the shopper's browser posts the checkout form to (the pages' CSP allows it). */
  readonly checkoutOrigin: string;
  checkoutForm(checkout: GatewayCheckout): GatewayForm;
  /**
   * Reads and verifies a server-to-server notification (its urlencoded form fields).
   * Nothing is trusted before its signature is checked.
   */
  readNotification(fields: Record<string, string>): GatewayNotice | Promise<GatewayNotice>;
  /** Refunds all or part of a payment through the provider's API, where it has one. */
  refund?: RefundingGateway["refund"];
}

/** What the shop asks a provider to refund. */
export interface ProviderRefundRequest {
  /** The provider's payment id. */
  paymentRef: string;
  amountCents: Cents;
  /** Whether it gives back all of the payment (some providers then take no amount). */
  whole: boolean;
  /** The owner's reason, as the provider keeps it. */
  description: string;
  /** The shop's key of this refund: every attempt of it sends the same. */
  idempotencyKey: string;
}

/** What a provider answered a refund. */
export type ProviderRefundResult =
  /** The provider took the refund: its own id of it. */
  | { kind: "refunded"; providerRef: string; answer: string }
  /** The provider refused it, failed, or gave no answer in time: retried later by the owner. */
  | { kind: "failed"; answer: string };

/** A provider that refunds through its API. */
export interface RefundingGateway {
  refund(request: ProviderRefundRequest): Promise<ProviderRefundResult>;
}
