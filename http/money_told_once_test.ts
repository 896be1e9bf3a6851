/**
 * One order told the same everywhere (issue 44, "Done when"): two copies of a book on sale,
 * one book in a campaign, a discount code, a gift voucher and a COD delivery fee, rendered
 * through every surface a test without a browser can draw, in English and Sinhala: the
 * add-to-cart popup, the home page's cards, the book page, the cart, the checkout summary,
 * the order-placed dialog, the order page, the account's orders, the admin order page, the
 * customer's and the owner's mails, the text, the slip (its PDF's text), the orders CSV and
 * the sales report. Each says the same figures under the same names: Items, each saving by
 * its source, the delivery fee, the order total, the voucher and what is still to pay. The
 * figures and the phrases are written here, worked out by hand, not read from the shop.
 */
import assert from "node:assert/strict";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { extractText, getDocumentProxy } from "unpdf";
import { json, newBook, orderBody, testApp } from "./testing/fixture.ts";
import { pagesApp } from "./pages/mod.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { MemoryLocations } from "../adapters/memory/locations.ts";
import { customerOrderView } from "../domain/orders/customer_view.ts";
import { orderMail } from "../domain/notifications/order_mail.ts";
import { smsNotice } from "../domain/notifications/sms.ts";
import { renderMail } from "../adapters/mail/render/mod.ts";
import { MessageFormatSmsRenderer } from "../adapters/sms/render.ts";
import { PdfmakeSlipRenderer } from "../adapters/pdf/pdfmake_slip_renderer.ts";
import { breakdownFromRecord } from "../domain/pricing/breakdown_record.ts";
import type { Locale } from "../domain/i18n/language.ts";
import type { Cart } from "../domain/cart/cart.ts";
import type { ShelfPrice } from "../domain/promotions/shelf_price.ts";
import type { WireCartPrice } from "../contract/cart_price.ts";
import { I18nContext, i18nFor } from "../web/i18n/mod.ts";
import "../web/i18n/catalogues.ts";
import { ISLAND_DATA_ID } from "../web/islands/names.ts";
import { QuantityDialog } from "../web/components/QuantityDialog.tsx";
import { BreakdownTotals } from "../web/components/MoneyBreakdown.tsx";
import { cartFigures } from "../web/components/CartPrice.tsx";
import { OrderSummary } from "../web/components/OrderSummary.tsx";
import { PaymentDialog } from "../web/components/PaymentDialog.tsx";
import { AccountOrders } from "../web/islands/Account.tsx";
import { AdminBreakdownRows } from "../web/admin/Money.tsx";
import { SalesReportSchema } from "../contract/reports.ts";

await ensureBuilt();

/** The figures, by hand. */
const FIGURES = {
  // Madol Doova: LKR 950, on sale at LKR 800 (2 copies); Viragaya: LKR 550, 15% off (1 copy).
  items: "2,450.00",
  sale: "300.00",
  campaign: "82.50",
  code: "100.00",
  // 1,000 g by COD.
  delivery: "400.00",
  // 2,450 − 482.50 + 400.
  total: "2,367.50",
  voucher: "1,000.00",
  toPay: "1,367.50",
};

/** What each figure is called, in the order's language (the admin area's are English). */
const WORDS: Record<"en" | "si", Record<keyof typeof FIGURES, string>> = {
  en: {
    items: "Items",
    sale: "Sale price",
    campaign: "Book Fair 2026",
    code: "Code SCHOOL10",
    delivery: "Delivery fee",
    total: "Order total",
    voucher: "Gift voucher …",
    toPay: "To pay",
  },
  si: {
    items: "භාණ්ඩ",
    sale: "විශේෂ මිල",
    campaign: "පොත් ප්‍රදර්ශනය 2026",
    code: "වට්ටම් කේතය SCHOOL10",
    delivery: "බෙදාහැරීමේ ගාස්තුව",
    total: "ඇණවුමේ මුළු මුදල",
    voucher: "තෑගි වවුචරය …",
    toPay: "ගෙවිය යුතු මුදල",
  },
};

/** The figures a surface that tells the order whole must show: the names are its language's. */
type Figure = keyof typeof FIGURES;
const WHOLE: Figure[] = ["items", "sale", "campaign", "code", "delivery", "total", "voucher"];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Tags dropped, entities read, spaces run together. */
function plain(html: string): string {
  return html.replaceAll("<!-- -->", "").replace(/<script.*?<\/script>/gs, " ")
    .replace(/<style.*?<\/style>/gs, " ").replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/\s+/g, " ");
}

