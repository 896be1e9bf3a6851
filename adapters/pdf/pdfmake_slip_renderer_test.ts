import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";
import { PdfmakeSlipRenderer } from "./pdfmake_slip_renderer.ts";
import { slipDate } from "./slip_document.ts";
import { wordsFor } from "../i18n/words.ts";
import {
  bookLine,
  promotedOrder,
  SAMPLE_SHOP,
  sampleOrder,
  stationeryLine,
} from "../../domain/notifications/testing/samples.ts";

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  // Extraction puts a space or a line break wherever it sees a gap: compare on single spaces.
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

Deno.test("PdfmakeSlipRenderer renders a PDF slip with the order, the customer and every item", async () => {
  const order = sampleOrder({
    customer: {
      name: "Wijesinghe Mudiyanselage Tharindu Bandara",
      address: "No. 123/4B, Sri Sumangala Mawatha",
      email: "tharindu@example.lk",
      phone: "+94 71 234 5678",
      postalCode: "11600",
    },
    provinceName: "Western",
    districtName: "Gampaha",
    areaName: "Kiribathgoda",
  });
  const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order);
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const { text, pages } = await pdfText(bytes);
  assert.equal(pages, 1);
  for (
    const expected of [
      "Pothgula",
      "Order #1042",
      "14 March 2025, 15:00",
      "Wijesinghe Mudiyanselage Tharindu Bandara",
      "No. 123/4B, Sri Sumangala Mawatha",
      "Kiribathgoda 11600",
      "Gampaha District, Western Province",
      "+94 71 234 5678",
      "Madol Doova",
      "ISBN-13 9789552100018",
      "Atlas CR Book 120 pages",
      "Stationery",
      "1,250.00",
      "2,500.00",
      "1,351.50",
      "1.3 kg",
      "LKR 3,851.50",
      "LKR 500.00",
      "LKR 4,351.50",
      "Cash on Delivery (COD)",
    ]
  ) {
    assert.ok(text.includes(expected), `slip lacks "${expected}": ${text}`);
  }
});

Deno.test("PdfmakeSlipRenderer wraps long titles and carries a long order over several pages", async () => {
  const long = "Gamperaliya: The Changing Village, a novel in three parts with notes";
  const items = Array.from(
    { length: 40 },
    (_, i) => bookLine({ id: i + 1, itemId: i + 1, title: `${long} (volume ${i + 1})` }),
  );
  const order = sampleOrder({ items, paymentMethod: "Bank Deposit" });
  const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order);
  const { text, pages } = await pdfText(bytes);
  assert.ok(pages >= 2, `${pages} pages`);
  assert.ok(text.includes(`page ${pages} of ${pages}`));
  for (const line of items) assert.ok(text.includes(line.title), `slip lacks "${line.title}"`);
  assert.ok(text.includes("Bank Deposit"));
});

Deno.test("PdfmakeSlipRenderer marks pre-ordered books", async () => {
  const order = sampleOrder({
    paymentMethod: "Bank Deposit",
    items: [bookLine({ preorder: true }), stationeryLine()],
  });
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order));
  assert.ok(text.includes("Pre-order: sent when it reaches us"));
});

Deno.test("PdfmakeSlipRenderer marks a dated pre-order with its date, as the book's page says it", async () => {
  const order = sampleOrder({
    paymentMethod: "Bank Deposit",
    items: [bookLine({ preorder: true, preorderDate: "2027-03-15" }), stationeryLine()],
  });
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order));
  assert.ok(text.includes("Pre-order, expected 15 March 2027"), text);
  assert.ok(!text.includes("3 - 4 weeks"));
});

Deno.test("slipDate() shows the order time in Sri Lanka, with the language's month names", () => {
  assert.equal(slipDate("2025-03-14T09:30:00.000Z"), "14 March 2025, 15:00");
  assert.equal(slipDate("2025-12-31T20:00:00.000Z"), "1 January 2026, 01:30");
  assert.equal(slipDate("2025-12-31T20:00:00.000Z", wordsFor("si")), "2026 ජනවාරි 1, 01:30");
  assert.equal(slipDate("2025-12-31T20:00:00.000Z", wordsFor("ta")), "1 ஜனவரி 2026, 01:30");
});

