/**
 * PayHere, the card gateway most Sri Lankan shops use, through its Checkout API: the
 * shopper's browser posts a form the shop signed to PayHere's checkout page, pays there,
 * and is sent back to `return_url` (or `cancel_url`); PayHere tells the shop the outcome
 * server to server, by a form POST to `notify_url`, signed with `md5sig`.
 *
 * What this follows, and where it was read:
 * - PayHere's Checkout API page, https://support.payhere.lk/api-&-mobile-sdk/checkout-api:
 *   the action URLs (live https://www.payhere.lk/pay/checkout, sandbox
 *   https://sandbox.payhere.lk/pay/checkout) and the form's fields: merchant_id,
 *   return_url, cancel_url, notify_url, first_name, last_name, email, phone, address, city,
 *   country, order_id, items, currency, amount and hash.
 * - The checkout hash and the notice's md5sig as PayHere's own WooCommerce plugin computes
 *   them (github.com/PayHereLK/payhere-woocommerce, class-gateway-utilities.php:
 *   generate_frontend_hash, generate_verify_hash), as the documented PHP samples do:
 *     hash   = UPPER(md5(merchant_id + order_id + amount + currency + UPPER(md5(secret))))
 *     md5sig = UPPER(md5(merchant_id + order_id + payhere_amount + payhere_currency +
 *                        status_code + UPPER(md5(secret))))
 *   with the amount written with two decimals, a point and no thousands separator (PHP's
 *   number_format($amount, 2, '.', '')): 1234.5 rupees is "1234.50".
 * - The notice: an application/x-www-form-urlencoded POST (PayHere's sample notification,
 *   gist.github.com/PayHereDevs/da11e72f1ccb19c8b607d924cfe5aa96) of merchant_id,
 *   order_id, payment_id, payhere_amount, payhere_currency, status_code, md5sig,
 *   status_message, method, card_holder_name, card_no (masked), card_expiry, custom_1 and
 *   custom_2. PayHere reads nothing of the answer but its status. status_code: 2 success,
 *   0 pending, -1 canceled, -2 failed, -3 charged back.
 * - The browser's return to return_url (PayHere adds ?order_id=) proves nothing about the
 *   payment: only the notice does.
 * - The merchant_id is checked as well as md5sig, as laravel-payhere does
 *   (src/Http/Controllers/WebhookController.php: verifyPaymentNotification,
 *   verifyMerchantId).
 *
 * - Refunds, through the Merchant API (https://support.payhere.lk/api-&-mobile-sdk/merchant-api):
 *   an access token from `POST {base}/merchant/v1/oauth/token` with `Authorization: Basic
 *   base64(app_id:app_secret)` and the form `grant_type=client_credentials` (answered with
 *   `access_token`); then `POST {base}/merchant/v1/payment/refund` with `Authorization: Bearer
 *   <token>` and the JSON `{ payment_id, description, amount }` (`amount` only for part of a
 *   payment, written like the checkout's). PayHere answers `status` 1 and the refund's id in
 *   `data` when it took the refund, `status` -1 and its reason in `msg` when not. PayHere's API
 *   takes no idempotency key: the shop keeps its own per refund (domain/payments/refunds.ts),
 *   so a refund is counted once; one that timed out may have been made at PayHere, which the
 *   owner checks on the dashboard before retrying it.
 *
 * Nothing in a notice is believed before its signature and merchant are checked; the
 * signature is compared in constant time; amounts are read as text, never as floats.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import { plainAmount, plainAmountCents } from "./amounts.ts";
import type {
  GatewayCheckout,
  GatewayForm,
  GatewayNotice,
  GatewayOutcome,
  PaymentGateway,
  ProviderRefundRequest,
  ProviderRefundResult,
} from "../../domain/payments/gateway.ts";

export const PAYHERE_SANDBOX_CHECKOUT = "https://sandbox.payhere.lk/pay/checkout";
export const PAYHERE_LIVE_CHECKOUT = "https://www.payhere.lk/pay/checkout";
/** Where the shop serves the local simulator (adapters/payments/payhere_simulator.ts). */
export const PAYHERE_LOCAL_BASE = "/payhere-local";

/**
 * The checkout a shop posts to: PayHere's sandbox ("true"), its live site ("false"), or the
 * simulator the shop serves itself ("local").
 */