/**
 * Asserts `text` names each figure with its amount: its name, then (after a colon or a minus
 * sign) the amount in LKR.
 */
function saysFigures(
  surface: string,
  text: string,
  words: Record<Figure, string>,
  figures: Figure[],
): void {
  for (const figure of figures) {
    const name = escape(words[figure]);
    const pattern = new RegExp(
      `${name}\\s*:?\\s*(?:[−-]\\s*)?LKR\\s*${escape(FIGURES[figure])}`,
    );
    assert.match(text, pattern, `${surface} lacks ${words[figure]} LKR ${FIGURES[figure]}`);
  }
}

function render(language: Locale, element: ReactElement): string {
  return plain(renderToString(
    createElement(I18nContext.Provider, { value: i18nFor(language) }, element),
  ));
}

for (const language of ["en", "si"] as const) {
  Deno.test(`one order with a sale, a campaign, a code, a voucher and delivery tells the same figures on every surface, in ${language}`, async () => {
    const t = await testApp();
    const prefix = language === "en" ? "" : `/${language}`;
    const admin = (path: string, init?: RequestInit) => t.asAdmin(path, init);
    const ok = async (response: Response, status = 200) => {
      const text = await response.text();
      assert.equal(response.status, status, text);
      return JSON.parse(text);
    };

    // The shop: a sale, a campaign on the second book, a code, a voucher.
    await ok(await admin(`/api/books/${t.ids.book}`, json("PUT", { salePrice: 800 })));
    const viragaya = await t.catalogue.createBook(newBook({
      title: "Viragaya",
      isbn13: "9789550000043",
      priceCents: 55_000,
      weightGrams: 300,
    }));
    assert.ok(viragaya.kind === "ok");
    const open = { startsAt: null, endsAt: null };
    await t.promotions.addCampaign({
      name: "Book Fair 2026",
      names: { si: "පොත් ප්‍රදර්ශනය 2026" },
      scope: { kind: "products", items: [{ type: "book", id: viragaya.value.id }] },
      benefit: { kind: "percent", basisPoints: 1500 },
      window: open,
      paused: false,
    });
    assert.equal(
      (await t.promotions.addCode({
        code: "SCHOOL10",
        benefit: { kind: "amount", cents: 10_000 },
        minItemsCents: 0,
        scope: { kind: "shop" },
        window: open,
        paused: false,
        maxUses: null,
        maxUsesPerCustomer: null,
      })).kind,
      "ok",
    );
    const issued = (await ok(
      await admin("/api/vouchers", json("POST", { amount: 1000, expiresOn: "2026-12-31" })),
      201,
    )).data as { code: string; voucher: { code: string } };
    // Named by its last four symbols everywhere ("Gift voucher …Q2K7"), its whole code nowhere.
    const last4 = issued.voucher.code.slice(1);
    const words = { ...WORDS[language], voucher: WORDS[language].voucher + last4 };
    const english = { ...WORDS.en, voucher: WORDS.en.voucher + last4 };

    const pages = pagesApp({
      catalogue: t.catalogue,
      promotions: t.promotions,
      locations: new MemoryLocations(),
      bank: t.deps.bank,
      shop: t.deps.shop,
      now: () => t.clock.now(),
      customerOrder: async (id, key) => {
        const order = key === "k" ? await t.orders.findById(id) : undefined;
        return order && customerOrderView(order);
      },
    });
    const page = async (path: string) => {
      const response = await pages.request(prefix && path === "/" ? prefix : `${prefix}${path}`);
      const html = await response.text();
      assert.equal(response.status, 200, path);
      return html;
    };

    // Cards (the home page) and the book page: what one copy costs now, the usual price struck.
    const home = plain(await page("/"));
    for (const price of ["LKR 800.00", "LKR 950.00", "LKR 467.50", "LKR 550.00"]) {
      assert.ok(home.includes(price), `the cards lack ${price}: ${home}`);
    }
    const bookHtml = await page(`/books/${t.ids.book}`);
    assert.ok(plain(bookHtml).includes("LKR 800.00"), "the book page's sale price");
    const campaignHtml = await page(`/books/${viragaya.value.id}`);
    assert.ok(plain(campaignHtml).includes("LKR 467.50"), "the campaign book's page");
    // The popup: drawn from the shelf price the page gave its island.
    for (
      const [html, title, usual, now] of [
        [bookHtml, "Madol Doova", 95_000, "LKR 800.00"],
        [campaignHtml, "Viragaya", 55_000, "LKR 467.50"],
      ] as const
    ) {
      const data = new RegExp(`id="${ISLAND_DATA_ID}">(.*?)</script>`, "s").exec(html)?.[1];
      assert.ok(data, "the page's islands");
      const purchase = (JSON.parse(data) as { name: string; props: { shelf: ShelfPrice } }[])
        .find((island) => island.name === "BookPurchase");
      assert.ok(purchase?.props.shelf, `${title}'s shelf price`);
      const popup = render(
        language,
        createElement(QuantityDialog, {
          title,
          priceCents: usual,
          shelf: purchase.props.shelf,
          stock: 5,
          maxPerLine: 20,
          onAdd: () => ({ ok: true, message: "" }),
          onClose: () => {},
        }),
      );
      assert.ok(popup.includes(now), `the popup of ${title}: ${popup}`);
    }

    // The cart (priced without a method: no delivery yet) and the checkout (COD, the voucher).
    const items = [
      { type: "book", id: t.ids.book, quantity: 2 },
      { type: "book", id: viragaya.value.id, quantity: 1 },
    ];
    const cart: Cart = [
      {
        type: "book",
        id: t.ids.book,
        title: "Madol Doova",
        unitPriceCents: 95_000,
        stock: 5,
        weightGrams: 350,
        image: null,
        preorder: false,
        quantity: 2,
      },
      {
        type: "book",
        id: viragaya.value.id,
        title: "Viragaya",
        unitPriceCents: 55_000,
        stock: 5,
        weightGrams: 300,
        image: null,
        preorder: false,
        quantity: 1,
      },
    ];
    const inCart = (await ok(
      await t.app.request(
        "/api/cart/price",
        json("POST", { items, code: "SCHOOL10", locale: language }),
      ),
    )).data as WireCartPrice;
    const cartText = render(
      language,
      createElement(BreakdownTotals, { breakdown: cartFigures(inCart, cart, null) }),
    );
    saysFigures("the cart", cartText, words, ["items", "sale", "campaign", "code"]);
    const atCheckout = (await ok(
      await t.app.request(
        "/api/cart/price",
        json("POST", {
          items,
          code: "SCHOOL10",
          voucher: issued.code,
          paymentMethod: "COD",
          locale: language,
        }),
      ),
    )).data as WireCartPrice;
    const checkout = render(
      language,
      createElement(OrderSummary, {
        cart,
        method: "COD",
        maxPerLine: 20,
        pricing: {
          price: atCheckout,
          current: true,
          pricing: false,
          error: null,
          blockedSeconds: null,
          code: "SCHOOL10",
          setCode: () => {},
          voucher: issued.code,
          setVoucher: () => {},
          voucherBlockedSeconds: null,
          reprice: () => {},
        },
      }),
    );
    saysFigures("the checkout", checkout, words, [...WHOLE, "toPay"]);

    // Placed, with the code and the voucher: the dialog tells the 201's breakdown.
    const placed = await ok(
      await t.app.request(
        "/api/orders",
        json(
          "POST",
          orderBody(t.ids.book, {
            items,
            total: 1967.5,
            code: "SCHOOL10",
            voucher: { code: issued.code, amount: 1000 },
            locale: language,
          }),
          { Authorization: `Bearer ${t.customerToken}` },
        ),
      ),
      201,
    );
    assert.equal(placed.total, 1967.5, "the items after every saving: the voucher took nothing");
    const dialog = render(
      language,
      createElement(PaymentDialog, {
        order: {
          orderId: placed.orderId,
          breakdown: breakdownFromRecord(placed.breakdown),
          method: "COD",
          preorder: false,
          orderUrl: `${t.deps.shop.publicUrl}/orders/${placed.orderId}?key=k`,
        },
        bank: t.deps.bank,
        onClose: () => {},
      }),
    );
    saysFigures("the placed dialog", dialog, words, [...WHOLE, "toPay"]);

    // The order page, and the account's list of orders.
    const orderPage = plain(await page(`/orders/${placed.orderId}?key=k`));
    saysFigures("the order page", orderPage, words, [...WHOLE, "toPay"]);
    const order = await t.orders.findById(placed.orderId);
    assert.ok(order);
    const mine = (await ok(
      await t.app.request("/api/account/orders", {
        headers: { Authorization: `Bearer ${t.customerToken}` },
      }),
    )).data;
    const account = render(language, createElement(AccountOrders, { orders: mine }));
    saysFigures("the account's orders", account, words, ["total", "toPay"]);

    // The admin order page's totals, in English, from the admin's answer.
    const adminOrder = (await ok(await admin(`/api/orders/${placed.orderId}`))).data;
    const adminText = plain(renderToString(
      createElement(
        "table",
        null,
        createElement(AdminBreakdownRows, {
          breakdown: breakdownFromRecord(adminOrder.breakdown),
          columns: 3,
        }),
      ),
    ));
    saysFigures("the admin order page", adminText, english, [...WHOLE, "toPay"]);

    // The customer's mail in their language, the owner's in English; the text; the slip.
    const ctx = { shop: t.deps.shop, bank: t.deps.bank, orderKey: "k" };
    const customerMail = renderMail(orderMail("order_placed", order, ctx), t.deps.shop);
    saysFigures("the customer's mail", customerMail.text, words, [...WHOLE, "toPay"]);
    saysFigures("the customer's mail (HTML)", plain(customerMail.html), words, WHOLE);
    const shopMail = renderMail(orderMail("shop_order_placed", order, ctx), t.deps.shop);
    saysFigures("the owner's mail", shopMail.text, english, [...WHOLE, "toPay"]);
    assert.ok(!/You saved/.test(shopMail.text), "the owner's mail speaks to the owner");
    const sms = smsNotice("order_placed", order, t.deps.shop);
    assert.ok(sms.kind === "notice");
    const text = new MessageFormatSmsRenderer().render(sms.notice);
    assert.ok(text.includes(`LKR ${FIGURES.total}`), `the text: ${text}`);
    const pdf = await getDocumentProxy(
      await new PdfmakeSlipRenderer(t.deps.shop).render(order),
    );
    // The PDF's text breaks Sinhala words with spaces where glyphs join: read without any.
    const slip = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, "")
      .normalize("NFC");
    const compact = Object.fromEntries(
      Object.entries(words).map(([figure, name]) => [figure, name.replace(/\s+/g, "")]),
    ) as Record<Figure, string>;
    saysFigures("the slip", slip, compact, [...WHOLE, "toPay"]);

    // The orders CSV: the same figures, in rupees.
    const csv = await (await admin("/api/orders/export")).text();
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    const columns = header.split(",");
    const cell = (row: string, name: string) => row.split(",")[columns.indexOf(name)];
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.deepEqual(
        ["items", "savings", "deliveryFee", "orderTotal", "vouchers", "toPay"].map((c) =>
          cell(row, c)
        ),
        ["2450.00", "482.50", "400.00", "2367.50", "1000.00", "1367.50"],
      );
    }
    assert.deepEqual(
      rows.map((row) => [cell(row, "sale" + "Saving"), cell(row, "campaignSaving")]),
      [["300.00", "0.00"], ["0.00", "82.50"]],
    );

    const secret = issued.code.replaceAll("-", "");
    for (const [surface, said] of Object.entries({ orderPage, checkout, dialog, csv, slip })) {
      assert.ok(!said.replaceAll("-", "").includes(secret), `${surface} shows the whole code`);
    }
    assert.ok(!customerMail.text.replaceAll("-", "").includes(secret), "the mail's whole code");

    // The report, once the courier's cash is in: takings are what was paid, the voucher apart.
    await ok(
      await admin(`/api/orders/${placed.orderId}/payment`, json("PUT", { status: "paid" })),
    );
    const report = SalesReportSchema.parse(
      (await ok(await admin("/api/reports/sales?from=2026-03-01&to=2026-03-31"))).data,
    );
    assert.equal(report.totals.current.takings, 1367.5);
    assert.deepEqual(report.vouchers.current, {
      sold: 1,
      sold_amount: 1000,
      redeemed: 1000,
      returned: 0,
    });
  });
}
