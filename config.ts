/**
 * The shop's configuration, read once from the environment by one zod schema. Every
 * problem is reported together, one line each naming the variable. Only main.ts reads
 * the environment and passes it here.
 */
import { z } from "zod";
import { type BankDetails, type ShopInfo, whatsappDigits } from "./domain/shop.ts";
import { DEFAULT_ORDER_RULES, type OrderRules } from "./domain/orders/place_order.ts";
import { rupeesToCents } from "./domain/money.ts";
import { DEFAULT_SLIP_RULES, type SlipRules } from "./domain/orders/payment_proofs.ts";
import {
  DEFAULT_IPV6_PREFIX_LENGTH,
  isAddressOrRange,
  type TrustProxy,
} from "./http/auth/client_address.ts";
import { DEFAULT_AUTH_LIMITS } from "./http/auth/routes.ts";
import { DEFAULT_ORDER_CONTACT_LIMIT, DEFAULT_ORDER_LIMIT } from "./http/routes/orders.ts";
import { DEFAULT_CODE_REFUSAL_SHOP_LIMIT } from "./http/routes/code_attempts.ts";
import { NOTIFYLK_SEND_URL } from "./adapters/sms/notifylk.ts";
import type { KokoConfig, PayHereConfig } from "./adapters/payments/configured.ts";
import type { CourierApiConfig } from "./adapters/couriers/configured.ts";

export interface Config {
  port: number;
  /** The address to listen on: 0.0.0.0 (every interface) unless told. */
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  /** Absolute, without a trailing slash. */
  publicUrl: string;
  /** Unset: generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  /** The password of the admin ADMIN_EMAIL names when it is created (or has none). */
  adminPassword: string | undefined;
  /** ADMIN_PASSWORD_RESET: set ADMIN_PASSWORD again at this start, whatever it was. */
  adminPasswordReset: boolean;
  /** Unset: mail is written as .eml files under `dataDir/mail`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  bank: BankDetails;
  shop: ShopInfo;
  seedDemo: boolean;
  /** Where uploads live: the local disk (one process) or PostgreSQL (several processes). */
  imageStorage: "disk" | "postgres";
  /** Which X-Forwarded-For entries to believe: only behind the shop's own reverse proxies. */
  trustProxy: TrustProxy;
  /** Per-address limits count an IPv6 client by its network of this many bits. */
  ipv6PrefixLength: number;
  /** Orders per address and per e-mail or phone, and failed logins per account and address. */
  limits: {
    orders: RateRule;
    ordersPerContact: RateRule;
    loginPerAccount: RateRule;
    loginPerAddress: RateRule;
    /** Refused discount codes across all addresses before every client is slowed. */
    codeRefusalsShop: RateRule;
  };
  /** The first wait before a mail that failed is tried again; it doubles each time. */
  mailRetrySeconds: number;
  /** How often the shop looks for unpaid orders whose time is up (and lapses them). */
  lapseCheckSeconds: number;
  /** The longest a stop (SIGTERM) waits for requests under way. */
  stopGraceSeconds: number;
  /**
   * How long unpaid orders hold their stock (Bank Deposit, after a slip, COD), copies of one
   * item an order may hold, and what one client's unpaid orders may hold at once.
   */
  orderRules: OrderRules;
  /** Where the shop's notices of new orders and deposit slips go. */
  orderNotifyEmail: string;
  /** Deposit slips one client may send in a window, and the window of the shop's digest of them. */
  slipRules: SlipRules;
  /**
   * PayHere, the card gateway: its merchant id and secret, and which checkout it posts to
   * (its sandbox, its live site, or the local simulator this shop serves itself). Unset:
   * card payment is not offered.
   */
  payhere: PayHereConfig | undefined;
  /**
   * Koko, instalments: the merchant id, API key, the merchant's private key and Koko's public
   * key, and which checkout it posts to (Koko's test system, live, or the local simulator).
   * Unset: Koko is not offered.
   */
  koko: KokoConfig | undefined;
  /**
   * The couriers' APIs the shop drives (KOOMBIYO_API_KEY, KOOMBIYO_BASE_URL); a courier
   * whose API is not set is handled by hand on the same screens.
   */
  couriers: CourierApiConfig;
  /** Texts to customers through Notify.lk; undefined (SMS off) unless its account is set. */
  sms: SmsConfig | undefined;
}

