import assert from "node:assert/strict";
import { DEMO_DEFAULTS, loadConfig, localPayHereWarning } from "./config.ts";

function configOf(env: Record<string, string | undefined>) {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(`expected a valid configuration: ${result.problems.join("; ")}`);
  return result.config;
}

Deno.test("loadConfig() gives the embedded defaults for an empty environment", () => {
  const config = configOf({});
  assert.equal(config.port, 8000);
  assert.equal(config.dataDir, "./data");
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.publicUrl, "http://localhost:8000");
  assert.equal(config.seedDemo, true);
  assert.equal(config.bank.bankName, DEMO_DEFAULTS.BANK_NAME);
  assert.equal(config.shop.address, DEMO_DEFAULTS.SHOP_ADDRESS);
  assert.equal(config.mailFrom, `Pothgula <${DEMO_DEFAULTS.SHOP_EMAIL}>`);
});

Deno.test("loadConfig() derives PUBLIC_URL from PORT and strips a trailing slash", () => {
  assert.equal(configOf({ PORT: "9090" }).publicUrl, "http://localhost:9090");
  assert.equal(configOf({ PUBLIC_URL: "https://pothgula.lk/" }).publicUrl, "https://pothgula.lk");
  assert.equal(
    configOf({ PUBLIC_URL: "https://pothgula.lk/" }).shop.publicUrl,
    "https://pothgula.lk",
  );
});

Deno.test("loadConfig() turns the demo catalogue off with DATABASE_URL unless SEED_DEMO says so", () => {
  const url = "postgres://shop@db:5432/pothgula";
  assert.equal(configOf({ DATABASE_URL: url }).seedDemo, false);
  assert.equal(configOf({ DATABASE_URL: url, SEED_DEMO: "1" }).seedDemo, true);
  assert.equal(configOf({ SEED_DEMO: "off" }).seedDemo, false);
});

Deno.test("loadConfig() treats empty values as unset", () => {
  const config = configOf({ PORT: "", DATABASE_URL: "", SMTP_URL: "" });
  assert.equal(config.port, 8000);
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.smtpUrl, undefined);
});

Deno.test("loadConfig() reads bank and shop details from the environment", () => {
  const config = configOf({
    BANK_NAME: "Sampath Bank",
    BANK_ACCOUNT_NUMBER: "1234",
    SHOP_EMAIL: "shop@example.lk",
    SHOP_PHONE_2: "+94 70 000 0000",
    MAIL_FROM: "orders@example.lk",
  });
  assert.equal(config.bank.bankName, "Sampath Bank");
  assert.equal(config.bank.accountNumber, "1234");
  assert.equal(config.shop.email, "shop@example.lk");
  assert.deepEqual(config.shop.phones, [DEMO_DEFAULTS.SHOP_PHONE_1, "+94 70 000 0000"]);
  assert.equal(config.mailFrom, "orders@example.lk");
});

Deno.test("loadConfig() gives the footer and the bank details the one WHATSAPP_NUMBER, and refuses a number WhatsApp cannot reach", () => {
  const config = configOf({ WHATSAPP_NUMBER: "076 555 0101" });
  assert.equal(config.shop.whatsappNumber, "076 555 0101");
  assert.equal(config.bank.whatsappNumber, "076 555 0101");
  assert.equal(configOf({}).shop.whatsappNumber, DEMO_DEFAULTS.WHATSAPP_NUMBER);
  const refused = loadConfig({ WHATSAPP_NUMBER: "76 555 0101" });
  assert.equal(refused.ok, false);
  assert.match(refused.ok ? "" : refused.problems.join("\n"), /WHATSAPP_NUMBER/);
});

Deno.test("loadConfig() reports every problem together, one line naming each variable", () => {
  const result = loadConfig({
    PORT: "eighty",
    DATABASE_URL: "mysql://db/shop",
    PUBLIC_URL: "localhost:8000",
    JWT_SECRET: "short",
    ADMIN_EMAIL: "not-an-address",
    ADMIN_PASSWORD: "1234567",
    SMTP_URL: "http://mail",
    SEED_DEMO: "maybe",
    SHOP_EMAIL: "nope",
  });
  assert.equal(result.ok, false);
  if (result.ok) return;
  const named = result.problems.map((line) => line.split(":")[0]).sort();
  assert.deepEqual(named, [
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "DATABASE_URL",
    "JWT_SECRET",
    "PORT",
    "PUBLIC_URL",
    "SEED_DEMO",
    "SHOP_EMAIL",
    "SMTP_URL",
  ]);
  for (const line of result.problems) assert.ok(!line.includes("\n"), line);
});