function embeddedFonts(bytes: Uint8Array): string[] {
  const source = new TextDecoder("latin1").decode(bytes);
  return [...source.matchAll(/\/FontName \/[A-Z]{6}\+([A-Za-z-]+)/g)].map((m) => m[1]).sort();
}

Deno.test("PdfmakeSlipRenderer sets Sinhala names and titles in a font that has Sinhala letters", async () => {
  const order = sampleOrder({ items: [bookLine({ title: "මඩොල් දූපත (Madol Doova)" })] });
  order.customer.name = "නිමාලි පෙරේරා (Nimali Perera)";
  const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order);
  assert.deepEqual(embeddedFonts(bytes), [
    "NotoSansSinhala-Bold",
    "NotoSansSinhala-Regular",
    "Roboto-Medium",
    "Roboto-Regular",
  ]);
  const { text } = await pdfText(bytes);
  assert.ok(text.includes("(Nimali Perera)"));
  assert.ok(text.includes("(Madol Doova)"));
  assert.match(text, /[\u0D80-\u0DFF]/);
});

Deno.test("PdfmakeSlipRenderer sets Tamil names and titles in a font that has Tamil letters", async () => {
  const order = sampleOrder({
    items: [bookLine({ title: "பொன்னியின் செல்வன் (Ponniyin Selvan)" })],
  });
  order.customer.name = "கமலா சிவகுமார் (Kamala Sivakumar)";
  const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order);
  assert.deepEqual(embeddedFonts(bytes), [
    "NotoSansTamil-Bold",
    "NotoSansTamil-Regular",
    "Roboto-Medium",
    "Roboto-Regular",
  ]);
  const { text } = await pdfText(bytes);
  assert.ok(text.includes("(Kamala Sivakumar)"));
  assert.ok(text.includes("(Ponniyin Selvan)"));
  assert.match(text, /[\u0B80-\u0BFF]/);
  await Deno.mkdir(new URL("../../test-artifacts/slips/", import.meta.url), { recursive: true });
  await Deno.writeFile(new URL("../../test-artifacts/slips/tamil.pdf", import.meta.url), bytes);
});

Deno.test("PdfmakeSlipRenderer embeds no Sinhala font in a slip without Sinhala", async () => {
  const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(sampleOrder());
  assert.deepEqual(embeddedFonts(bytes), ["Roboto-Medium", "Roboto-Regular"]);
});

Deno.test("PdfmakeSlipRenderer names the breakdown's figures: Items, the delivery fee, the order total", async () => {
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(sampleOrder()));
  for (
    const label of ["Items LKR 3,851.50", "Delivery fee LKR 500.00", "Order total LKR 4,351.50"]
  ) {
    assert.ok(text.includes(label), `slip lacks "${label}": ${text}`);
  }
  assert.ok(!text.includes("Subtotal"), `the slip still says Subtotal: ${text}`);
});

for (
  const [language, words] of [
    ["si", ["ඇණවුම", "බැංකු", "ගාස්තුව"]],
    ["ta", ["ஆர்டர்", "வங்கி", "கட்டணம்"]],
  ] as const
) {
  Deno.test(`PdfmakeSlipRenderer writes the slip of a ${language} order in ${language}, with its facts`, async () => {
    const order = sampleOrder({
      locale: language,
      paymentMethod: "Bank Deposit",
      items: [bookLine({ preorder: true }), stationeryLine()],
    });
    const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order);
    const font = language === "si" ? "NotoSansSinhala" : "NotoSansTamil";
    assert.ok(embeddedFonts(bytes).includes(`${font}-Regular`));
    assert.ok(embeddedFonts(bytes).includes(`${font}-Bold`));
    const { text } = await pdfText(bytes);
    for (const fact of ["#1042", "Madol Doova", "1,250.00", "LKR 3,851.50", "LKR 4,351.50"]) {
      assert.ok(text.includes(fact), `slip lacks "${fact}": ${text}`);
    }
    for (const word of words) assert.ok(text.includes(word), `slip lacks "${word}": ${text}`);
    assert.doesNotMatch(text, /Order total|Deliver to|ORDER SLIP|Pre-order/);
    await Deno.mkdir(new URL("../../test-artifacts/slips/", import.meta.url), { recursive: true });
    await Deno.writeFile(
      new URL(`../../test-artifacts/slips/order-${language}.pdf`, import.meta.url),
      bytes,
    );
  });
}