/** The Notify.lk account texts go through (NOTIFYLK_*). */
export interface SmsConfig {
  userId: string;
  apiKey: string;
  senderId: string;
  /** The send endpoint: Notify.lk's own unless NOTIFYLK_URL says otherwise. */
  url: string;
}

/** `limit` events in `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** The demo values a fresh checkout starts with. */
export const DEMO_DEFAULTS = {
  BANK_NAME: "Bank of Ceylon",
  BANK_BRANCH: "Mount Lavinia",
  BANK_ACCOUNT_NAME: "Pothgula Books and Stationery",
  BANK_ACCOUNT_NUMBER: "0081234567",
  WHATSAPP_NUMBER: "+94 77 123 4567",
  SHOP_EMAIL: "hello@pothgula.lk",
  SHOP_PHONE_1: "+94 11 273 4567",
  SHOP_PHONE_2: "+94 77 123 4567",
  SHOP_ADDRESS: "42 Hotel Road, Mount Lavinia 10370, Sri Lanka",
} as const;

const TRUE_WORDS = ["1", "true", "yes", "on"];
const FALSE_WORDS = ["0", "false", "no", "off"];

/** Empty values count as unset, as container environments often pass them. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
}

function text(max: number) {
  return z.string().trim().min(1, "must not be blank").max(
    max,
    `must be at most ${max} characters`,
  );
}

function urlWithSchemes(schemes: string[], what: string) {
  return z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${what} URL (${schemes.map((s) => `${s}//`).join(" or ")}...)`);
}

const email = z.string().trim().pipe(z.email("must be an e-mail address"));

/** `1` or `0` (true/false, yes/no, on/off). */
function flag() {
  return z.string().trim().toLowerCase().refine(
    (v) => TRUE_WORDS.includes(v) || FALSE_WORDS.includes(v),
    "must be 1 or 0 (true/false, yes/no, on/off)",
  ).transform((v) => TRUE_WORDS.includes(v));
}

const ENV_SCHEMA = z.object({
  PORT: optional(
    z.string().regex(/^\d{1,5}$/, "must be a whole number from 1 to 65535").transform(Number)
      .refine((n) => n >= 1 && n <= 65535, "must be a whole number from 1 to 65535"),
  ),
  DATA_DIR: optional(text(4096)),
  DATABASE_URL: optional(urlWithSchemes(["postgres:", "postgresql:"], "a PostgreSQL")),
  PUBLIC_URL: optional(urlWithSchemes(["http:", "https:"], "an absolute http(s)")),
  JWT_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  ADMIN_EMAIL: optional(email),
  ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
  ADMIN_PASSWORD_RESET: optional(flag()),
  SMTP_URL: optional(urlWithSchemes(["smtp:", "smtps:"], "an smtp or smtps")),
  MAIL_FROM: optional(text(320)),
  BANK_NAME: optional(text(200)),
  BANK_BRANCH: optional(text(200)),
  BANK_ACCOUNT_NAME: optional(text(200)),
  BANK_ACCOUNT_NUMBER: optional(text(60)),
  WHATSAPP_NUMBER: optional(
    text(40).refine(
      (v) => whatsappDigits(v) !== undefined,
      "must be a phone number WhatsApp can reach, such as +94 77 123 4567",
    ),
  ),
  SHOP_EMAIL: optional(email),
  SHOP_PHONE_1: optional(text(40)),
  SHOP_PHONE_2: optional(text(40)),
  SHOP_ADDRESS: optional(text(300)),
  SEED_DEMO: optional(flag()),
});

/** `COUNT/SECONDS`, e.g. `30/600` for 30 in 10 minutes. */
function rateRule() {
  return z.string().trim().regex(/^\d{1,7}\/\d{1,7}$/, "must be COUNT/SECONDS, e.g. 30/600")
    .transform((v) => v.split("/").map(Number))
    .refine(([count, seconds]) => count >= 1 && seconds >= 1, "must be at least 1/1")
    .transform(([count, seconds]): RateRule => ({ limit: count, windowMs: seconds * 1000 }));
}

/**
 * `0` (off), a number of appending proxies in front (`1` to `9`; `true` is 1), or a
 * comma-separated list of the proxies' addresses or CIDR ranges.
 */
