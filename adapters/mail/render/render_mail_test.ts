/**
 * Every kind of mail in each language: its subject and both bodies are in that language
 * (the phrases below are written here, not read from the catalogue) and carry the facts.
 */
import assert from "node:assert/strict";
import { type Locale, SHOP_LANGUAGES } from "../../../domain/i18n/language.ts";
import type { Mail } from "../../../domain/notifications/mail.ts";
import { orderMail, proofsDigestMail } from "../../../domain/notifications/order_mail.ts";
import {
  emailVerificationMail,
  passwordResetMail,
  registrationTakenMail,
  staffInvitationMail,
  voucherMail,
  welcomeMail,
} from "../../../domain/notifications/account_mail.ts";
import {
  bookLine,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../../domain/notifications/testing/samples.ts";
import { renderMail } from "./mod.ts";

const SINHALA = /[\u0D80-\u0DFF]/;
const TAMIL = /[\u0B80-\u0BFF]/;
const LINK = "https://pothgula.example/orders/7?key=k-7";
const ctx = { shop: SAMPLE_SHOP, bank: SAMPLE_BANK, orderKey: "k-7" };

/** The book page's words for a pre-order expected on 15 March 2027. */
const EXPECTED_15_MARCH = {
  en: "Pre-order, expected 15 March 2027",
  si: "පෙර ඇණවුම, 2027 මාර්තු 15 දින බලාපොරොත්තු වේ",
  ta: "முன்பதிவு, 15 மார்ச் 2027 இல் வரும்",
};

function order(language: Locale, overrides: Parameters<typeof sampleOrder>[0] = {}) {
  return sampleOrder({
    id: 7,
    locale: language,
    rejectReason: "Out of print",
    courier: "Pronto",
    trackingNumber: "PX-55",
    ...overrides,
  });
}

function link(language: Locale): string {
  return language === "en" ? LINK : LINK.replace("/orders/", `/${language}/orders/`);
}

interface Case {
  name: string;
  mail: (language: Locale) => Mail;
  /** Facts every language's mail carries, in subject or body. */
  facts: (language: Locale) => string[];
  /** A phrase only that language's mail says. */
  phrase: Record<Locale, string>;
  /** Must not be said. */
  not?: string[];
}

const CASES: Case[] = [
  {
    name: "checkout by COD",
    mail: (l) => orderMail("order_placed", order(l), ctx),
    facts: (l) => [
      "#7",
      "Madol Doova",
      "Atlas CR Book 120 pages",
      "LKR 1,250.00 x 2",
      "LKR 450.50 x 3",
      "LKR 3,851.50",
      "LKR 500.00",
      "LKR 4,351.50",
      "45/2 Temple Road",
      "+94 77 123 4567",
      link(l),
    ],
    phrase: {
      en: "Orders are delivered in 3 - 5 working days",
      si: "වැඩ කරන දින 3 - 5ක් ඇතුළත",
      ta: "3 - 5 வேலை நாட்களுக்குள்",
    },
    not: ["0071234567", "3 - 4"],
  },
  {
    name: "checkout by Bank Deposit with a pre-order",
    mail: (l) =>
      orderMail(
        "order_placed",
        order(l, { paymentMethod: "Bank Deposit", items: [bookLine({ preorder: true })] }),
        ctx,
      ),
    facts: (l) => [
      "Bank of Ceylon",
      "Dehiwala",
      "Pothgula Books (Pvt) Ltd",
      "0071234567",
      "+94 77 765 4321",
      "LKR 3,000.00",
      link(l),
    ],
    phrase: {
      en: "Pre-orders are sent when they reach us",
      si: "පෙර ඇණවුම් අපට ලැබුණු පසු යවනු ලැබේ",
      ta: "முன்பதிவுகள் எங்களுக்குக் கிடைத்ததும் அனுப்பப்படும்",
    },
    not: ["3 - 4", "සති 3 - 4", "3 - 4 வாரங்"],
  },
  {
    // A mixed order sent in two parcels: its choice, and the second parcel's fee in its totals.
    name: "checkout of a mixed cart sent in two parcels",
    mail: (l) =>
      orderMail(
        "order_placed",
        order(l, {
          paymentMethod: "Bank Deposit",
          items: [bookLine(), bookLine({ id: 2, itemId: 2, preorder: true })],
          parcels: "split",
          deliveryFeeCents: 40_000,
          secondParcelFeeCents: 15_000,
        }),
        ctx,
      ),
    facts: (l) => [
      "LKR 150.00",
      "LKR 250.00",
      { en: "Second parcel", si: "දෙවන පාර්සලය", ta: "இரண்டாவது பொதி" }[l],
    ],
    phrase: {
      en: "Sent in two parcels: the books in stock now",
      si: "පාර්සල දෙකකින් යවනු ලැබේ",
      ta: "இரண்டு பொதிகளாக அனுப்பப்படும்",
    },
  },
  {
    name: "checkout of a mixed cart sent together",
    mail: (l) =>
      orderMail(
        "order_placed",
        order(l, {
          paymentMethod: "Bank Deposit",
          items: [bookLine(), bookLine({ id: 2, itemId: 2, preorder: true })],
        }),
        ctx,
      ),
    facts: (l) => [link(l)],
    phrase: {
      en: "Sent together in one parcel, when the pre-order arrives",
      si: "එක් පාර්සලයකින් යවනු ලැබේ",
      ta: "ஒரே பொதியாக அனுப்பப்படும்",
    },
    not: ["Second parcel", "LKR 150.00"],
  },
  {
    // The date the book's page says ("Pre-order, expected ..."), not the weeks.
    name: "checkout by Bank Deposit with a dated pre-order",
    mail: (l) =>
      orderMail(
        "order_placed",
        order(l, {
          paymentMethod: "Bank Deposit",
          items: [bookLine({ preorder: true, preorderDate: "2027-03-15" })],
        }),
        ctx,
      ),
    facts: (l) => ["0071234567", link(l)],
    phrase: EXPECTED_15_MARCH,
    not: ["3 - 4", "සති 3 - 4", "3 - 4 வாரங்"],
  },
  {
    name: "completion of a dated pre-order",
    mail: (l) =>
      orderMail(
        "order_completed",
        order(l, {
          status: "completed",
          items: [bookLine({ preorder: true, preorderDate: "2027-03-15" })],
        }),
        ctx,
      ),
    facts: () => ["#7", "Madol Doova"],
    phrase: EXPECTED_15_MARCH,
    not: ["3 - 4"],
  },
  {
    name: "completion with courier and tracking number",
    mail: (l) => orderMail("order_completed", order(l, { status: "completed" }), ctx),
    facts: (l) => ["#7", "Pronto", "PX-55", "LKR 4,351.50", "Mount Lavinia", link(l)],
    phrase: {
      en: "Expect it in 3 - 5 working days",
      si: "වැඩ කරන දින 3 - 5ක් ඇතුළත එය ඔබට ලැබෙනු ඇත",
      ta: "3 - 5 வேலை நாட்களுக்குள் அது உங்களை வந்தடையும்",
    },
    not: ["3 - 4"],
  },
  {
    // Two parcels out with their couriers: each waybill with its tracking link.
    name: "completion in two parcels with tracking links",
    mail: (l) =>
      orderMail("order_completed", order(l, { status: "completed" }), {
        ...ctx,
        parcels: [
          {
            courier: "Koombiyo",
            waybill: "KB100001",
            tracking_url: "https://koombiyo.example.lk/track/KB100001",
            status: "handed_over",
          },
          { courier: "Domex", waybill: "DX-5001", tracking_url: null, status: "delivered" },
        ],
      }),
    facts: () => ["Koombiyo", "KB100001", "https://koombiyo.example.lk/track/KB100001", "DX-5001"],
    phrase: {
      en: "Track the parcel",
      si: "පාර්සලය සොයා බලන්න",
      ta: "பொதியைக் கண்காணிக்கவும்",
    },
    not: ["PX-55"],
  },
  {
    name: "completion of a pre-order",
    mail: (l) =>
      orderMail(
        "order_completed",
        order(l, { status: "completed", items: [bookLine({ preorder: true })] }),
        ctx,
      ),
    facts: () => ["#7", "Madol Doova"],
    // Handed over only once its stock is in: it travels with the rest, in working days.
    phrase: {
      en: "its pre-ordered books with it. Expect it in 3 - 5 working days",
      si: "පෙර ඇණවුම් කළ පොත් සමඟ බෙදාහැරීමට භාර දී ඇත",
      ta: "முன்பதிவு செய்த புத்தகங்களுடன் விநியோகத்துக்குக் கையளிக்கப்பட்டுள்ளது",
    },
    not: ["3 - 4", "සති 3 - 4", "3 - 4 வாரங்"],
  },
  {
    name: "rejection with its reason",
    mail: (l) => orderMail("order_rejected", order(l, { status: "rejected" }), ctx),
    facts: (l) => ["#7", "Out of print", "LKR 4,351.50", link(l)],
    phrase: {
      en: "we could not accept your order #7",
      si: "ඔබේ ඇණවුම #7 භාර ගැනීමට අපට නොහැකි විය",
      ta: "உங்கள் ஆர்டர் #7 ஐ எங்களால் ஏற்க முடியவில்லை",
    },
  },
  {
    name: "lapse",
    mail: (l) => orderMail("order_lapsed", order(l, { status: "rejected" }), ctx),
    facts: (l) => ["#7", "Madol Doova", link(l)],
    phrase: {
      en: "We did not receive the deposit for your order #7 in time",
      si: "තැන්පතුව නියමිත කාලය තුළ අපට නොලැබුණු බැවින්",
      ta: "வைப்பு உரிய நேரத்தில் எங்களுக்குக் கிடைக்கவில்லை",
    },
  },
  {
    name: "payment received",
    mail: (l) => orderMail("payment_received", order(l, { paymentStatus: "paid" }), ctx),
    facts: (l) => ["#7", "LKR 4,351.50", link(l)],
    phrase: {
      en: "We have received your payment of LKR 4,351.50",
      si: "ඔබ ගෙවූ LKR 4,351.50 අපට ලැබුණි",
      ta: "நீங்கள் செலுத்திய LKR 4,351.50 எங்களுக்குக் கிடைத்தது",
    },
  },
  {
    name: "order link (from /track)",
    mail: (l) => orderMail("order_link", order(l), ctx),
    facts: (l) => ["#7", link(l)],
    phrase: {
      en: "it opens the order without a password",
      si: "මුරපදයක් නොමැතිව එය ඇණවුම විවෘත කරන",
      ta: "கடவுச்சொல் இன்றியே அது ஆர்டரைத் திறக்கும்",
    },
  },
  {
    name: "password reset",
    mail: (l) => passwordResetMail("nimali@example.lk", "tok_9", l, SAMPLE_SHOP),
    facts: (l) => [
      `https://pothgula.example${l === "en" ? "" : `/${l}`}/reset-password?token=tok_9`,
    ],
    phrase: {
      en: "within one hour",
      si: "පැයක් ඇතුළත",
      ta: "ஒரு மணி நேரத்துக்குள்",
    },
  },
  {
    name: "registration with a taken address",
    mail: (l) => registrationTakenMail("nimali@example.lk", l, SAMPLE_SHOP),
    facts: (l) => {
      const base = `https://pothgula.example${l === "en" ? "" : `/${l}`}`;
      return [`${base}/login`, `${base}/reset-password`];
    },
    phrase: {
      en: "You already have an account, so nothing was changed",
      si: "ඔබට දැනටමත් ගිණුමක් ඇති බැවින් කිසිවක් වෙනස් කර නැත",
      ta: "உங்களுக்கு ஏற்கனவே கணக்கு இருப்பதால், எதுவும் மாற்றப்படவில்லை",
    },
  },
  {
    // The admin area is English, so the shop sends it in English; its words exist in all three.
    name: "staff invitation",
    mail: (l) => ({
      ...staffInvitationMail({
        email: "nimali@example.lk",
        token: "tok_7",
        role: "staff",
        days: 7,
        shop: SAMPLE_SHOP,
      }),
      language: l,
    }),
    facts: () => ["https://pothgula.example/admin/invitation?token=tok_7"],
    phrase: {
      en: "as staff. Open this link within 7 days",
      si: "දින 7 ක් ඇතුළත",
      ta: "7 நாட்களுக்குள்",
    },
  },
  {
    // A gift voucher's recipient is mailed its whole code, in their language.
    name: "gift voucher",
    mail: (l) =>
      voucherMail({
        recipient: { name: "Nimali", email: "nimali@example.lk", language: l },
        code: "PGV-7KQ4-M9XA-2TPR-8HNC",
        amountCents: 250_000,
        expiresOn: "2026-12-31",
        message: "Happy birthday!",
      }, SAMPLE_SHOP),
    facts: (l) => [
      "PGV-7KQ4-M9XA-2TPR-8HNC",
      "LKR 2,500.00",
      "Happy birthday!",
      `https://pothgula.example${l === "en" ? "" : `/${l}`}/gift-voucher`,
    ],
    phrase: {
      en: "whoever has the code can spend it",
      si: "කේතය ඇති ඕනෑම අයෙකුට එය වියදම් කළ හැක",
      ta: "குறியீடு உள்ள எவரும் அதைச் செலவிடலாம்",
    },
  },
  {
    // A new account's address is confirmed by a link, in the customer's language.
    name: "e-mail confirmation",
    mail: (l) =>
      emailVerificationMail(
        { email: "nimali@example.lk", token: "tok_5", language: l, hours: 24 },
        SAMPLE_SHOP,
      ),
    facts: (l) => [`https://pothgula.example${l === "en" ? "" : `/${l}`}/verify-email?token=tok_5`],
    phrase: {
      en: "within 24 hours",
      si: "පැය 24 ඇතුළත",
      ta: "24 மணி நேரத்துக்குள்",
    },
  },
  {
    // The welcome counts the guest orders the confirmation joined to the account.
    name: "welcome",
    mail: (l) =>
      welcomeMail(
        { email: "nimali@example.lk", name: "Nimali", language: l, joinedOrders: 2 },
        SAMPLE_SHOP,
      ),
    facts: (l) => ["Nimali", `https://pothgula.example${l === "en" ? "" : `/${l}`}/account`],
    phrase: {
      en: "The 2 orders you placed earlier with this address are now in your account",
      si: "මෙම ලිපිනයෙන් ඔබ කලින් කළ ඇණවුම් 2 දැන් ඔබේ ගිණුමේ ඇත",
      ta: "இந்த முகவரியுடன் நீங்கள் முன்பு செய்த 2 ஆர்டர்கள் இப்போது உங்கள் கணக்கில் உள்ளன",
    },
  },
];

for (const c of CASES) {
  for (const language of SHOP_LANGUAGES) {
    Deno.test(`the ${c.name} mail in ${language} says it in ${language} and carries its facts`, () => {
      const mail = renderMail(c.mail(language), SAMPLE_SHOP);
      assert.equal(mail.to, "nimali@example.lk");
      assert.match(mail.html, new RegExp(`<html lang="${language}">`));
      for (const part of [mail.subject, mail.text, mail.html]) {
        if (language === "si") assert.match(part, SINHALA), assert.doesNotMatch(part, TAMIL);
        if (language === "ta") assert.match(part, TAMIL), assert.doesNotMatch(part, SINHALA);
        if (language === "en") assert.doesNotMatch(part, SINHALA), assert.doesNotMatch(part, TAMIL);
      }
      for (const body of [mail.text, mail.html]) {
        assert.ok(body.includes(c.phrase[language]), `${c.phrase[language]} in\n${mail.text}`);
        for (const fact of c.facts(language)) {
          const shown = body === mail.html ? fact.replaceAll("&", "&amp;") : fact;
          assert.ok(body.includes(shown), `${fact} in\n${body}`);
        }
        for (const absent of c.not ?? []) assert.ok(!body.includes(absent), absent);
      }
    });
  }
}

Deno.test("the subjects name the order in each language", () => {
  const subjects = SHOP_LANGUAGES.map((l) =>
    renderMail(orderMail("order_placed", order(l), ctx), SAMPLE_SHOP).subject
  );
  assert.deepEqual(subjects, [
    "Pothgula: order #7 received",
    "Pothgula: ඇණවුම #7 අපට ලැබුණි",
    "Pothgula: ஆர்டர் #7 கிடைத்தது",
  ]);
});

for (const language of SHOP_LANGUAGES) {
  Deno.test(`the shop's notices of a ${language} order stay English and go to the orders desk`, () => {
    for (const kind of ["shop_order_placed", "shop_proof_uploaded"] as const) {
      const mail = renderMail(
        orderMail(kind, order(language, { paymentProofs: [] }), {
          ...ctx,
          notifyEmail: "orders@pothgula.example",
        }),
        SAMPLE_SHOP,
      );
      assert.equal(mail.to, "orders@pothgula.example");
      for (const part of [mail.subject, mail.text]) {
        assert.doesNotMatch(part, SINHALA);
        assert.doesNotMatch(part, TAMIL);
      }
      assert.match(
        mail.subject,
        kind === "shop_order_placed"
          ? /new order #7 from Nimali Perera/
          : /deposit slip for order #7/,
      );
      assert.ok(mail.text.includes("https://pothgula.example/admin/orders/7"));
      assert.ok(mail.html.includes('href="https://pothgula.example/admin/orders/7"'));
      assert.doesNotMatch(mail.text, /admin\/orders\?q=/, "the order's page, not a search");
      assert.ok(mail.text.includes("0771234567"), "the customer's phone");
      assert.ok(mail.text.includes("nimali@example.lk"), "the customer's address");
      assert.ok(mail.text.includes("LKR 4,351.50"));
    }
  });
}

Deno.test("the shop's new-order notice counts the order's lines in words: 1 line, 2 lines", () => {
  const placed = (items: ReturnType<typeof bookLine>[]) =>
    renderMail(orderMail("shop_order_placed", order("en", { items }), ctx), SAMPLE_SHOP).text;
  assert.match(placed([bookLine()]), /placed order #7: 1 line, Cash on Delivery/);
  assert.match(placed([bookLine(), bookLine({ id: 2 })]), /placed order #7: 2 lines,/);
  assert.doesNotMatch(placed([bookLine()]), /line\(s\)/);
  assert.match(placed([bookLine()]), /Open order #7/);
});

Deno.test("the shop's digest of deposit slips names every order once, in English, with a link to the slips to check", () => {
  const orders = [
    order("si", { id: 7, paymentProofs: [] }),
    order("en", { id: 9, paymentProofs: [] }),
  ];
  const mail = renderMail(
    proofsDigestMail(orders, { ...ctx, notifyEmail: "orders@pothgula.example" }),
    SAMPLE_SHOP,
  );
  assert.equal(mail.to, "orders@pothgula.example");
  assert.equal(mail.subject, "Pothgula: deposit slips for 2 orders (#7, #9)");
  for (const part of [mail.subject, mail.text]) assert.doesNotMatch(part, SINHALA);
  assert.ok(
    mail.text.includes("https://pothgula.example/admin/orders?paymentStatus=proof_submitted"),
  );
  assert.ok(mail.text.includes("Order #7") && mail.text.includes("Order #9"));
  assert.ok(mail.text.includes("https://pothgula.example/admin/orders/9"));
  assert.ok(mail.html.includes("Order #9"));
});