for (
  const [language, paidWords, collectWords] of [
    ["en", [
      "Paid, nothing to collect",
      "Order total LKR 4,351.50",
      "Paid −LKR 4,351.50",
      "To pay LKR 0.00",
    ], /Collect/],
    ["si", ["අයකළයුතුකිසිවක්නැත", "LKR4,351.50"], /අයකළයුතුමුදල/],
  ] as const
) {
  Deno.test(`PdfmakeSlipRenderer tells the courier a paid COD order has nothing to collect, in ${language}`, async () => {
    // The extraction breaks Sinhala words with spaces where glyphs join: compare without any.
    const squeeze = (text: string) => language === "en" ? text : text.replace(/\s+/g, "");
    const order = sampleOrder({ locale: language, status: "completed", paymentStatus: "paid" });
    const paid = squeeze(
      (await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order))).text,
    );
    for (const words of paidWords) {
      assert.ok(paid.includes(words), `slip lacks "${words}": ${paid}`);
    }
    assert.doesNotMatch(paid, collectWords);
    const unpaid = await pdfText(
      await new PdfmakeSlipRenderer(SAMPLE_SHOP).render({ ...order, paymentStatus: "unpaid" }),
    );
    assert.match(squeeze(unpaid.text), collectWords, "an unpaid one is collected");
  });
}

Deno.test("PdfmakeSlipRenderer tells the courier not to collect an unpaid Bank Deposit order", async () => {
  const order = sampleOrder({ status: "completed", paymentMethod: "Bank Deposit" });
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order));
  assert.ok(text.includes("Not paid yet: to be paid by bank deposit, do not collect"), text);
  assert.ok(text.includes("Order total LKR 4,351.50"), text);
  assert.doesNotMatch(text, /Collect LKR/);
});

for (
  const [language, customer, titles] of [
    // ැ before ු in one slip: fontkit's glyphs would read the second as the first.
    ["si", "නිමාලි පෙරේරා", ["මඩොල් දූපත", "ශ්‍රී ලංකා ඉතිහාසය", "කැරැල්ල කරුණාකර කියවන්න"]],
    ["ta", "கமலா சிவகுமார்", ["பொன்னியின் செல்வன்", "கொழும்பு க்ஷேத்திரம்"]],
  ] as const
) {
  Deno.test(`PdfmakeSlipRenderer's ${language} slip reads in the order it is written, for copy and search`, async () => {
    const w = wordsFor(language);
    const order = sampleOrder({
      locale: language,
      items: titles.map((title, i) => bookLine({ id: i + 1, itemId: i + 1, title })),
    });
    order.customer.name = customer;
    const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order));
    // Where extraction puts a space between two glyphs is its own guess: compare without any.
    const squeezed = text.normalize("NFC").replace(/\s+/g, "");
    const words = [
      customer,
      ...titles,
      w.t("slip.book"),
      w.t("slip.payment"),
      w.t("slip.deliverTo"),
    ];
    for (const word of words) {
      const wanted = word.normalize("NFC").replace(/\s+/g, "");
      assert.ok(squeezed.includes(wanted), `"${word}" is not in the slip's text: ${text}`);
    }
  });
}

Deno.test("PdfmakeSlipRenderer prints the courier and the tracking number when they are given", async () => {
  const sent = sampleOrder({
    status: "completed",
    courier: "Pronto Lanka",
    trackingNumber: "PX-40233",
  });
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(sent));
  assert.ok(text.includes("Courier Pronto Lanka"), text);
  assert.ok(text.includes("Tracking number PX-40233"), text);
  const tamil = await pdfText(
    await new PdfmakeSlipRenderer(SAMPLE_SHOP).render({ ...sent, locale: "ta" }),
  );
  const squeezed = tamil.text.replace(/\s+/g, "");
  assert.ok(squeezed.includes("கூரியர்ProntoLanka"), tamil.text);
  assert.ok(squeezed.includes("கண்காணிப்புஇலக்கம்PX-40233"), tamil.text);
  const unsent = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(sampleOrder()));
  assert.doesNotMatch(unsent.text, /Courier|Tracking number/);
  const courierOnly = await pdfText(
    await new PdfmakeSlipRenderer(SAMPLE_SHOP).render({ ...sent, trackingNumber: null }),
  );
  assert.ok(courierOnly.text.includes("Courier Pronto Lanka"));
  assert.doesNotMatch(courierOnly.text, /Tracking number/);
});