Deno.test("loadConfig() refuses a port out of range and never echoes a secret", () => {
  const result = loadConfig({ PORT: "70000", JWT_SECRET: "tiny-secret" });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.ok(result.problems.some((p) => p.startsWith("PORT: must be a whole number")));
  assert.ok(result.problems.every((p) => !p.includes("tiny-secret")));
});

Deno.test("loadConfig() wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
  const alone = loadConfig({ ADMIN_EMAIL: "owner@pothgula.lk", PORT: "x" });
  assert.equal(alone.ok, false);
  if (alone.ok) return;
  assert.deepEqual(alone.problems.map((p) => p.split(":")[0]).sort(), ["ADMIN_PASSWORD", "PORT"]);
  const both = configOf({ ADMIN_EMAIL: "owner@pothgula.lk", ADMIN_PASSWORD: "a long secret" });
  assert.equal(both.adminEmail, "owner@pothgula.lk");
});

Deno.test("loadConfig() holds Bank Deposit orders 48 hours and lines to 20 copies unless told otherwise", () => {
  assert.deepEqual(configOf({}).orderRules, {
    bankDepositHours: 48,
    slipReviewHours: 72,
    codConfirmHours: 168,
    cardPaymentHours: 0.5,
    maxLineQuantity: 20,
    holdLimits: {
      maxUnits: 200,
      maxCents: 500_000_00,
      addressMaxUnits: 1_000,
      addressMaxCents: 2_500_000_00,
    },
  });
  assert.equal(configOf({}).orderNotifyEmail, DEMO_DEFAULTS.SHOP_EMAIL);
  assert.equal(
    configOf({ SHOP_EMAIL: "a@shop.lk", ORDER_NOTIFY_EMAIL: "desk@shop.lk" }).orderNotifyEmail,
    "desk@shop.lk",
  );
  const told = configOf({ BANK_DEPOSIT_HOURS: "0.5", MAX_LINE_QUANTITY: "5" }).orderRules;
  assert.deepEqual([told.bankDepositHours, told.maxLineQuantity], [0.5, 5]);
  const result = loadConfig({ BANK_DEPOSIT_HOURS: "two days", MAX_LINE_QUANTITY: "0" });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.problems.map((line) => line.split(":")[0]).sort(), [
    "BANK_DEPOSIT_HOURS",
    "MAX_LINE_QUANTITY",
  ]);
});

Deno.test("loadConfig() reads ADMIN_PASSWORD_RESET, which needs the admin's variables", () => {
  const admin = { ADMIN_EMAIL: "owner@pothgula.lk", ADMIN_PASSWORD: "long enough" };
  assert.equal(configOf(admin).adminPasswordReset, false);
  assert.equal(configOf({ ...admin, ADMIN_PASSWORD_RESET: "1" }).adminPasswordReset, true);
  assert.deepEqual(loadConfig({ ADMIN_PASSWORD_RESET: "1" }), {
    ok: false,
    problems: ["ADMIN_PASSWORD_RESET: needs ADMIN_EMAIL and ADMIN_PASSWORD"],
  });
  const bad = loadConfig({ ...admin, ADMIN_PASSWORD_RESET: "sometimes" });
  assert.equal(bad.ok, false);
});

Deno.test("loadConfig() reads IPV6_PREFIX_LENGTH, 64 by default, 1 to 128", () => {
  assert.equal(configOf({}).ipv6PrefixLength, 64);
  assert.equal(configOf({ IPV6_PREFIX_LENGTH: "56" }).ipv6PrefixLength, 56);
  for (const bad of ["0", "129", "/64", "sixty-four"]) {
    const result = loadConfig({ IPV6_PREFIX_LENGTH: bad });
    assert.equal(result.ok, false, bad);
    assert.match(result.ok ? "" : result.problems[0], /^IPV6_PREFIX_LENGTH: /);
  }
});