export function payhereCheckoutUrl(mode: "true" | "false" | "local", shopUrl: string): string {
  if (mode === "local") return `${shopUrl}${PAYHERE_LOCAL_BASE}/pay/checkout`;
  return mode === "true" ? PAYHERE_SANDBOX_CHECKOUT : PAYHERE_LIVE_CHECKOUT;
}

/** UPPER(md5(text)), hexadecimal. */
export function md5Upper(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex").toUpperCase();
}

/** Cents as PayHere writes an amount: two decimals, no separator ("4351.50"). */
export const payhereAmount = plainAmount;
/** An amount PayHere wrote (`"4351.50"`), in cents; undefined when it is not one. */
export const amountCents = plainAmountCents;

/** The hash of a checkout form. */
export function checkoutHash(
  merchantId: string,
  orderId: string,
  amount: string,
  currency: string,
  merchantSecret: string,
): string {
  return md5Upper(merchantId + orderId + amount + currency + md5Upper(merchantSecret));
}

/** The `md5sig` of a notice. */
export function noticeSignature(
  fields: {
    merchant_id: string;
    order_id: string;
    payhere_amount: string;
    payhere_currency: string;
    status_code: string;
  },
  merchantSecret: string,
): string {
  return md5Upper(
    fields.merchant_id + fields.order_id + fields.payhere_amount + fields.payhere_currency +
      fields.status_code + md5Upper(merchantSecret),
  );
}

const OUTCOMES: Readonly<Record<string, GatewayOutcome>> = {
  "2": "paid",
  "0": "pending",
  "-1": "cancelled",
  "-2": "failed",
  "-3": "chargedback",
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8"), right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface PayHereSettings {
  merchantId: string;
  merchantSecret: string;
  /** Where the shopper's form posts (`payhereCheckoutUrl`). */
  checkoutUrl: string;
  /**
   * The Merchant API (refunds): its base (`payhereApiBase`), the App ID and App Secret of a
   * business app with the refund permission; without it the shop refunds no card payment.
   */
  api?: {
    baseUrl: string;
    appId: string;
    appSecret: string;
    /** How long a call may take; 15 s when absent. */
    timeoutMs?: number;
    /** The global fetch when absent. */
    fetch?: typeof fetch;
  };
}

export const PAYHERE_SANDBOX_API = "https://sandbox.payhere.lk";
export const PAYHERE_LIVE_API = "https://www.payhere.lk";

/** The base of the Merchant API for a mode, as `payhereCheckoutUrl` is for the checkout. */
export function payhereApiBase(mode: "true" | "false" | "local", shopUrl: string): string {
  if (mode === "local") return `${shopUrl}${PAYHERE_LOCAL_BASE}`;
  return mode === "true" ? PAYHERE_SANDBOX_API : PAYHERE_LIVE_API;
}

/** What PayHere's refund API answers. */
interface RefundAnswer {
  status?: unknown;
  msg?: unknown;
  data?: unknown;
}

export class PayHereGateway implements PaymentGateway {
  readonly name = "PayHere";
  readonly key = "payhere";
  readonly #settings: PayHereSettings;

  constructor(settings: PayHereSettings) {
    this.#settings = settings;
    if (settings.api) this.refund = (request) => this.#refund(request);
  }

  /**
   * Refunds all or part of a payment through the Merchant API; any failure (no token, a
   * refusal, an error, no answer in time) is a failed refund with PayHere's words. Absent
   * when the App ID and Secret are not set: the shop then refunds no card payment.
   */
  readonly refund?: (request: ProviderRefundRequest) => Promise<ProviderRefundResult>;

