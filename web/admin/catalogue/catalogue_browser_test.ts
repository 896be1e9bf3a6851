/**
 * The catalogue's upkeep in a real Chromium against the shop's real HTTP app (in-memory
 * adapters): editing a title, replacing a cover, renaming a category, and importing a CSV
 * with a bad row. Screenshots at 375px and 1280px land in test-artifacts/admin/.
 */
import { downloadedBytes } from "../../../tests/support/page_checks.ts";
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { ARTIFACTS, type Rig, withRig, withShop } from "../testing/browser_rig.ts";
import type { AdminShop } from "../testing/admin_shop.ts";
import { BookCoverMaker } from "../../../adapters/demo/covers.ts";
import { TINY_PNG } from "../../../http/uploads/testing/images.ts";

/** A fresh shop that draws covers for imported books, with the admin signed in. */
async function withRealShop(
  rig: Rig,
  width: number,
  run: (page: Page, shop: AdminShop, url: string) => Promise<void>,
) {
  await withShop(rig, () => {}, run, {
    width,
    deps: { covers: new BookCoverMaker() },
    signedIn: true,
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

Deno.test("admin catalogue upkeep in a browser", async (t) => {
  await withRig(async (setup) => {
    for (const width of [1280, 375]) {
      await t.step(
        `a book's title is edited from its row, a taken ISBN-13 is refused at the field (${width}px)`,
        async () => {
          await withRealShop(setup, width, async (page, shop, url) => {
            // A valid ISBN-13 (check digit 5) that another book already has.
            await shop.catalogue.updateBook(shop.ids.preorderBook, { isbn13: "9789550000005" });
            await page.goto(`${url}/admin/catalogue`);
            await page.getByLabel("Search books by title, author or ISBN").fill("wickrama");
            await page.getByRole("link", { name: "Edit Madol Doova" }).click();
            await page.waitForURL(`${url}/admin/books/${shop.ids.book}`);
            const title = page.getByLabel("Title", { exact: true });
            await title.fill("Madol Doova (illustrated)");
            await page.getByLabel("ISBN-13").fill("978-955-00-0000-5");
            await page.getByRole("button", { name: "Save changes" }).click();
            await page.locator("#edit-isbn13-error").filter({ hasText: "ISBN-13 already exists" })
              .waitFor();
            assert.equal((await shop.catalogue.findBook(shop.ids.book))?.title, "Madol Doova");
            await shoot(page, `catalogue-edit-error-${width}`);
            await page.getByLabel("ISBN-13").fill("9789550000029"); // as it was
            await page.getByRole("button", { name: "Save changes" }).click();
            await page.getByRole("status").filter({ hasText: "Book updated successfully" })
              .waitFor();
            assert.equal(
              (await shop.catalogue.findBook(shop.ids.book))?.title,
              "Madol Doova (illustrated)",
            );
            await shoot(page, `catalogue-edit-${width}`);
            await page.getByRole("link", { name: "← Back to catalogue" }).click();
            await page.waitForURL(`${url}/admin/catalogue`);
          });
        },
      );
    }

    await t.step(
      "after adding a book: a link to it, and another like it keeps the shared fields",
      async () => {
        await withRealShop(setup, 1280, async (page, shop, url) => {
          await page.goto(`${url}/admin/dashboard`);
          const fields: Record<string, string> = {
            title: "Viragaya",
            author: "Martin Wickramasinghe",
            price: "1250",
            stock: "4",
            isbn13: "9789550000012",
            binding: "Hardcover",
            publisher: "Sarasa",
            publishingDate: "1956-03-01",
            productEdition: "3rd",
            weight: "0.45",
          };
          for (const [name, value] of Object.entries(fields)) {
            await page.locator(`#book-${name}`).fill(value);
          }
          await page.locator("#book-categoryId").selectOption({ label: "Novels" });
          await page.locator("#book-language").selectOption("Sinhala");
          await page.locator("#book-images").setInputFiles({
            name: "cover.png",
            mimeType: "image/png",
            buffer: Buffer.from(TINY_PNG),
          });
          await page.getByRole("button", { name: "Add Book" }).click();
          await page.getByRole("status").filter({ hasText: "Book added successfully" }).waitFor();
          await page.getByRole("button", { name: "Add another like this" }).click();
          assert.equal(await page.locator("#book-publisher").inputValue(), "Sarasa");
          assert.equal(await page.locator("#book-binding").inputValue(), "Hardcover");
          assert.equal(await page.locator("#book-language").inputValue(), "Sinhala");
          assert.equal(await page.locator("#book-title").inputValue(), "");
          await page.locator("#book-title").fill("Kaliyugaya");
          await shoot(page, "catalogue-add-another-1280");
          const added = (await shop.catalogue.listBooks(
            { q: "viragaya", inStock: true, outOfStock: true },
            { page: 1, pageSize: 10 },
          )).items[0];
          await page.locator(".added-book").getByRole("link", { name: "Viragaya" }).click();
          await page.waitForURL(`${url}/admin/books/${added.id}`);
          await page.getByRole("heading", { name: "Edit book: Viragaya" }).waitFor();
          await page.goto(`${url}/admin/dashboard`);
          await page.getByRole("table", { name: "Books" })
            .getByRole("link", { name: "Gamperaliya" }).click();
          await page.waitForURL(`${url}/admin/books/${shop.ids.preorderBook}`);
        });
      },
    );

    await t.step("a book's cover is replaced, and the last image cannot be removed", async () => {
      await withRealShop(setup, 1280, async (page, shop, url) => {
        await page.goto(`${url}/admin/books/${shop.ids.book}`);
        const remove = page.getByRole("button", { name: "Remove image 1" });
        assert.equal(await remove.isDisabled(), true);
        await page.getByLabel("Replace image 1").setInputFiles({
          name: "new-cover.png",
          mimeType: "image/png",
          buffer: Buffer.from(TINY_PNG),
        });
        await page.getByRole("status").filter({ hasText: "Image replaced" }).waitFor();
        const [cover] = (await shop.catalogue.findBook(shop.ids.book))!.images;
        assert.notEqual(cover, "/uploads/madol.png");
        assert.ok(shop.images.images.has(cover.slice("/uploads/".length)));
        await page.getByRole("img", { name: "Madol Doova, image 1" }).waitFor();
        await shoot(page, "catalogue-cover-1280");
      });
    });

    for (const width of [1280, 375]) {
      await t.step(
        `a category is renamed; deleting one in use says how many use it (${width}px)`,
        async () => {
          await withRealShop(setup, width, async (page, shop, url) => {
            await page.goto(`${url}/admin/catalogue`);
            const name = page.getByLabel("Name of Novels");
            await name.fill("Sinhala novels");
            await page.getByRole("button", { name: "Rename Novels" }).click();
            await page.getByRole("status").filter({
              hasText: 'Category renamed to "Sinhala novels"',
            })
              .waitFor();
            assert.deepEqual((await shop.catalogue.listCategories()).map((c) => c.name), [
              "Sinhala novels",
            ]);
            await page.getByRole("button", { name: "Delete Sinhala novels" }).click();
            await page.getByRole("dialog", { name: "Delete category" }).getByRole("button", {
              name: "Delete",
            }).click();
            await page.getByRole("alert").filter({ hasText: "2 products use this category" })
              .waitFor();
            await shoot(page, `catalogue-categories-${width}`);
          });
        },
      );
    }

    for (const width of [1280, 375]) {
      await t.step(
        `a CSV with one bad row is checked, names the row, and writes nothing (${width}px)`,
        async () => {
          await withRealShop(setup, width, async (page, shop, url) => {
            await page.goto(`${url}/admin/catalogue`);
            const csv = "\ufeffisbn13,title,price\r\n" +
              "9789550000029,Madol Doova,1000\r\n" +
              "9789550000036,Gamperaliya,12 rupees\r\n";
            await page.getByLabel("CSV file", { exact: true }).setInputFiles({
              name: "books.csv",
              mimeType: "text/csv",
              buffer: Buffer.from(csv, "utf-8"),
            });
            await page.getByRole("button", { name: "Check file" }).click();
            const problems = page.getByRole("table", { name: /Problems in the file/ });
            // Line 3 as the spreadsheet shows it: the header is line 1 (on a phone each cell
            // is named by its column too).
            await problems.getByRole("row", {
              name: /^(Line )?3 (Field )?price (Problem )?must be an amount of rupees/,
            }).waitFor();
            await page.getByText("Check: 0 to create, 1 to update, 0 unchanged, 1 error").waitFor();
            assert.equal(await page.getByRole("button", { name: "Import" }).isDisabled(), true);
            assert.equal((await shop.catalogue.findBook(shop.ids.book))?.priceCents, 95_000);
            await shoot(page, `catalogue-import-${width}`);
            await page.getByLabel("CSV file", { exact: true }).setInputFiles({
              name: "books.csv",
              mimeType: "text/csv",
              buffer: Buffer.from(csv.replace("12 rupees", "1300"), "utf-8"),
            });
            await page.getByRole("button", { name: "Check file" }).click();
            await page.getByText("Check: 0 to create, 2 to update, 0 unchanged, 0 errors")
              .waitFor();
            await page.getByRole("button", { name: "Import" }).click();
            await page.getByRole("status").filter({ hasText: "Imported: 0 created, 2 updated" })
              .waitFor();
            assert.equal((await shop.catalogue.findBook(shop.ids.book))?.priceCents, 100_000);
          });
        },
      );
    }
    await t.step(
      "a CSV check names every problem at once at its spreadsheet line; the exports carry a BOM (375px)",
      async () => {
        await withRealShop(setup, 375, async (page, shop, url) => {
          await shop.catalogue.updateBook(shop.ids.book, {
            description: "මඩොල් දූව\nA boy's adventures in the south",
          });
          await page.goto(`${url}/admin/catalogue`);
          const csv = "isbn13,title,price,categoryId\r\n" +
            "9789550000029,Madol Doova,1000,1\r\n" +
            "\r\n" +
            '9789550000036,"Gamperaliya\nand more",12 rupees,999\r\n';
          await page.getByLabel("CSV file", { exact: true }).setInputFiles({
            name: "books.csv",
            mimeType: "text/csv",
            buffer: Buffer.from(csv, "utf-8"),
          });
          await page.getByRole("button", { name: "Check file" }).click();
          const problems = page.getByRole("table", { name: /Problems in the file/ });
          await page.getByText("3 errors").waitFor();
          const rows = await problems.locator("tbody tr").allInnerTexts();
          assert.deepEqual(rows.map((r) => r.split(/[\t\n]/).slice(0, 2)), [
            ["4", "title"],
            ["4", "price"],
            ["4", "categoryId"],
          ]);
          await shoot(page, "catalogue-import-lines-375");
          await page.getByRole("region", { name: "CSV export and import" }).screenshot({
            path: `${ARTIFACTS}catalogue-import-lines-375-panel.png`,
          });
          for (
            const [button, kind] of [["Export books", "books"], ["Export stationery", "stationery"]]
          ) {
            const downloading = page.waitForEvent("download");
            await page.getByRole("button", { name: button }).click();
            const file = await downloadedBytes(await downloading);
            assert.deepEqual([...file.slice(0, 3)], [0xef, 0xbb, 0xbf], `${kind}: a BOM first`);
            if (kind === "books") {
              const text = new TextDecoder().decode(file);
              assert.ok(text.includes('"මඩොල් දූව\nA boy\'s adventures in the south"'));
            }
          }
        });
      },
    );

    await t.step("a stationery CSV is checked and imported into stationery", async () => {
      await withRealShop(setup, 1280, async (page, shop, url) => {
        await page.goto(`${url}/admin/catalogue`);
        await page.getByLabel("Import into").selectOption("stationery");
        const csv = `id,title,price\r\n${shop.ids.pen},"Atlas pen, blue",60\r\n`;
        await page.getByLabel("CSV file", { exact: true }).setInputFiles({
          name: "stationery.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(csv, "utf-8"),
        });
        await page.getByRole("button", { name: "Check file" }).click();
        await page.getByText("Check: 0 to create, 1 to update, 0 unchanged, 0 errors").waitFor();
        await page.getByRole("button", { name: "Import" }).click();
        await page.getByRole("status").filter({ hasText: "Imported: 0 created, 1 updated" })
          .waitFor();
        assert.equal((await shop.catalogue.findStationery(shop.ids.pen))?.priceCents, 6_000);
      });
    });
    for (const width of [375, 1280]) {
      await t.step(`a stationery item's title is edited (${width}px)`, async () => {
        await withRealShop(setup, width, async (page, shop, url) => {
          await page.goto(`${url}/admin/catalogue`);
          await page.getByRole("link", { name: "Atlas pen, blue" }).first().click();
          await page.waitForURL(`${url}/admin/stationery/${shop.ids.pen}`);
          await page.getByLabel("Title", { exact: true }).fill("Atlas pen, red");
          await page.getByRole("button", { name: "Save changes" }).click();
          await page.getByRole("status").filter({
            hasText: "Stationery item updated successfully",
          }).waitFor();
          assert.equal(
            (await shop.catalogue.findStationery(shop.ids.pen))?.title,
            "Atlas pen, red",
          );
          await shoot(page, `catalogue-edit-stationery-${width}`);
        });
      });
    }
  });
});
