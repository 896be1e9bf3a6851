/**
 * The customer's order page in the page's language, and nothing of it in English the
 * customer did not write: a status named as the account names it, a lapse's timeline entry
 * without the shop's English reason after it, and an admin's reason or courier kept.
 * Rendered on the server by the web build.
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import type { Order } from "../../domain/orders/model.ts";
import { LAPSE_REASON } from "../../domain/orders/lapse.ts";
import {
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../domain/notifications/testing/samples.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

async function orderPageText(order: Order, prefix: string): Promise<string> {
  const app = pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: SAMPLE_BANK,
    shop: SAMPLE_SHOP,
    customerOrder: (id, key) =>
      Promise.resolve(id === order.id && key === "k" ? customerOrderView(order) : undefined),
  });
  const response = await app.request(`${prefix}/orders/${order.id}?key=k`);
  assert.equal(response.status, 200);
  const page = (await response.text()).replaceAll("<!-- -->", "");
  const main = /<main[^>]*>(.*?)<\/main>/s.exec(page)?.[1] ?? page;
  return main.replace(/<script.*?<\/script>/gs, "").replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'").replace(/\s+/g, " ");
}

const PLACED = { at: "2026-03-01T04:30:00.000Z", kind: "placed", actor: "customer", note: null };

function lapsedOrder(locale: "si" | "ta"): Order {
  return sampleOrder({
    id: 31,
    locale,
    paymentMethod: "Bank Deposit",
    status: "rejected",
    rejectReason: LAPSE_REASON,
    events: [
      PLACED,
      { at: "2026-03-03T04:30:00.000Z", kind: "lapsed", actor: "system", note: LAPSE_REASON },
    ] as Order["events"],
  });
}

Deno.test("a lapsed order's timeline says why in Sinhala and Tamil, without the English reason", async () => {
  const lapsed = {
    si: "අවලංගුයි: නියමිත කාලය තුළ ගෙවීම නොලැබුණා",
    ta: "ரத்துசெய்யப்பட்டது: உரிய நேரத்தில் பணம் கிடைக்கவில்லை",
  };
  for (const locale of ["si", "ta"] as const) {
    const text = await orderPageText(lapsedOrder(locale), `/${locale}`);
    assert.ok(text.includes(lapsed[locale]), text);
    assert.ok(!text.includes(LAPSE_REASON), `${locale}: "${LAPSE_REASON}" in ${text}`);
  }
});

Deno.test("a cancelled order's page keeps the reason the shop wrote, and a sent one its courier", async () => {
  const cancelled = sampleOrder({
    id: 31,
    locale: "si",
    status: "rejected",
    rejectReason: "Out of print",
    events: [
      PLACED,
      { at: "2026-03-02T04:30:00.000Z", kind: "rejected", actor: "admin", note: "Out of print" },
    ] as Order["events"],
  });
  assert.ok((await orderPageText(cancelled, "/si")).includes("Out of print"));
  const sent = sampleOrder({
    id: 31,
    status: "completed",
    courier: "Pronto",
    trackingNumber: "PX-1",
    events: [
      PLACED,
      { at: "2026-03-02T04:30:00.000Z", kind: "completed", actor: "admin", note: "Pronto PX-1" },
    ] as Order["events"],
  });
  assert.ok((await orderPageText(sent, "")).includes("Handed to delivery: Pronto PX-1"));
});

Deno.test("an order's page names its city, district and province in the page's language, as the order was placed", async () => {
  const order = sampleOrder({
    id: 31,
    areaName: "Galle",
    areaNameSi: "ගාල්ල",
    areaNameTa: "காலி",
    districtName: "Galle",
    districtNameSi: "ගාල්ල",
    districtNameTa: "காலி",
    provinceName: "Southern",
    provinceNameSi: "දකුණු",
    provinceNameTa: "தென்",
  });
  const si = await orderPageText(order, "/si");
  assert.ok(si.includes("ගාල්ල, ගාල්ල, දකුණු 10370"), si);
  const ta = await orderPageText(order, "/ta");
  assert.ok(ta.includes("காலி, காலி, தென் 10370"), ta);
  const en = await orderPageText(order, "");
  assert.ok(en.includes("Galle, Galle, Southern 10370"), en);
  // A name the order kept none of in a language is shown in English, never guessed.
  const old = await orderPageText({ ...order, areaNameTa: null, districtNameTa: null }, "/ta");
  assert.ok(old.includes("Galle, Galle, தென் 10370"), old);
});

Deno.test("the order's page marks a pre-ordered line with its expected date in each language, and no other line", async () => {
  const order = sampleOrder({ id: 32 });
  const [first, ...rest] = order.items;
  const preordered = {
    ...order,
    items: [{ ...first, preorder: true, preorderDate: "2027-03-15" }, ...rest],
  };
  const expected = {
    "": "Pre-order, expected 15 March 2027",
    "/si": "පෙර ඇණවුම, 2027 මාර්තු 15 දින බලාපොරොත්තු වේ",
    "/ta": "முன்பதிவு, 15 மார்ச் 2027 இல் வரும்",
  };
  for (const [prefix, words] of Object.entries(expected)) {
    const text = await orderPageText(preordered, prefix);
    assert.equal(text.split(words).length - 1, 1, `${prefix}: ${text}`);
  }
  assert.ok(!(await orderPageText(order, "")).includes("Pre-order"));
});

Deno.test("the order's page links its receipt with the order's key, in the page's language", async () => {
  const order = sampleOrder({ id: 33 });
  const words = {
    "": "Download the receipt (PDF)",
    "/si": "රිසිට්පත බාගන්න (PDF)",
    "/ta": "ரசீதைப் பதிவிறக்கவும் (PDF)",
  };
  for (const [prefix, label] of Object.entries(words)) {
    assert.ok((await orderPageText(order, prefix)).includes(label), prefix);
  }
  const app = pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: SAMPLE_BANK,
    shop: SAMPLE_SHOP,
    customerOrder: (id, key) =>
      Promise.resolve(id === order.id && key === "k" ? customerOrderView(order) : undefined),
  });
  const page = await (await app.request(`/orders/${order.id}?key=k`)).text();
  assert.match(page, /<a href="\/api\/orders\/33\/receipt\?key=k" download="">/);
});

Deno.test("the order's page tells the parcels that left with their courier, waybill and tracking link, in Sinhala", async () => {
  const order = sampleOrder({ id: 34, locale: "si" });
  const app = pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: SAMPLE_BANK,
    shop: SAMPLE_SHOP,
    customerOrder: (id, key) =>
      Promise.resolve(id === order.id && key === "k" ? customerOrderView(order) : undefined),
    parcels: (orderId) =>
      Promise.resolve(
        orderId === order.id
          ? [
            {
              courier: "Koombiyo",
              waybill: "KB1234",
              tracking_url: "https://track.example.lk/KB1234",
              status: "handed_over" as const,
            },
            { courier: "Domex", waybill: "DX-1", tracking_url: null, status: "delivered" as const },
          ]
          : [],
      ),
  });
  const page = await (await app.request(`/si/orders/${order.id}?key=k`)).text();
  const text = page.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  assert.ok(text.includes("Koombiyo වෙත භාර දුන්නා, වේබිල් අංකය KB1234"), text);
  assert.ok(text.includes("Domex විසින් බෙදා හරින ලදී, වේබිල් අංකය DX-1"), text);
  assert.match(
    page,
    /<a href="https:\/\/track\.example\.lk\/KB1234" rel="noopener noreferrer" target="_blank">පාර්සලය සොයා බලන්න<\/a>/,
  );
  assert.equal(page.split("පාර්සලය සොයා බලන්න").length - 1, 1, "a link only where a template gave one");
  // An order with no parcel out says nothing of parcels.
  assert.ok(!(await orderPageText(sampleOrder({ id: 35 }), "")).includes("Your parcels"));
});
