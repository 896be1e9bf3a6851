/**
 * Which methods pay for a pre-order is told from the payment policy table, the same on the
 * terms and the book's page in each language: Bank Deposit, and Card and Koko when their
 * providers are configured; never Cash on Delivery. And the terms promise no weeks where a
 * book's page says a date. Rendered on the server by the web build.
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { SAMPLE_BANK, SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";
import {
  offeredMethods,
  ONLINE_TERMS_WORDS,
  PAYMENT_POLICIES,
} from "../../domain/orders/payment_policy.ts";
import { preorderMethods } from "../../domain/orders/preorder_policy.ts";
import type { ProviderKey } from "../../domain/payments/providers.ts";
import { i18nFor } from "../../web/i18n/mod.ts";
import "../../web/i18n/catalogues.ts";
import { methodNames } from "../../web/lib/policy_words.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

const LANGUAGES = [["en", ""], ["si", "/si"], ["ta", "/ta"]] as const;

async function pages(providers: ProviderKey[]) {
  const catalogue = await sampleCatalogue();
  const app = pagesApp({
    catalogue,
    locations: new MemoryLocations(),
    bank: SAMPLE_BANK,
    shop: SAMPLE_SHOP,
    ...(providers.length > 0
      ? {
        providers,
        gatewayOrigins: ["https://sandbox.payhere.lk"],
        cardPayment: () => Promise.resolve({ action: "https://sandbox.payhere.lk", fields: {} }),
      }
      : {}),
  });
  const books = await catalogue.listBooks({ inStock: true, outOfStock: true }, {
    page: 1,
    pageSize: 100,
  });
  const preorder = books.items.find((book) => book.preorder)!;
  const text = async (path: string) => {
    const response = await app.request(path);
    assert.equal(response.status, 200, path);
    return (await response.text()).replaceAll("<!-- -->", "").replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'").replace(/\s+/g, " ");
  };
  return { text, preorder };
}

const PROVIDER_SETS: ProviderKey[][] = [[], ["payhere"], ["payhere", "koko"]];
for (const providers of PROVIDER_SETS) {
  Deno.test(`the terms and a pre-order book's page name the methods that pay for pre-orders from the policy table, in en, si and ta (providers: ${providers.join(", ") || "none"})`, async () => {
    const { text, preorder } = await pages(providers);
    const offered = offeredMethods(providers);
    const paidBy = preorderMethods(offered);
    assert.deepEqual(
      paidBy,
      [
        "Bank Deposit",
        ...providers.includes("payhere") ? ["Card"] : [],
        ...providers.includes("koko") ? ["Koko"] : [],
      ],
    );
    for (const [language, prefix] of LANGUAGES) {
      const i18n = i18nFor(language);
      const names = methodNames(i18n, paidBy);
      const terms = await text(`${prefix}/terms`);
      assert.ok(
        terms.includes(
          i18n.t("terms.prices", { methods: methodNames(i18n, offered), preorderMethods: names }),
        ),
        `${language}: ${terms}`,
      );
      const book = await text(`${prefix}/books/${preorder.id}`);
      assert.ok(book.includes(i18n.t("cart.preorderMethods", { methods: names })), book);
      // Cash on Delivery takes no pre-orders: the book's note never names it.
      const note = book.slice(book.indexOf(i18n.t("cart.preorderMethods", { methods: names })));
      assert.ok(
        !note.startsWith(i18n.t("cart.preorderMethods", {
          methods: methodNames(i18n, ["COD", ...paidBy]),
        })),
      );
      // Each method paid online is named in the note exactly when its provider is configured,
      // and the terms say how it is paid.
      for (const method of ["Card", "Koko"] as const) {
        const configured = providers.includes(PAYMENT_POLICIES[method].provider);
        assert.equal(
          names.includes(i18n.t(PAYMENT_POLICIES[method].words.name)),
          configured,
          names,
        );
        assert.equal(terms.includes(i18n.t(ONLINE_TERMS_WORDS[method].title)), configured, terms);
      }
    }
  });
}

Deno.test("the terms promise no weeks for a pre-order the book's page dates, and send it when it arrives", async () => {
  const { text } = await pages([]);
  const terms = await text("/terms");
  assert.ok(terms.includes("its page says the date it is expected"), terms);
  assert.ok(!terms.includes("Pre-ordered books are delivered in 3 - 4 weeks"), terms);
  assert.ok(terms.includes("You may pay by Cash on Delivery or Bank Deposit;"), terms);
});
