/**
 * The add-to-cart popup tells what one copy costs as the card and the page do: the shelf
 * price, with the usual price struck beside it while a sale or a campaign runs (issue 44:
 * it showed the usual price of a book on sale). Rendered as the browser draws it.
 */
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nContext, i18nFor } from "../i18n/mod.ts";
import "../i18n/catalogues.ts";
import { QuantityDialog, type QuantityDialogProps } from "./QuantityDialog.tsx";
import type { ShelfPrice } from "../../domain/promotions/shelf_price.ts";

function text(props: Partial<QuantityDialogProps>): string {
  const html = renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18nFor("en") },
      createElement(QuantityDialog, {
        title: "Gamperaliya",
        priceCents: 95_000,
        stock: 5,
        maxPerLine: 20,
        onAdd: () => ({ ok: true, message: "" }),
        onClose: () => {},
        ...props,
      }),
    ),
  );
  return html.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

const SALE: ShelfPrice = {
  unitCents: 80_000,
  usualCents: 95_000,
  savingCents: 15_000,
  sale: true,
  campaign: null,
  until: null,
};

Deno.test("the quantity popup shows a book on sale at its sale price, its usual price struck", () => {
  const shown = text({ shelf: SALE });
  assert.ok(shown.includes("Now LKR 800.00"), shown);
  assert.ok(shown.includes("Usual price LKR 950.00"), shown);
  const campaign = text({
    priceCents: 55_000,
    shelf: {
      ...SALE,
      unitCents: 46_750,
      usualCents: 55_000,
      savingCents: 8_250,
      sale: false,
      campaign: { id: 1, name: "Book Fair", names: {} },
    },
  });
  assert.ok(campaign.includes("Now LKR 467.50"), campaign);
});

Deno.test("the quantity popup shows the usual price alone when nothing is taken off", () => {
  const shown = text({ shelf: null });
  assert.ok(shown.includes("LKR 950.00"), shown);
  assert.ok(!shown.includes("Now"), shown);
});

Deno.test("the quantity popup says a pre-order and its expected date, never in stock, in each language", () => {
  const expected = {
    en: ["Pre-order, expected 15 March 2027", "In stock"],
    si: ["පෙර ඇණවුම, 2027 මාර්තු 15 දින බලාපොරොත්තු වේ", "තොගයේ ඇත"],
    ta: ["முன்பதிவு, 15 மார்ச் 2027 இல் வரும்", "கையிருப்பில் உள்ளது"],
  } as const;
  for (const [language, [preorder, inStock]] of Object.entries(expected)) {
    const html = renderToString(
      createElement(
        I18nContext.Provider,
        { value: i18nFor(language as keyof typeof expected) },
        createElement(QuantityDialog, {
          title: "Gamperaliya",
          priceCents: 95_000,
          stock: 5,
          preorder: true,
          preorderDate: "2027-03-15",
          maxPerLine: 20,
          onAdd: () => ({ ok: true, message: "" }),
          onClose: () => {},
        }),
      ),
    );
    const shown = html.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    assert.ok(shown.includes(preorder), `${language}: ${shown}`);
    assert.ok(!shown.includes(inStock), `${language}: ${shown}`);
  }
  // A book on the shelf still says so: the test above would pass on a popup that never did.
  assert.ok(text({}).includes("In stock"));
});
