/**
 * An order remembers the language of the checkout page it was placed from, so that its
 * mails and slip are written in it. Driven in a real browser over the preview server;
 * the form is found by its controls' ids, which stay the same in every language.
 */
import assert from "node:assert/strict";
import { ensureBuilt } from "../scripts/build_web.ts";
import { withPreviewBrowser } from "./testing/preview_browser.ts";

await ensureBuilt();

Deno.test("an order placed from the Tamil checkout is kept as a Tamil order", async () => {
  await withPreviewBrowser(async ({ base, shop: { orders }, browser }) => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } }))
      .newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/stationery`);
    await page.getByRole("button", { name: /Add to Cart.*Crayons/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    await page.goto(`${base}/ta/checkout`);
    await page.locator("#checkout-name").fill("கமலா சிவகுமார்");
    await page.locator("#checkout-email").fill("kamala@example.lk");
    await page.locator("#checkout-phone").fill("077 123 4567");
    await page.locator("#checkout-address").fill("12 Galle Road");
    // The Tamil page names the Western Province and the Colombo District in Tamil.
    await page.locator("#checkout-province").selectOption({ label: "மேல்" });
    await page.locator("#checkout-district").selectOption({ label: "கொழும்பு" });
    await page.locator("#checkout-city").fill("Dehiwala");
    await page.waitForFunction(
      (el) => (el as HTMLInputElement).value === "10350",
      await page.locator("#checkout-postalCode").elementHandle(),
    );
    await page.locator("form:has(#checkout-name) button[type=submit]").click();
    await page.getByRole("dialog").waitFor();
    const placed = await orders.list();
    assert.equal(placed.length, 1);
    assert.equal(placed[0].locale, "ta");
    assert.deepEqual(errors, []);
  });
});