Deno.test("loadConfig() bounds every hold and what one client's unpaid orders hold, as told", () => {
  const rules = configOf({
    SLIP_REVIEW_HOURS: "24",
    COD_CONFIRM_DAYS: "3",
    HOLD_MAX_UNITS: "60",
    HOLD_MAX_LKR: "100000.50",
    HOLD_MAX_UNITS_ADDRESS: "300",
    HOLD_MAX_LKR_ADDRESS: "400000",
  }).orderRules;
  assert.deepEqual(
    [rules.slipReviewHours, rules.codConfirmHours, rules.holdLimits],
    [24, 72, {
      maxUnits: 60,
      maxCents: 10_000_050,
      addressMaxUnits: 300,
      addressMaxCents: 40_000_000,
    }],
  );
  const result = loadConfig({
    SLIP_REVIEW_HOURS: "0",
    COD_CONFIRM_DAYS: "a week",
    HOLD_MAX_UNITS: "0",
    HOLD_MAX_LKR: "lots",
  });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.problems.map((line) => line.split(":")[0]).sort(), [
    "COD_CONFIRM_DAYS",
    "HOLD_MAX_LKR",
    "HOLD_MAX_UNITS",
    "SLIP_REVIEW_HOURS",
  ]);
});

Deno.test("loadConfig() limits deposit slips per client and batches the shop's notices of them, as told", () => {
  assert.deepEqual(configOf({}).slipRules, {
    perClient: { limit: 10, windowMs: 3_600_000 },
    digestMinutes: 15,
  });
  assert.deepEqual(configOf({ SLIP_RATE_LIMIT: "3/60", SLIP_DIGEST_MINUTES: "5" }).slipRules, {
    perClient: { limit: 3, windowMs: 60_000 },
    digestMinutes: 5,
  });
  const result = loadConfig({ SLIP_RATE_LIMIT: "lots", SLIP_DIGEST_MINUTES: "0" });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(result.problems.map((line) => line.split(":")[0]).sort(), [
    "SLIP_DIGEST_MINUTES",
    "SLIP_RATE_LIMIT",
  ]);
});

Deno.test("loadConfig() offers card payment only with both PayHere settings, in PayHere's sandbox unless told live", () => {
  assert.equal(configOf({}).payhere, undefined);
  assert.deepEqual(
    configOf({ PAYHERE_MERCHANT_ID: "1211149", PAYHERE_MERCHANT_SECRET: "s3cret-from-payhere" })
      .payhere,
    { merchantId: "1211149", merchantSecret: "s3cret-from-payhere", mode: "true" },
  );
  assert.equal(
    configOf({
      PAYHERE_MERCHANT_ID: "1211149",
      PAYHERE_MERCHANT_SECRET: "s3cret-from-payhere",
      PAYHERE_SANDBOX: "false",
    }).payhere?.mode,
    "false",
  );
  // The local simulator needs no account.
  assert.equal(configOf({ PAYHERE_SANDBOX: "local" }).payhere?.mode, "local");
  assert.equal(configOf({ CARD_PAYMENT_MINUTES: "45" }).orderRules.cardPaymentHours, 0.75);
  const half = loadConfig({ PAYHERE_MERCHANT_ID: "1211149", CARD_PAYMENT_MINUTES: "0" });
  assert.equal(half.ok, false);
  if (half.ok) return;
  assert.deepEqual(half.problems.map((line) => line.split(":")[0]).sort(), [
    "CARD_PAYMENT_MINUTES",
    "PAYHERE_MERCHANT_ID, PAYHERE_MERCHANT_SECRET",
  ]);
  // The secret is never echoed.
  const bad = loadConfig({ PAYHERE_MERCHANT_ID: "abc", PAYHERE_MERCHANT_SECRET: "short" });
  assert.equal(bad.ok, false);
  if (bad.ok) return;
  assert.ok(bad.problems.every((line) => !line.includes("short")), bad.problems.join("; "));
});

Deno.test("localPayHereWarning() warns when the simulator would sign with merchant settings that look real, never echoing the secret", () => {
  assert.equal(localPayHereWarning({ PAYHERE_SANDBOX: "local" }), undefined);
  assert.equal(
    localPayHereWarning({
      PAYHERE_SANDBOX: "local",
      PAYHERE_MERCHANT_ID: "1211149",
      PAYHERE_MERCHANT_SECRET: "local-simulator-secret",
    }),
    undefined,
  );
  assert.equal(
    localPayHereWarning({ PAYHERE_MERCHANT_ID: "1229876", PAYHERE_MERCHANT_SECRET: "MzE4OTc2" }),
    undefined,
    "PayHere's own sandbox or live site: no simulator signs anything",
  );
  const warning = localPayHereWarning({
    PAYHERE_SANDBOX: "local",
    PAYHERE_MERCHANT_ID: "1229876",
    PAYHERE_MERCHANT_SECRET: "MzE4OTc2",
  });
  assert.match(warning ?? "", /PAYHERE_MERCHANT_ID and PAYHERE_MERCHANT_SECRET/);
  assert.ok(!warning?.includes("MzE4OTc2"));
  assert.match(
    localPayHereWarning({ PAYHERE_SANDBOX: "local", PAYHERE_MERCHANT_SECRET: "MzE4OTc2" }) ?? "",
    /PAYHERE_MERCHANT_SECRET: they look like a real merchant's/,
  );
});

