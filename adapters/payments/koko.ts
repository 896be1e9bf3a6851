/**
 * Koko, the "buy now, pay later" provider many Sri Lankan shops offer beside cards: Koko pays
 * the shop the whole order and the customer pays Koko in three monthly instalments. Like
 * PayHere, the shopper's browser posts a form the shop signed to Koko's checkout
 * (`orderCreate`), signs in and pays there, and is sent back to `_returnUrl` (or
 * `_cancelUrl`); Koko tells the shop the outcome server to server, by a form POST to
 * `_responseUrl`, signed with Koko's private key.
 *
 * What this follows, and where it was read (Koko publishes its merchant integration as its
 * WooCommerce plugin, "Paykoko", and integrations built from it):
 * - The checkout: a form POST to https://prodapi.paykoko.com/api/merchants/orderCreate (the
 *   test system: https://qaapi.paykoko.com/api/merchants/orderCreate) of `_mId`, `api_key`,
 *   `_returnUrl`, `_cancelUrl`, `_responseUrl`, `_amount`, `_currency`, `_reference`,
 *   `_orderId`, `_pluginName`, `_pluginVersion`, `_description`, `_firstName`, `_lastName`,
 *   `_email`, `_mobileNo`, `dataString` and `signature`.
 * - `dataString`, as the plugin builds it: the concatenation of the merchant id, amount,
 *   currency, plugin name, plugin version, return URL, response URL, order id, reference,
 *   first name, last name, e-mail, description, API key and cancel URL; `signature` is its
 *   RSA-SHA256 signature (PKCS#1 v1.5) with the merchant's private key, base64 (PHP's
 *   openssl_sign with OPENSSL_ALGO_SHA256). (One published integration orders the URLs
 *   otherwise; the plugin's order is the one followed here, and Koko checks it by
 *   `dataString`, which the form carries.)
 * - The notice: a URL-encoded POST of `orderId`, `trnId`, `status` ("SUCCESS" when paid,
 *   anything else when not), `desc` and `signature`, the RSA-SHA256 signature of
 *   orderId + trnId + status with Koko's private key, checked with Koko's public key (PHP's
 *   openssl_verify). It names no amount: the amount is the one the shop signed into the
 *   checkout, the order's charge (domain/payments/card_payment.ts).
 * - Amounts are written with two decimals, a point and no separator ("4351.50").
 *
 * Koko signs every merchant's notices with the one key, and a notice names neither merchant
 * nor amount: a notice of another shop's order 12 would verify here for this shop's order 12.
 * So the shop's `_orderId` is its order number and a tag only this shop can make
 * (`12-3f9c0a1b2d4e`, an HMAC with the merchant's private key), and a notice whose tag is not
 * the shop's is refused as another merchant's.
 *
 * Koko publishes no refund API for merchants: a refund of a Koko payment is made in Koko's
 * merchant portal and recorded in the shop by hand.
 */
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  KeyObject,
  timingSafeEqual,
} from "node:crypto";
import { Buffer } from "node:buffer";
import type {
  GatewayCheckout,
  GatewayForm,
  GatewayNotice,
  PaymentGateway,
} from "../../domain/payments/gateway.ts";
import { plainAmount } from "./amounts.ts";

export const KOKO_TEST_CHECKOUT = "https://qaapi.paykoko.com/api/merchants/orderCreate";
export const KOKO_LIVE_CHECKOUT = "https://prodapi.paykoko.com/api/merchants/orderCreate";
/** Where the shop serves the local simulator (adapters/payments/koko_simulator.ts). */
export const KOKO_LOCAL_BASE = "/koko-local";
/** The plugin name and version the shop's forms carry (signed into `dataString`). */
export const KOKO_PLUGIN = { name: "pothgula", version: "1.0.0" } as const;

/**
 * The checkout a shop posts to: Koko's test system ("true"), its live one ("false"), or the
 * simulator the shop serves itself ("local").
 */
export function kokoCheckoutUrl(mode: "true" | "false" | "local", shopUrl: string): string {
  if (mode === "local") return `${shopUrl}${KOKO_LOCAL_BASE}/api/merchants/orderCreate`;
  return mode === "true" ? KOKO_TEST_CHECKOUT : KOKO_LIVE_CHECKOUT;
}

/** The fields of a checkout form that `dataString` signs, in the plugin's order. */
export const SIGNED_CHECKOUT_FIELDS = [
  "_mId",
  "_amount",
  "_currency",
  "_pluginName",
  "_pluginVersion",
  "_returnUrl",
  "_responseUrl",
  "_orderId",
  "_reference",
  "_firstName",
  "_lastName",
  "_email",
  "_description",
  "api_key",
  "_cancelUrl",
] as const;

/** The `dataString` of a checkout form's fields. */
export function checkoutDataString(fields: Record<string, string>): string {
  return SIGNED_CHECKOUT_FIELDS.map((name) => fields[name] ?? "").join("");
}

