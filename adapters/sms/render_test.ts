import assert from "node:assert/strict";
import fc from "fast-check";
import { MessageFormatSmsRenderer } from "./render.ts";
import { smsEncoding, smsSegments } from "../../domain/notifications/sms_encoding.ts";
import { SMS_KINDS, SMS_POLICIES, type SmsKind } from "../../domain/notifications/sms_kinds.ts";
import type { SmsNotice } from "../../domain/notifications/sms.ts";
import { SHOP_LANGUAGES } from "../../domain/i18n/language.ts";
import en from "../../messages/en.json" with { type: "json" };
import si from "../../messages/si.json" with { type: "json" };
import ta from "../../messages/ta.json" with { type: "json" };

const renderer = new MessageFormatSmsRenderer();

function notice(kind: SmsKind, overrides: Partial<SmsNotice> = {}): SmsNotice {
  const policy = SMS_POLICIES[kind];
  return {
    kind,
    to: "+94771234567",
    language: "en",
    shopName: "Pothgula",
    orderId: 1042,
    amountCents: policy.amount === "none" ? null : 385_150,
    courier: policy.tracking ? "Domex" : null,
    trackingNumber: policy.tracking ? "DX123456789LK" : null,
    ...overrides,
  };
}

Deno.test("every SMS kind has its words in every language, with the same placeholders", () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const catalogues: Record<string, Record<string, string>> = { en, si, ta };
  for (
    const key of [...SMS_KINDS.map((k) => SMS_POLICIES[k].words), "sms.courier", "sms.tracking"]
  ) {
    const english = placeholders(en[key as keyof typeof en]);
    for (const language of SHOP_LANGUAGES) {
      const text = catalogues[language][key];
      assert.ok(text, `${language} ${key}`);
      assert.deepEqual(placeholders(text), english, `${language} ${key}`);
    }
  }
});

Deno.test("each text names the shop and the order, and the amount as the mails write it", () => {
  assert.equal(
    renderer.render(notice("order_placed")),
    "Pothgula: we received your order #1042. Total LKR 3,851.50. Thank you!",
  );
  assert.equal(
    renderer.render(notice("payment_received", { language: "si" })),
    "Pothgula: ඇණවුම #1042 සඳහා LKR 3,851.50 ගෙවීම ලැබුණි. ස්තූතියි!",
  );
  for (const language of SHOP_LANGUAGES) {
    for (const kind of SMS_KINDS) {
      const text = renderer.render(notice(kind, { language }));
      assert.ok(text.startsWith("Pothgula: "), text);
      assert.match(text, /#1042\b/);
      assert.equal(text.includes("LKR 3,851.50"), SMS_POLICIES[kind].amount !== "none", text);
    }
  }
});

Deno.test("the dispatch text names the courier and the tracking number the order has, and only those", () => {
  assert.equal(
    renderer.render(notice("order_completed")),
    "Pothgula: your order #1042 has been handed over to delivery. Courier: Domex. Tracking number: DX123456789LK.",
  );
  const ta = renderer.render(notice("order_completed", { language: "ta" }));
  assert.match(ta, /கூரியர்: Domex\. கண்காணிப்பு இலக்கம்: DX123456789LK\.$/);
  assert.equal(
    renderer.render(notice("order_completed", { courier: null, trackingNumber: null })),
    "Pothgula: your order #1042 has been handed over to delivery.",
  );
  assert.equal(
    renderer.render(notice("order_completed", { trackingNumber: null })),
    "Pothgula: your order #1042 has been handed over to delivery. Courier: Domex.",
  );
});

Deno.test("English texts go as GSM-7, Sinhala and Tamil ones as UCS-2", () => {
  for (const kind of SMS_KINDS) {
    assert.equal(smsEncoding(renderer.render(notice(kind))), "gsm7", kind);
    assert.equal(smsEncoding(renderer.render(notice(kind, { language: "si" }))), "ucs2", kind);
    assert.equal(smsEncoding(renderer.render(notice(kind, { language: "ta" }))), "ucs2", kind);
  }
});

Deno.test("every text fits two messages (English one) for orders up to #9999999, LKR 9,999,999.99, and a courier and tracking number of 20 characters", () => {
  const word = (max: number) =>
    fc.string({
      unit: fc.constantFrom(..."ABCXYZabcxyz0123456789 -"),
      minLength: 1,
      maxLength: max,
    })
      .map((s) => s.trim() || "X");
  fc.assert(fc.property(
    fc.constantFrom(...SMS_KINDS),
    fc.constantFrom(...SHOP_LANGUAGES),
    fc.integer({ min: 1, max: 9_999_999 }),
    fc.integer({ min: 0, max: 999_999_999 }),
    fc.option(word(20)),
    fc.option(word(20)),
    (kind, language, orderId, cents, courier, trackingNumber) => {
      const tracking = SMS_POLICIES[kind].tracking;
      const text = renderer.render(notice(kind, {
        language,
        orderId,
        amountCents: SMS_POLICIES[kind].amount === "none" ? null : cents,
        courier: tracking ? courier : null,
        trackingNumber: tracking ? trackingNumber : null,
      }));
      assert.ok(smsSegments(text) <= (language === "en" ? 1 : 2), `${smsSegments(text)}: ${text}`);
    },
  ));
});

Deno.test("the dispatch text gives each parcel's tracking link in the order's language, and fits three messages with two links", () => {
  const links = [
    "https://koombiyo.example.lk/track/KB100001",
    "https://koombiyo.example.lk/track/KB100002",
  ];
  assert.equal(
    renderer.render(notice("order_completed", { trackingLinks: links.slice(0, 1) })),
    `Pothgula: your order #1042 has been handed over to delivery. Track: ${links[0]}`,
  );
  const si = renderer.render(notice("order_completed", { language: "si", trackingLinks: links }));
  assert.ok(si.startsWith("Pothgula: ඔබේ ඇණවුම #1042"), si);
  assert.ok(si.endsWith(`සොයා බලන්න: ${links[0]} සොයා බලන්න: ${links[1]}`), si);
  for (const language of SHOP_LANGUAGES) {
    const text = renderer.render(notice("order_completed", { language, trackingLinks: links }));
    assert.ok(smsSegments(text) <= 3, `${language}: ${smsSegments(text)}: ${text}`);
  }
});