Deno.test("a slip shows each line's usual price, every saving by its source and the price paid, then the breakdown's rows", async () => {
  const bytes = await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(promotedOrder());
  const { text, pages } = await pdfText(bytes);
  assert.equal(pages, 1);
  for (
    const expected of [
      "Usual price Price paid (LKR)",
      "Sale price −LKR 500.00 Book Fair 2026 −LKR 400.00 Code SCHOOL10 −LKR 60.00",
      "2 1,250.00 2,500.00 1,540.00",
      "Code SCHOOL10 −LKR 40.00 3 450.50 1,351.50 1,311.50",
      "Items LKR 3,851.50",
      "Sale price −LKR 500.00",
      "Code SCHOOL10 −LKR 100.00",
      "Free delivery: Free delivery over LKR 2,000 LKR 0.00",
      "Order total LKR 2,851.50",
      "Savings: LKR 1,000.00",
      "Collect LKR 2,851.50",
    ]
  ) {
    assert.ok(text.includes(expected), `${expected} in ${text}`);
  }
});

Deno.test("a slip of a paid or cancelled order with savings keeps the payment's words", async () => {
  const renderer = new PdfmakeSlipRenderer(SAMPLE_SHOP);
  const paid = (await pdfText(
    await renderer.render(promotedOrder({ status: "completed", paymentStatus: "paid" })),
  )).text;
  assert.ok(paid.includes("Order total LKR 2,851.50 Paid −LKR 2,851.50 To pay LKR 0.00"), paid);
  assert.ok(paid.includes("Savings: LKR 1,000.00"), paid);
  const cancelled = (await pdfText(await renderer.render(promotedOrder({ status: "rejected" }))))
    .text;
  assert.ok(cancelled.includes("Order total LKR 2,851.50"), cancelled);
  assert.ok(cancelled.includes("Cancelled, nothing to collect"), cancelled);
  assert.ok(paid.includes("Paid, nothing to collect"), paid);
});

Deno.test("a slip of an order without promotions shows no struck price and no saving", async () => {
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(sampleOrder()));
  assert.ok(!text.includes("Savings"), text);
  assert.ok(!text.includes("Code "), text);
  assert.ok(text.includes("Delivery fee LKR 500.00"), text);
});

Deno.test("PdfmakeSlipRenderer names the city, district and province as the order kept them, in its language", async () => {
  const order = sampleOrder({
    locale: "si",
    areaName: "Galle",
    areaNameSi: "ගාල්ල",
    districtName: "Galle",
    districtNameSi: "ගාල්ල",
    provinceName: "Southern",
    provinceNameSi: "දකුණු",
  });
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order));
  const read = text.normalize("NFC").replace(/[\u200C\u200D]/g, "");
  assert.ok(read.includes("ගාල්ල 10370"), read);
  assert.ok(read.includes("දකුණු"), read);
  assert.ok(!read.includes("Southern") && !read.includes("Galle 10370"), read);
});

Deno.test("a slip of a mixed order sent in two parcels shows the second parcel's fee beside the delivery fee", async () => {
  const order = sampleOrder({
    items: [bookLine(), bookLine({ id: 2, itemId: 2, preorder: true })],
    paymentMethod: "Bank Deposit",
    parcels: "split",
    deliveryFeeCents: 50_000,
    secondParcelFeeCents: 15_000,
  });
  const { text } = await pdfText(await new PdfmakeSlipRenderer(SAMPLE_SHOP).render(order));
  for (
    const label of ["Delivery fee LKR 350.00", "Second parcel delivery LKR 150.00"]
  ) {
    assert.ok(text.includes(label), `slip lacks "${label}": ${text}`);
  }
});