/** The text a notice's signature signs. */
export function noticeDataString(fields: { orderId: string; trnId: string; status: string }) {
  return fields.orderId + fields.trnId + fields.status;
}

/** RSA-SHA256 (PKCS#1 v1.5) of `text` with `key`, base64. */
export function rsaSign(text: string, key: KeyObject | string): string {
  return createSign("RSA-SHA256").update(text, "utf8").end().sign(key, "base64");
}

/** Whether `signature` (base64) is `key`'s RSA-SHA256 signature of `text`. */
export function rsaVerify(text: string, signature: string, key: KeyObject | string): boolean {
  try {
    return createVerify("RSA-SHA256").update(text, "utf8").end().verify(key, signature, "base64");
  } catch {
    return false;
  }
}

/**
 * A PEM key as settings carry it: environment variables often hold "\n" for its line breaks.
 */
export function pemText(text: string): string {
  return text.replace(/\\n/g, "\n").trim();
}

export interface KokoSettings {
  merchantId: string;
  apiKey: string;
  /** The merchant's RSA private key (PEM), which signs the checkout. */
  privateKey: string;
  /** Koko's RSA public key (PEM), which checks its notices. */
  kokoPublicKey: string;
  /** Where the shopper's form posts (`kokoCheckoutUrl`). */
  checkoutUrl: string;
}

export class KokoGateway implements PaymentGateway {
  readonly name = "Koko";
  readonly key = "koko";
  readonly #settings: KokoSettings;
  readonly #privateKey: KeyObject;
  readonly #kokoKey: KeyObject;
  readonly #tagKey: string;

  /** Throws when a key is not a PEM RSA key: the shop does not start with a broken one. */
  constructor(settings: KokoSettings) {
    this.#settings = settings;
    this.#privateKey = createPrivateKey(pemText(settings.privateKey));
    this.#kokoKey = createPublicKey(pemText(settings.kokoPublicKey));
    this.#tagKey = pemText(settings.privateKey);
  }

  /** The order's id as this shop sends it to Koko: `12-3f9c0a1b2d4e`. */
  kokoOrderId(orderId: number): string {
    const tag = createHmac("sha256", this.#tagKey).update(`koko-order:${orderId}`).digest("hex");
    return `${orderId}-${tag.slice(0, 12)}`;
  }

  get checkoutOrigin(): string {
    return new URL(this.#settings.checkoutUrl).origin;
  }

  checkoutForm(checkout: GatewayCheckout): GatewayForm {
    const { merchantId, apiKey, checkoutUrl } = this.#settings;
    const orderId = this.kokoOrderId(checkout.orderId);
    const fields: Record<string, string> = {
      _mId: merchantId,
      api_key: apiKey,
      _returnUrl: checkout.returnUrl,
      _cancelUrl: checkout.cancelUrl,
      _responseUrl: checkout.notifyUrl,
      _amount: plainAmount(checkout.amountCents),
      _currency: checkout.currency,
      _reference: `${checkout.items}`.slice(0, 100),
      _orderId: orderId,
      _pluginName: KOKO_PLUGIN.name,
      _pluginVersion: KOKO_PLUGIN.version,
      _description: checkout.items,
      _firstName: checkout.customer.firstName,
      _lastName: checkout.customer.lastName,
      _email: checkout.customer.email,
      _mobileNo: checkout.customer.phone,
    };
    const dataString = checkoutDataString(fields);
    return {
      action: checkoutUrl,
      fields: { ...fields, dataString, signature: rsaSign(dataString, this.#privateKey) },
    };
  }

  readNotification(fields: Record<string, string>): GatewayNotice {
    const missing = (["orderId", "trnId", "status", "signature"] as const)
      .filter((name) => typeof fields[name] !== "string" || fields[name] === "");
    if (missing.length > 0) {
      return { kind: "refused", reason: "malformed", detail: `missing ${missing.join(", ")}` };
    }
    const signed = { orderId: fields.orderId, trnId: fields.trnId, status: fields.status };
    if (!rsaVerify(noticeDataString(signed), fields.signature, this.#kokoKey)) {
      return { kind: "refused", reason: "signature", detail: "signature does not verify" };
    }
    const match = /^([1-9][0-9]{0,14})-[0-9a-f]{12}$/.exec(fields.orderId);
    if (!match) {
      return { kind: "refused", reason: "malformed", detail: "orderId is not this shop's" };
    }
    const expected = Buffer.from(this.kokoOrderId(Number(match[1])));
    const given = Buffer.from(fields.orderId);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { kind: "refused", reason: "merchant", detail: "another merchant's order" };
    }
    return {
      kind: "verified",
      orderId: Number(match[1]),
      paymentId: fields.trnId.slice(0, 40),
      // Koko's notice names no amount: the order's charge, which the checkout signed.
      amountCents: null,
      currency: "LKR",
      outcome: fields.status.trim().toUpperCase() === "SUCCESS" ? "paid" : "failed",
      method: "Koko",
      statusMessage: fields.desc ? fields.desc.slice(0, 200) : null,
    };
  }
}
