/**
 * The payment providers a shop's configuration names, each its adapter, and the local
 * simulators to serve beside the shop for those set to `local` (the demo): the one place a
 * provider is registered (domain/payments/providers.ts names the keys, the payment policy
 * table the methods each serves).
 */
import { generateKeyPairSync } from "node:crypto";
import type { Hono } from "hono";
import type { PaymentProviders } from "../../domain/payments/providers.ts";
import {
  PAYHERE_LOCAL_BASE,
  payhereApiBase,
  payhereCheckoutUrl,
  PayHereGateway,
} from "./payhere.ts";
import { payhereSimulator } from "./payhere_simulator.ts";
import { KOKO_LOCAL_BASE, kokoCheckoutUrl, KokoGateway } from "./koko.ts";
import { kokoSimulator } from "./koko_simulator.ts";
import type { ProviderKey } from "../../domain/payments/providers.ts";

/** A simulator served at `base` on the shop's own address. */
export interface LocalSimulator {
  base: string;
  app: Hono;
}

/**
 * PayHere's settings as the configuration gives them (config.ts: PAYHERE_MERCHANT_ID,
 * PAYHERE_MERCHANT_SECRET, PAYHERE_SANDBOX).
 */
export interface PayHereConfig {
  merchantId: string;
  merchantSecret: string;
  /** "true": PayHere's sandbox; "false": live; "local": the simulator at /payhere-local. */
  mode: "true" | "false" | "local";
  /**
   * The Merchant API's business app (PAYHERE_APP_ID, PAYHERE_APP_SECRET), through which card
   * payments are refunded; without it the owner refunds them from PayHere's dashboard.
   */
  app?: { id: string; secret: string };
}

/**
 * Koko's settings as the configuration gives them (config.ts: KOKO_MERCHANT_ID, KOKO_API_KEY,
 * KOKO_PRIVATE_KEY, KOKO_PUBLIC_KEY, KOKO_SANDBOX): an account, or the simulator.
 */
export type KokoConfig =
  | {
    mode: "true" | "false";
    merchantId: string;
    apiKey: string;
    /** The merchant's RSA private key, PEM ("\n" for its line breaks in one line). */
    privateKey: string;
    /** Koko's RSA public key, PEM. */
    kokoPublicKey: string;
  }
  /** The local simulator at /koko-local: a made-up merchant, key pairs made at start. */
  | { mode: "local" };

export interface ConfiguredProviders {
  providers: PaymentProviders;
  simulators: LocalSimulator[];
}

/** The simulator's made-up Koko merchant (KOKO_SANDBOX=local). */
export const LOCAL_KOKO_MERCHANT = { id: "pothgula-local", apiKey: "local-simulator-key" } as const;

/** An RSA key pair as PEM text. */
export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
}

/**
 * The providers of a configuration. `noticeUrl` gives each provider's notice address, which
 * its simulator takes alone, as a real provider takes only a merchant's registered addresses.
 */
export function configuredProviders(
  config: { payhere?: PayHereConfig; koko?: KokoConfig; publicUrl: string },
  noticeUrl: (key: ProviderKey) => string,
): ConfiguredProviders {
  const providers: { -readonly [K in keyof PaymentProviders]: PaymentProviders[K] } = {};
  const simulators: LocalSimulator[] = [];
  const shop = (key: ProviderKey) => ({ origin: config.publicUrl, notifyUrl: noticeUrl(key) });
  if (config.payhere) {
    providers.payhere = new PayHereGateway({
      merchantId: config.payhere.merchantId,
      merchantSecret: config.payhere.merchantSecret,
      checkoutUrl: payhereCheckoutUrl(config.payhere.mode, config.publicUrl),
      // Refunds through the Merchant API, when its business app is set.
      ...(config.payhere.app
        ? {
          api: {
            baseUrl: payhereApiBase(config.payhere.mode, config.publicUrl),
            appId: config.payhere.app.id,
            appSecret: config.payhere.app.secret,
          },
        }
        : {}),
    });
    if (config.payhere.mode === "local") {
      simulators.push({
        base: PAYHERE_LOCAL_BASE,
        app: payhereSimulator({
          merchantId: config.payhere.merchantId,
          merchantSecret: config.payhere.merchantSecret,
          basePath: PAYHERE_LOCAL_BASE,
          shop: shop("payhere"),
          ...(config.payhere.app ? { app: config.payhere.app } : {}),
        }),
      });
    }
  }
  if (config.koko) {
    const checkoutUrl = kokoCheckoutUrl(config.koko.mode, config.publicUrl);
    if (config.koko.mode === "local") {
      // Both sides' keys made for this run: the merchant's signs the checkout, the
      // simulator's its notices.
      const merchant = rsaKeyPair(), koko = rsaKeyPair();
      providers.koko = new KokoGateway({
        merchantId: LOCAL_KOKO_MERCHANT.id,
        apiKey: LOCAL_KOKO_MERCHANT.apiKey,
        privateKey: merchant.privateKey,
        kokoPublicKey: koko.publicKey,
        checkoutUrl,
      });
      simulators.push({
        base: KOKO_LOCAL_BASE,
        app: kokoSimulator({
          merchantId: LOCAL_KOKO_MERCHANT.id,
          apiKey: LOCAL_KOKO_MERCHANT.apiKey,
          merchantPublicKey: merchant.publicKey,
          kokoPrivateKey: koko.privateKey,
          basePath: KOKO_LOCAL_BASE,
          shop: shop("koko"),
        }),
      });
    } else {
      providers.koko = new KokoGateway({ ...config.koko, checkoutUrl });
    }
  }
  return { providers, simulators };
}