function trustProxy() {
  const problem = "must be 0, a number of proxies (1 to 9) or a comma-separated list of " +
    "proxy addresses or CIDR ranges";
  return z.string().trim().transform((value, ctx): TrustProxy => {
    const word = value.toLowerCase();
    if (FALSE_WORDS.includes(word)) return { kind: "none" };
    if (TRUE_WORDS.includes(word) && !/^\d$/.test(word)) return { kind: "hops", hops: 1 };
    if (/^[1-9]$/.test(word)) return { kind: "hops", hops: Number(word) };
    const ranges = value.split(",").map((part) => part.trim()).filter(Boolean);
    if (ranges.length === 0 || !ranges.every(isAddressOrRange)) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return { kind: "addresses", ranges };
  });
}

/** An IP address or a host name to listen on. */
const listenHost = z.string().trim().refine(
  (v) => isAddressOrRange(v) && !v.includes("/") || /^[a-z\d]([a-z\d.-]{0,252})$/i.test(v),
  "must be an IP address or a host name, e.g. 127.0.0.1",
);

const RELIABILITY_SCHEMA = z.object({
  STOP_GRACE_SECONDS: optional(
    z.string().regex(/^\d{1,4}$/, "must be a whole number of seconds").transform(Number)
      .refine((n) => n >= 1, "must be at least 1"),
  ),
  HOST: optional(listenHost),
  IMAGE_STORAGE: optional(z.enum(["disk", "postgres"], "must be disk or postgres")),
  TRUST_PROXY: optional(trustProxy()),
  IPV6_PREFIX_LENGTH: optional(
    z.string().regex(/^\d{1,3}$/, "must be a whole number of bits from 1 to 128")
      .transform(Number).refine((n) => n >= 1 && n <= 128, "must be from 1 to 128"),
  ),
  ORDER_RATE_LIMIT: optional(rateRule()),
  ORDER_RATE_LIMIT_CONTACT: optional(rateRule()),
  LOGIN_RATE_LIMIT_ACCOUNT: optional(rateRule()),
  LOGIN_RATE_LIMIT_ADDRESS: optional(rateRule()),
  MAIL_RETRY_SECONDS: optional(
    z.string().regex(/^\d{1,6}$/, "must be a whole number of seconds").transform(Number)
      .refine((n) => n >= 1, "must be at least 1"),
  ),
  LAPSE_CHECK_SECONDS: optional(
    z.string().regex(/^\d{1,4}$/, "must be a whole number of seconds").transform(Number)
      .refine((n) => n >= 1 && n <= 3600, "must be from 1 to 3600"),
  ),
  BANK_DEPOSIT_HOURS: optional(
    z.string().regex(/^\d{1,5}(\.\d{1,4})?$/, "must be a number of hours such as 48 or 0.5")
      .transform(Number).refine((n) => n > 0, "must be more than 0"),
  ),
  ORDER_NOTIFY_EMAIL: optional(email),
  MAX_LINE_QUANTITY: optional(
    z.string().regex(/^\d{1,5}$/, "must be a whole number").transform(Number)
      .refine((n) => n >= 1 && n <= 10_000, "must be from 1 to 10000"),
  ),
  SLIP_REVIEW_HOURS: optional(
    z.string().regex(/^\d{1,5}(\.\d{1,4})?$/, "must be a number of hours such as 72 or 0.5")
      .transform(Number).refine((n) => n > 0, "must be more than 0"),
  ),
  COD_CONFIRM_DAYS: optional(
    z.string().regex(/^\d{1,3}(\.\d{1,6})?$/, "must be a number of days such as 7 or 0.5")
      .transform(Number).refine((n) => n > 0, "must be more than 0"),
  ),
  HOLD_MAX_UNITS: optional(
    z.string().regex(/^\d{1,7}$/, "must be a whole number of copies").transform(Number)
      .refine((n) => n >= 1, "must be at least 1"),
  ),
  HOLD_MAX_UNITS_ADDRESS: optional(
    z.string().regex(/^\d{1,7}$/, "must be a whole number of copies").transform(Number)
      .refine((n) => n >= 1, "must be at least 1"),
  ),
  SLIP_RATE_LIMIT: optional(rateRule()),
  CODE_REFUSAL_SHOP_LIMIT: optional(rateRule()),
  SLIP_DIGEST_MINUTES: optional(
    z.string().regex(/^\d{1,4}(\.\d{1,4})?$/, "must be a number of minutes such as 15")
      .transform(Number).refine((n) => n > 0, "must be more than 0"),
  ),
  CARD_PAYMENT_MINUTES: optional(
    z.string().regex(/^\d{1,4}(\.\d{1,4})?$/, "must be a number of minutes such as 30")
      .transform(Number).refine((n) => n > 0, "must be more than 0"),
  ),
  PAYHERE_MERCHANT_ID: optional(
    z.string().trim().regex(/^[0-9]{1,20}$/, "must be PayHere's numeric merchant id"),
  ),
  PAYHERE_MERCHANT_SECRET: optional(
    z.string().trim().min(8, "must be the merchant secret PayHere gives").max(200),
  ),
  PAYHERE_APP_ID: optional(
    z.string().trim().regex(/^[A-Za-z0-9]{4,100}$/, "must be the App ID of a PayHere business app"),
  ),
  PAYHERE_APP_SECRET: optional(
    z.string().trim().regex(
      /^[A-Za-z0-9]{8,200}$/,
      "must be the App Secret of a PayHere business app",
    ),
  ),
  PAYHERE_SANDBOX: optional(
    z.enum(["true", "false", "local"], "must be true (PayHere's sandbox), false (live) or local"),
  ),
  KOKO_MERCHANT_ID: optional(
    z.string().trim().regex(/^[A-Za-z0-9_-]{1,60}$/, "must be the merchant id Koko gives"),
  ),
  KOKO_API_KEY: optional(z.string().trim().min(8, "must be the API key Koko gives").max(200)),
  KOKO_PRIVATE_KEY: optional(
    z.string().trim().regex(/-----BEGIN (RSA )?PRIVATE KEY-----/, "must be a PEM RSA private key")
      .max(10_000),
  ),
  KOKO_PUBLIC_KEY: optional(
    z.string().trim().regex(/-----BEGIN (RSA )?PUBLIC KEY-----/, "must be Koko's PEM public key")
      .max(10_000),
  ),
  KOKO_SANDBOX: optional(
    z.enum(["true", "false", "local"], "must be true (Koko's test system), false (live) or local"),
  ),
  KOOMBIYO_API_KEY: optional(
    z.string().trim().regex(/^[A-Za-z0-9_-]{8,200}$/, "must be the API key Koombiyo gives"),
  ),
  KOOMBIYO_BASE_URL: optional(
    z.string().trim().url(
      "must be the address of Koombiyo's API, such as https://application.koombiyodelivery.lk/api",
    ),
  ),
  HOLD_MAX_LKR: optional(
    z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "must be an amount in rupees such as 500000")
      .transform(Number).refine((n) => n >= 1, "must be at least 1"),
  ),
  HOLD_MAX_LKR_ADDRESS: optional(
    z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "must be an amount in rupees such as 2500000")
      .transform(Number).refine((n) => n >= 1, "must be at least 1"),
  ),
});