Deno.test("loadConfig() leaves SMS off unless Notify.lk's account is set, and then uses its real endpoint", () => {
  assert.equal(configOf({}).sms, undefined);
  const account = {
    NOTIFYLK_USER_ID: "10001",
    NOTIFYLK_API_KEY: "key-0123456789",
    NOTIFYLK_SENDER_ID: "Pothgula",
  };
  assert.deepEqual(configOf(account).sms, {
    userId: "10001",
    apiKey: "key-0123456789",
    senderId: "Pothgula",
    url: "https://app.notify.lk/api/v1/send",
  });
  assert.equal(
    configOf({ ...account, NOTIFYLK_URL: "http://127.0.0.1:9999/api/v1/send" }).sms?.url,
    "http://127.0.0.1:9999/api/v1/send",
  );
  assert.equal(configOf({ NOTIFYLK_USER_ID: "", NOTIFYLK_API_KEY: "" }).sms, undefined);
});

Deno.test("loadConfig() refuses half a Notify.lk account and a bad sender ID, never echoing the key", () => {
  const half = loadConfig({ NOTIFYLK_USER_ID: "10001", NOTIFYLK_API_KEY: "secret-key-value" });
  assert.equal(half.ok, false);
  if (half.ok) return;
  assert.deepEqual(half.problems, [
    "NOTIFYLK_SENDER_ID: must be set with NOTIFYLK_USER_ID and NOTIFYLK_API_KEY",
  ]);
  const bad = loadConfig({
    NOTIFYLK_USER_ID: "ten",
    NOTIFYLK_API_KEY: "secret-key-value",
    NOTIFYLK_SENDER_ID: "A sender far too long",
    NOTIFYLK_URL: "ftp://gateway",
  });
  assert.equal(bad.ok, false);
  if (bad.ok) return;
  assert.deepEqual(bad.problems.map((line) => line.split(":")[0]).sort(), [
    "NOTIFYLK_SENDER_ID",
    "NOTIFYLK_URL",
    "NOTIFYLK_USER_ID",
  ]);
  assert.ok(bad.problems.every((line) => !line.includes("secret-key-value")));
  const urlAlone = loadConfig({ NOTIFYLK_URL: "http://127.0.0.1:9999/api/v1/send" });
  assert.equal(urlAlone.ok, false);
});

Deno.test("loadConfig() drives Koombiyo's API only with KOOMBIYO_API_KEY, at Koombiyo's own address unless KOOMBIYO_BASE_URL says", () => {
  assert.deepEqual(configOf({}).couriers, {});
  assert.deepEqual(configOf({ KOOMBIYO_API_KEY: "muABqMKZgkaZDAnb" }).couriers, {
    koombiyo: { apiKey: "muABqMKZgkaZDAnb", baseUrl: undefined },
  });
  assert.deepEqual(
    configOf({ KOOMBIYO_API_KEY: "muABqMKZgkaZDAnb", KOOMBIYO_BASE_URL: "http://127.0.0.1:9/api" })
      .couriers,
    { koombiyo: { apiKey: "muABqMKZgkaZDAnb", baseUrl: "http://127.0.0.1:9/api" } },
  );
  assert.deepEqual(loadConfig({ KOOMBIYO_BASE_URL: "http://127.0.0.1:9/api" }), {
    ok: false,
    problems: ["KOOMBIYO_BASE_URL: needs KOOMBIYO_API_KEY"],
  });
  const bad = loadConfig({ KOOMBIYO_API_KEY: "a key with spaces" });
  assert.ok(!bad.ok && bad.problems[0].startsWith("KOOMBIYO_API_KEY: "), JSON.stringify(bad));
});
