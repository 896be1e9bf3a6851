/**
 * The owner's Promotions page in a real Chromium against the shop's real HTTP app (memory
 * adapters), at 1280 and 375 px: signed in through the login page, the owner finds the
 * empty page, adds a campaign and a code (a taken spelling is marked on its field), sees
 * both listed as running, pauses and resumes the campaign, previews a cart with the code,
 * then ends the campaign. Screenshots of the filled form, the list and the preview land in
 * test-artifacts/admin/.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ARTIFACTS, logIn, statusText, withRig, withShop } from "../testing/browser_rig.ts";
import { instantToColomboLocal } from "../../../domain/promotions/colombo_time.ts";

const DAY = 86_400_000;

/** Confirms the dialog's choice `label`. */
async function confirm(page: Page, label: string) {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: label, exact: true }).click();
}

async function scenario(page: Page, url: string, width: number) {
  const now = Date.now();
  const start = instantToColomboLocal(new Date(now - DAY).toISOString());
  const end = instantToColomboLocal(new Date(now + 10 * DAY).toISOString());
  await logIn(page, url);
  // Every section's tab is in the window, none scrolled out of sight, at both widths.
  const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
  await tabs.first().waitFor();
  const outside = await tabs.evaluateAll((links) =>
    links.filter((link) => {
      const box = link.getBoundingClientRect();
      return box.left < 0 || box.right > document.documentElement.clientWidth;
    }).map((link) => link.textContent)
  );
  assert.deepEqual(outside, [], `tabs out of the window at ${width}px`);
  assert.ok(await tabs.count() >= 10);
  await page.getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Promotions", exact: true }).click();
  await page.waitForURL(`${url}/admin/promotions`);
  await page.getByRole("heading", { name: "No promotions yet" }).waitFor();

  // A campaign over the book store, named in three languages.
  await page.getByRole("button", { name: "New campaign" }).click();
  const campaign = page.getByRole("region", { name: "New campaign" });
  await campaign.locator("#promotion-campaign-name").fill("Book Fair 2026: 20% off");
  await campaign.locator("#promotion-campaign-nameSi").fill("පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්");
  await campaign.locator("#promotion-campaign-nameTa").fill("புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி");
  await campaign.locator("#promotion-campaign-percent").fill("20");
  await campaign.getByLabel("Scope").selectOption("store");
  await campaign.getByLabel("Store", { exact: true }).selectOption("book");
  await campaign.locator("#promotion-campaign-startsAt").fill(start);
  await campaign.locator("#promotion-campaign-endsAt").fill(end);
  await page.screenshot({
    path: `${ARTIFACTS}promotions-campaign-form-${width}.png`,
    fullPage: true,
  });
  await campaign.getByRole("button", { name: "Add campaign" }).click();
  await statusText(page, 'The campaign "Book Fair 2026: 20% off" was added');

  // A code for a reading club: its spelling is kept in capitals.
  await page.getByRole("button", { name: "New discount code" }).click();
  const code = page.getByRole("region", { name: "New discount code" });
  await code.locator("#promotion-code-code").fill("reading-club");
  await code.getByLabel("Discount").selectOption("amount");
  await code.locator("#promotion-code-amount").fill("100");
  await code.locator("#promotion-code-maxUses").fill("10");
  await code.locator("#promotion-code-maxUsesPerCustomer").fill("1");
  await code.getByRole("button", { name: "Add discount code" }).click();
  await statusText(page, 'The discount code "READING-CLUB" was added');

  // The same spelling in another case is refused on its field, by the shop.
  await page.getByRole("button", { name: "New discount code" }).click();
  await code.locator("#promotion-code-code").fill("Reading-Club");
  await code.locator("#promotion-code-percent").fill("10");
  await code.getByRole("button", { name: "Add discount code" }).click();
  await code.getByText("is another code's, in some case").waitFor();
  assert.equal(
    await code.locator("#promotion-code-code").getAttribute("aria-invalid"),
    "true",
  );
  await page.screenshot({ path: `${ARTIFACTS}promotions-code-form-${width}.png`, fullPage: true });
  await code.getByRole("button", { name: "Cancel" }).click();

  const campaigns = page.getByRole("region", { name: "Campaigns" }).first();
  const fair = campaigns.getByRole("row").filter({ hasText: "Book Fair 2026: 20% off" });
  await fair.getByText("Running").waitFor();
  await fair.getByText("20% off each item").waitFor();
  const codes = page.getByRole("region", { name: "Discount codes" }).first();
  const club = codes.getByRole("row").filter({ hasText: "READING-CLUB" });
  await club.getByText("Running").waitFor();
  await club.getByText("0 of 10").waitFor();

  // Paused and resumed, behind a confirmation each.
  await fair.getByRole("button", { name: "Pause Book Fair 2026: 20% off" }).click();
  await confirm(page, "Pause");
  await statusText(page, "was paused");
  await fair.getByText("Paused").waitFor();
  await fair.getByRole("button", { name: "Resume Book Fair 2026: 20% off" }).click();
  await confirm(page, "Resume");
  await fair.getByText("Running").waitFor();
  await page.screenshot({ path: `${ARTIFACTS}promotions-list-${width}.png`, fullPage: true });

  // Two copies of Madol Doova (LKR 950) by COD with the code: 1,900 less 20% is 1,520,
  // less the code's 100 is 1,420, and delivery (700 g) 400: 1,820.
  const preview = page.getByRole("region", { name: "Preview a cart" });
  await preview.getByLabel("Find a product to add").fill("Madol");
  await preview.getByRole("button", { name: "Add Madol Doova" }).click();
  await preview.getByLabel("Quantity of Madol Doova").fill("2");
  await preview.getByLabel("Discount code").fill("reading-club");
  await preview.getByLabel("Payment method").selectOption("COD");
  await preview.getByRole("button", { name: "Preview" }).click();
  const result = preview.getByRole("region", { name: "Preview result" });
  // The breakdown's rows, as on every surface: each saving by its source, then the total.
  const saving = (name: string) =>
    result.locator('tfoot tr[data-figure="saving"]').filter({ hasText: name }).locator("td");
  await saving("Code READING-CLUB").waitFor();
  assert.equal(await saving("Code READING-CLUB").innerText(), "−LKR 100.00");
  assert.equal(await saving("Book Fair 2026: 20% off").innerText(), "−LKR 380.00");
  assert.equal(
    await result.locator('tfoot tr[data-figure="total"] td').innerText(),
    "LKR 1,820.00",
  );
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}promotions-preview-${width}.png`, fullPage: true });

  // Ended now: it stops at once.
  await fair.getByRole("button", { name: "End Book Fair 2026: 20% off" }).click();
  await confirm(page, "End");
  await statusText(page, "was ended");
  await fair.getByText("Ended").waitFor();
  assert.equal(
    await fair.getByRole("button", { name: "Pause Book Fair 2026: 20% off" }).count(),
    0,
  );
}

Deno.test("the owner adds a campaign and a code, pauses, previews and ends them (1280px and 375px)", async (t) => {
  await withRig(async (rig) => {
    for (const width of [1280, 375]) {
      await t.step(`${width}px`, async () => {
        await withShop(rig, () => {}, async (page, _shop, url) => {
          const broken: string[] = [];
          page.on("pageerror", (error) => broken.push(error.message));
          await scenario(page, url, width);
          assert.deepEqual(broken, []);
          const overflow = await page.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
        }, width);
      });
    }
  });
});