/** Notify.lk's account: all three of ID, key and sender, or none (SMS off). */
const SMS_SCHEMA = z.object({
  NOTIFYLK_USER_ID: optional(z.string().trim().regex(/^\d{1,20}$/, "must be the numeric user ID")),
  NOTIFYLK_API_KEY: optional(text(200)),
  NOTIFYLK_SENDER_ID: optional(
    z.string().trim().regex(
      /^[A-Za-z0-9 ]{1,11}$/,
      "must be the approved sender ID: up to 11 letters and digits",
    ),
  ),
  NOTIFYLK_URL: optional(urlWithSchemes(["http:", "https:"], "an absolute http(s)")),
});

const FULL_SCHEMA = ENV_SCHEMA.extend(RELIABILITY_SCHEMA.shape).extend(SMS_SCHEMA.shape);

type Env = z.output<typeof FULL_SCHEMA>;
const ENV_NAMES = Object.keys(FULL_SCHEMA.shape);

function toConfig(env: Env): Config {
  const port = env.PORT ?? 8000;
  const shopEmail = env.SHOP_EMAIL ?? DEMO_DEFAULTS.SHOP_EMAIL;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: env.DATA_DIR ?? "./data",
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    jwtSecret: env.JWT_SECRET,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    adminPasswordReset: env.ADMIN_PASSWORD_RESET ?? false,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Pothgula <${shopEmail}>`,
    bank: {
      bankName: env.BANK_NAME ?? DEMO_DEFAULTS.BANK_NAME,
      bankBranch: env.BANK_BRANCH ?? DEMO_DEFAULTS.BANK_BRANCH,
      accountName: env.BANK_ACCOUNT_NAME ?? DEMO_DEFAULTS.BANK_ACCOUNT_NAME,
      accountNumber: env.BANK_ACCOUNT_NUMBER ?? DEMO_DEFAULTS.BANK_ACCOUNT_NUMBER,
      whatsappNumber: env.WHATSAPP_NUMBER ?? DEMO_DEFAULTS.WHATSAPP_NUMBER,
    },
    shop: {
      name: "Pothgula",
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
      email: shopEmail,
      phones: [
        env.SHOP_PHONE_1 ?? DEMO_DEFAULTS.SHOP_PHONE_1,
        env.SHOP_PHONE_2 ?? DEMO_DEFAULTS.SHOP_PHONE_2,
      ],
      address: env.SHOP_ADDRESS ?? DEMO_DEFAULTS.SHOP_ADDRESS,
      whatsappNumber: env.WHATSAPP_NUMBER ?? DEMO_DEFAULTS.WHATSAPP_NUMBER,
    },
    seedDemo: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
    imageStorage: env.IMAGE_STORAGE ?? "disk",
    trustProxy: env.TRUST_PROXY ?? { kind: "none" },
    ipv6PrefixLength: env.IPV6_PREFIX_LENGTH ?? DEFAULT_IPV6_PREFIX_LENGTH,
    // Unset limits and rules are the ones the shop's code keeps beside each rule.
    limits: {
      orders: env.ORDER_RATE_LIMIT ?? { ...DEFAULT_ORDER_LIMIT },
      ordersPerContact: env.ORDER_RATE_LIMIT_CONTACT ?? { ...DEFAULT_ORDER_CONTACT_LIMIT },
      loginPerAccount: env.LOGIN_RATE_LIMIT_ACCOUNT ?? { ...DEFAULT_AUTH_LIMITS.perAccount },
      loginPerAddress: env.LOGIN_RATE_LIMIT_ADDRESS ?? { ...DEFAULT_AUTH_LIMITS.perAddress },
      codeRefusalsShop: env.CODE_REFUSAL_SHOP_LIMIT ?? { ...DEFAULT_CODE_REFUSAL_SHOP_LIMIT },
    },
    mailRetrySeconds: env.MAIL_RETRY_SECONDS ?? 30,
    lapseCheckSeconds: env.LAPSE_CHECK_SECONDS ?? 15,
    stopGraceSeconds: env.STOP_GRACE_SECONDS ?? 20,
    orderNotifyEmail: env.ORDER_NOTIFY_EMAIL ?? shopEmail,
    slipRules: {
      perClient: env.SLIP_RATE_LIMIT ?? { ...DEFAULT_SLIP_RULES.perClient },
      digestMinutes: env.SLIP_DIGEST_MINUTES ?? DEFAULT_SLIP_RULES.digestMinutes,
    },
    orderRules: {
      bankDepositHours: env.BANK_DEPOSIT_HOURS ?? DEFAULT_ORDER_RULES.bankDepositHours,
      slipReviewHours: env.SLIP_REVIEW_HOURS ?? DEFAULT_ORDER_RULES.slipReviewHours,
      codConfirmHours: env.COD_CONFIRM_DAYS === undefined
        ? DEFAULT_ORDER_RULES.codConfirmHours
        : env.COD_CONFIRM_DAYS * 24,
      cardPaymentHours: env.CARD_PAYMENT_MINUTES === undefined
        ? DEFAULT_ORDER_RULES.cardPaymentHours
        : env.CARD_PAYMENT_MINUTES / 60,
      maxLineQuantity: env.MAX_LINE_QUANTITY ?? DEFAULT_ORDER_RULES.maxLineQuantity,
      holdLimits: {
        maxUnits: env.HOLD_MAX_UNITS ?? DEFAULT_ORDER_RULES.holdLimits.maxUnits,
        maxCents: env.HOLD_MAX_LKR === undefined
          ? DEFAULT_ORDER_RULES.holdLimits.maxCents
          : rupeesToCents(env.HOLD_MAX_LKR) ?? DEFAULT_ORDER_RULES.holdLimits.maxCents,
        addressMaxUnits: env.HOLD_MAX_UNITS_ADDRESS ??
          DEFAULT_ORDER_RULES.holdLimits.addressMaxUnits,
        addressMaxCents: env.HOLD_MAX_LKR_ADDRESS === undefined
          ? DEFAULT_ORDER_RULES.holdLimits.addressMaxCents
          : rupeesToCents(env.HOLD_MAX_LKR_ADDRESS) ??
            DEFAULT_ORDER_RULES.holdLimits.addressMaxCents,
      },
    },
    payhere: payhereSettings(env),
    koko: kokoSettings(env),
    couriers: env.KOOMBIYO_API_KEY
      ? { koombiyo: { apiKey: env.KOOMBIYO_API_KEY, baseUrl: env.KOOMBIYO_BASE_URL } }
      : {},
    sms: env.NOTIFYLK_USER_ID && env.NOTIFYLK_API_KEY && env.NOTIFYLK_SENDER_ID
      ? {
        userId: env.NOTIFYLK_USER_ID,
        apiKey: env.NOTIFYLK_API_KEY,
        senderId: env.NOTIFYLK_SENDER_ID,
        url: env.NOTIFYLK_URL ?? NOTIFYLK_SEND_URL,
      }
      : undefined,
  };
}

/**
 * The card gateway's settings. The local simulator needs no account: `PAYHERE_SANDBOX=local`
 * alone turns it on with a made-up merchant.
 */
function payhereSettings(env: Env): PayHereConfig | undefined {
  if (env.PAYHERE_SANDBOX === "local") {
    return {
      merchantId: env.PAYHERE_MERCHANT_ID ?? LOCAL_MERCHANT.id,
      merchantSecret: env.PAYHERE_MERCHANT_SECRET ?? LOCAL_MERCHANT.secret,
      mode: "local",
      app: {
        id: env.PAYHERE_APP_ID ?? LOCAL_APP.id,
        secret: env.PAYHERE_APP_SECRET ?? LOCAL_APP.secret,
      },
    };
  }
  if (env.PAYHERE_MERCHANT_ID === undefined || env.PAYHERE_MERCHANT_SECRET === undefined) {
    return undefined;
  }
  return {
    merchantId: env.PAYHERE_MERCHANT_ID,
    merchantSecret: env.PAYHERE_MERCHANT_SECRET,
    mode: env.PAYHERE_SANDBOX ?? "true",
    ...(env.PAYHERE_APP_ID !== undefined && env.PAYHERE_APP_SECRET !== undefined
      ? { app: { id: env.PAYHERE_APP_ID, secret: env.PAYHERE_APP_SECRET } }
      : {}),
  };
}

/** Koko's settings: the local simulator needs none, a real account all four values. */
function kokoSettings(env: Env): KokoConfig | undefined {
  if (env.KOKO_SANDBOX === "local") return { mode: "local" };
  if (
    !env.KOKO_MERCHANT_ID || !env.KOKO_API_KEY || !env.KOKO_PRIVATE_KEY || !env.KOKO_PUBLIC_KEY
  ) return undefined;
  return {
    mode: env.KOKO_SANDBOX ?? "true",
    merchantId: env.KOKO_MERCHANT_ID,
    apiKey: env.KOKO_API_KEY,
    privateKey: env.KOKO_PRIVATE_KEY,
    kokoPublicKey: env.KOKO_PUBLIC_KEY,
  };
}

/** The simulator's made-up merchant, used when `PAYHERE_SANDBOX=local` names none. */
export const LOCAL_MERCHANT = { id: "1211149", secret: "local-simulator-secret" } as const;

/** The simulator's made-up business app (refunds), used when `PAYHERE_SANDBOX=local` names none. */
export const LOCAL_APP = { id: "LocalApp4Refunds", secret: "LocalAppSecret4Refunds" } as const;

/**
 * A warning for a start with the local simulator and merchant settings that look like a real
 * account's: the simulator signs notices with that secret, so anyone who can pay on it mints
 * notices a shop with the same merchant would take as PayHere's. Undefined otherwise.
 *
 * @example localPayHereWarning({ PAYHERE_SANDBOX: "local", PAYHERE_MERCHANT_SECRET: "MzE..." }) // a warning
 */
export function localPayHereWarning(env: Record<string, string | undefined>): string | undefined {
  if (env.PAYHERE_SANDBOX !== "local") return undefined;
  const id = env.PAYHERE_MERCHANT_ID?.trim();
  const secret = env.PAYHERE_MERCHANT_SECRET?.trim();
  const named = [
    id && id !== LOCAL_MERCHANT.id ? "PAYHERE_MERCHANT_ID" : "",
    secret && secret !== LOCAL_MERCHANT.secret ? "PAYHERE_MERCHANT_SECRET" : "",
  ].filter(Boolean);
  if (named.length === 0) return undefined;
  return `PAYHERE_SANDBOX=local signs the simulator's notices with ${named.join(" and ")}: ` +
    "they look like a real merchant's; leave them unset for the simulator, or use PAYHERE_SANDBOX=true";
}

