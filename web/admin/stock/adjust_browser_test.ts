/**
 * Taking damaged copies out of stock on a book's edit page, in a real Chromium against the
 * shop's real HTTP app at 375px: the form refuses more copies than are in stock (an order
 * holds the rest), then takes two out with a reason and a note, and the trail shows who,
 * when and why. Screenshots land in test-artifacts/admin/.
 */
import assert from "node:assert/strict";
import { ARTIFACTS, withRig, withShop } from "../testing/browser_rig.ts";
import { ADMIN_EMAIL } from "../testing/admin_shop.ts";
import { json, orderBody } from "../../../http/testing/fixture.ts";

Deno.test("the owner takes damaged copies out of stock with a reason kept for the trail (375px)", async () => {
  await withRig(async (rig) => {
    await withShop(rig, () => {}, async (page, shop, url) => {
      // 5 copies; an unpaid order takes 2 of them.
      const placed = await shop.app.request("/api/orders", json("POST", orderBody(shop.ids.book)));
      assert.equal(placed.status, 201, await placed.clone().text());
      await placed.body?.cancel();

      await page.goto(`${url}/admin/books/${shop.ids.book}`);
      const panel = page.getByRole("region", { name: "Adjust stock" });
      await panel.getByText("No adjustments yet").waitFor();
      await panel.getByLabel("Change in copies").fill("-4");
      await panel.getByLabel("Reason").selectOption("damaged");
      await panel.getByRole("button", { name: "Save adjustment" }).click();
      await panel.getByText(
        "Only 3 copies in stock can be taken out: copies held by orders are not in stock",
      ).waitFor();
      assert.equal((await shop.catalogue.findBook(shop.ids.book))?.stock, 3);

      await panel.getByLabel("Change in copies").fill("-2");
      await panel.getByLabel("Note").fill("Rain through the store room roof");
      await panel.getByRole("button", { name: "Save adjustment" }).click();
      await panel.getByRole("status").filter({
        hasText: "Stock reduced by 2 copies (damaged): 1 in stock now",
      }).waitFor();
      assert.equal((await shop.catalogue.findBook(shop.ids.book))?.stock, 1);
      const row = panel.getByRole("row").filter({ hasText: "Rain through the store room roof" });
      await row.waitFor();
      const cells = await row.getByRole("cell").allInnerTexts();
      assert.deepEqual(cells.slice(1), [
        "-2",
        "Damaged",
        "Rain through the store room roof",
        "1",
        ADMIN_EMAIL,
      ]);
      assert.match(cells[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await panel.getByText("In stock: 1.").waitFor();
      await page.screenshot({ path: `${ARTIFACTS}stock-adjustment-375.png`, fullPage: true });
    }, { width: 375, signedIn: true });
  });
});