  async #refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
    const api = this.#settings.api;
    if (!api) return { kind: "failed", answer: "PayHere's App ID and App Secret are not set" };
    const call = api.fetch ?? fetch;
    const base = api.baseUrl.replace(/\/+$/, "");
    const timeout = api.timeoutMs ?? 15_000;
    let token: string;
    try {
      const answer = await call(`${base}/merchant/v1/oauth/token`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${btoa(`${api.appId}:${api.appSecret}`)}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
        redirect: "error",
        signal: AbortSignal.timeout(timeout),
      });
      const body = await answer.json().catch(() => ({}));
      if (!answer.ok || typeof body.access_token !== "string" || body.access_token === "") {
        return {
          kind: "failed",
          answer: `PayHere refused the App ID and Secret (${answer.status}${
            typeof body.error === "string" ? `: ${body.error}` : ""
          })`,
        };
      }
      token = body.access_token;
    } catch (error) {
      return { kind: "failed", answer: `PayHere's token did not come: ${describe(error)}` };
    }
    try {
      const answer = await call(`${base}/merchant/v1/payment/refund`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          payment_id: request.paymentRef,
          description: request.description.slice(0, 255),
          ...(request.whole ? {} : { amount: payhereAmount(request.amountCents) }),
        }),
        redirect: "error",
        signal: AbortSignal.timeout(timeout),
      });
      const body: RefundAnswer = await answer.json().catch(() => ({}));
      const msg = typeof body.msg === "string" ? body.msg.slice(0, 500) : `HTTP ${answer.status}`;
      const id = typeof body.data === "number" || typeof body.data === "string"
        ? String(body.data)
        : "";
      if (answer.ok && body.status === 1 && /^[A-Za-z0-9_-]{1,60}$/.test(id)) {
        return { kind: "refunded", providerRef: id, answer: msg };
      }
      return { kind: "failed", answer: `PayHere: ${msg}` };
    } catch (error) {
      return {
        kind: "failed",
        answer: `PayHere did not answer the refund: ${describe(error)}. ` +
          "Check the PayHere dashboard before trying again.",
      };
    }
  }

  /** The origin the shopper's form posts to (the pages' form-action allows it). */
  get checkoutOrigin(): string {
    return new URL(this.#settings.checkoutUrl).origin;
  }

  checkoutForm(checkout: GatewayCheckout): GatewayForm {
    const { merchantId, merchantSecret, checkoutUrl } = this.#settings;
    const orderId = String(checkout.orderId);
    const amount = payhereAmount(checkout.amountCents);
    return {
      action: checkoutUrl,
      fields: {
        merchant_id: merchantId,
        return_url: checkout.returnUrl,
        cancel_url: checkout.cancelUrl,
        notify_url: checkout.notifyUrl,
        order_id: orderId,
        items: checkout.items,
        currency: checkout.currency,
        amount,
        first_name: checkout.customer.firstName,
        last_name: checkout.customer.lastName,
        email: checkout.customer.email,
        phone: checkout.customer.phone,
        address: checkout.customer.address,
        city: checkout.customer.city,
        country: checkout.customer.country,
        hash: checkoutHash(merchantId, orderId, amount, checkout.currency, merchantSecret),
      },
    };
  }

  readNotification(fields: Record<string, string>): GatewayNotice {
    const required = [
      "merchant_id",
      "order_id",
      "payhere_amount",
      "payhere_currency",
      "status_code",
      "md5sig",
    ] as const;
    const missing = required.filter((name) => typeof fields[name] !== "string");
    if (missing.length > 0) {
      return { kind: "refused", reason: "malformed", detail: `missing ${missing.join(", ")}` };
    }
    const signed = {
      merchant_id: fields.merchant_id,
      order_id: fields.order_id,
      payhere_amount: fields.payhere_amount,
      payhere_currency: fields.payhere_currency,
      status_code: fields.status_code,
    };
    const expected = noticeSignature(signed, this.#settings.merchantSecret);
    if (!sameText(expected, fields.md5sig.trim().toUpperCase())) {
      return { kind: "refused", reason: "signature", detail: "md5sig does not match" };
    }
    if (!sameText(fields.merchant_id, this.#settings.merchantId)) {
      return { kind: "refused", reason: "merchant", detail: "another merchant's notice" };
    }
    if (!/^[1-9][0-9]{0,14}$/.test(fields.order_id)) {
      return { kind: "refused", reason: "malformed", detail: "order_id is not an order number" };
    }
    const cents = amountCents(fields.payhere_amount);
    if (cents === undefined) {
      return { kind: "refused", reason: "malformed", detail: "payhere_amount is not an amount" };
    }
    const outcome = OUTCOMES[fields.status_code.trim()];
    if (outcome === undefined) {
      return { kind: "refused", reason: "malformed", detail: "unknown status_code" };
    }
    return {
      kind: "verified",
      orderId: Number(fields.order_id),
      paymentId: (fields.payment_id ?? "").slice(0, 40),
      amountCents: cents,
      currency: fields.payhere_currency,
      outcome,
      method: fields.method ? fields.method.slice(0, 40) : null,
      statusMessage: fields.status_message ? fields.status_message.slice(0, 200) : null,
    };
  }
}

function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "no answer in time";
  return error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
}