/** The admin's e-mail and password come together: one alone leaves the password unknown. */
function pairProblems(env: Record<string, string | undefined>): string[] {
  const email = Boolean(env.ADMIN_EMAIL), password = Boolean(env.ADMIN_PASSWORD);
  if (email && !password) return ["ADMIN_PASSWORD: must be set when ADMIN_EMAIL is set"];
  if (password && !email) return ["ADMIN_EMAIL: must be set when ADMIN_PASSWORD is set"];
  if (env.ADMIN_PASSWORD_RESET && !password) {
    return ["ADMIN_PASSWORD_RESET: needs ADMIN_EMAIL and ADMIN_PASSWORD"];
  }
  if (
    env.PAYHERE_SANDBOX !== "local" &&
    Boolean(env.PAYHERE_MERCHANT_ID) !== Boolean(env.PAYHERE_MERCHANT_SECRET)
  ) {
    return [
      "PAYHERE_MERCHANT_ID, PAYHERE_MERCHANT_SECRET: set both to offer card payment, or neither",
    ];
  }
  if (env.KOOMBIYO_BASE_URL && !env.KOOMBIYO_API_KEY) {
    return ["KOOMBIYO_BASE_URL: needs KOOMBIYO_API_KEY"];
  }
  return [...kokoProblems(env), ...smsProblems(env)];
}

/** Koko's four account values come together (unless the local simulator is asked for). */
function kokoProblems(env: Record<string, string | undefined>): string[] {
  if (env.KOKO_SANDBOX === "local") return [];
  const names = ["KOKO_MERCHANT_ID", "KOKO_API_KEY", "KOKO_PRIVATE_KEY", "KOKO_PUBLIC_KEY"];
  const set = names.filter((name) => Boolean(env[name]));
  if (set.length === 0 || set.length === names.length) return [];
  return [`${names.join(", ")}: set all four to offer Koko, or none`];
}

/** Notify.lk's three account values come together: one or two alone would send nothing. */
function smsProblems(env: Record<string, string | undefined>): string[] {
  const names = ["NOTIFYLK_USER_ID", "NOTIFYLK_API_KEY", "NOTIFYLK_SENDER_ID"];
  const set = names.filter((name) => env[name]?.trim());
  if (set.length === 0) {
    return env.NOTIFYLK_URL ? ["NOTIFYLK_URL: needs " + names.join(", ")] : [];
  }
  return names.filter((name) => !set.includes(name))
    .map((name) => `${name}: must be set with ${set.join(" and ")}`);
}

/** One line per problem, naming the variable; secrets are never echoed. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? "environment");
  return `${name}: ${issue.message}`;
}

/**
 * Parses the environment into the shop's configuration.
 *
 * @example
 * loadConfig({ PORT: "abc" }) // { ok: false, problems: ["PORT: must be a whole number from 1 to 65535"] }
 */
export function loadConfig(env: Record<string, string | undefined>): ConfigResult {
  const known = Object.fromEntries(
    ENV_NAMES.map((name) => [name, env[name]]),
  );
  const parsed = FULL_SCHEMA.safeParse(known);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map(describeIssue)),
    ...pairProblems(known),
  ];
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  return { ok: true, config: toConfig(parsed.data) };
}
