/**
 * The catalogue dashboard in a real Chromium against the shop's real HTTP app (in-memory
 * adapters): category forms, Add New Book, Add New Stationery Item, the books and
 * stationery tables (the add forms' screenshots land in test-artifacts/admin/).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import {
  alertText,
  ARTIFACTS,
  logIn,
  statusText,
  withRig,
  withShop,
} from "./testing/browser_rig.ts";
import type { AdminShop } from "./testing/admin_shop.ts";
import { bookId, placeOrder, seedCatalogue } from "./testing/shop_seeds.ts";
import { TINY_PNG } from "../../http/uploads/testing/images.ts";

const PNG = { mimeType: "image/png", buffer: Buffer.from(TINY_PNG) };

async function categoryNamed(shop: AdminShop, kind: "book" | "stationery", name: string) {
  const list = kind === "book"
    ? await shop.catalogue.listCategories()
    : await shop.catalogue.listStationeryCategories();
  return list.find((c) => c.name === name);
}

Deno.test("admin catalogue dashboard", async (t) => {
  await withRig(async (rig) => {
    await t.step("the category forms add names and show a taken name on the field", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        await logIn(page, url);
        const form = page.getByRole("region", { name: "Add New Category" });
        await form.getByLabel("Name").fill("Poetry");
        await form.getByRole("button", { name: "Add" }).click();
        await statusText(page, "Category added successfully");
        assert.ok(await categoryNamed(shop, "book", "Poetry"));
        await form.getByLabel("Name").fill("Novels");
        await form.getByRole("button", { name: "Add" }).click();
        await form.getByText('A category named "Novels" already exists').waitFor();
        const stationery = page.getByRole("region", { name: "Add New Stationery Category" });
        await stationery.getByLabel("Name").fill("Erasers");
        await stationery.getByRole("button", { name: "Add" }).click();
        await statusText(page, "Stationery category added successfully");
        assert.ok(await categoryNamed(shop, "stationery", "Erasers"));
      });
    });

    await t.step("Add New Book checks the fields, sends multipart and resets", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        const token = await logIn(page, url);
        const form = page.getByRole("region", { name: "Add New Book" });
        await form.getByRole("button", { name: "Add Book" }).click();
        await form.getByText("Title is required").waitFor();
        await form.getByText("At least one image is required").waitFor();
        await form.getByLabel("Title").fill("Madol Doova");
        await form.getByLabel("Author").fill("Martin Wickramasinghe");
        await form.getByLabel("Price (LKR)", { exact: true }).fill("1250.50");
        await form.getByLabel("Stock").fill("12");
        await form.getByLabel("Category").selectOption({ label: "Children" });
        await form.getByLabel("ISBN-13").fill("978-0-306-40615-7");
        await form.getByLabel("Language").selectOption("English");
        await form.getByLabel("Binding").fill("Paperback");
        await form.getByLabel("Publisher").fill("Sarasa");
        await form.getByLabel("Publishing date").fill("2019-05-01");
        await form.getByLabel("Edition").fill("3");
        await form.getByLabel("Weight (kg)").fill("0.35");
        await form.getByLabel("Images (one or more)").setInputFiles([
          { name: "front.png", ...PNG },
          { name: "back.png", ...PNG },
        ]);
        await form.getByAltText("Preview of back.png").waitFor();
        await form.getByRole("button", { name: "Add Book" }).click();
        await statusText(page, "Book added successfully");
        const children = await categoryNamed(shop, "book", "Children");
        const sent = shop.requests.find((r) => r.method === "POST" && r.path === "/api/books");
        assert.equal(sent?.authorization, `Bearer ${token}`);
        assert.equal(sent?.form?.isbn13, "9780306406157");
        assert.equal(sent?.form?.categoryId, String(children?.id));
        assert.equal(sent?.form?.price, "1250.50");
        assert.deepEqual(sent?.form?.images, [
          "file:front.png:image/png",
          "file:back.png:image/png",
        ]);
        const [added] = await shop.catalogue.findBooksByIsbn(["9780306406157"]);
        assert.equal(added?.priceCents, 125_050);
        assert.equal(added?.categoryId, children?.id);
        assert.equal(added?.images.length, 2);
        assert.equal(await form.getByLabel("Title").inputValue(), "");
        await page.getByRole("region", { name: "Books" }).getByRole("button", { name: "Next" })
          .click();
        await page.getByRole("cell", { name: "Madol Doova", exact: true }).waitFor();
      });
    });

    for (const width of [375, 1280]) {
      await t.step(
        `Add New Stationery Item checks, sends multipart and resets (${width}px)`,
        async () => {
          await withShop(rig, seedCatalogue, async (page, shop, url) => {
            await logIn(page, url);
            const form = page.getByRole("region", { name: "Add New Stationery Item" });
            await form.getByRole("button", { name: "Add Stationery Item" }).click();
            await form.getByText("Title is required").waitFor();
            await form.getByText("An image is required").waitFor();
            assert.equal(await form.getByLabel("Title").getAttribute("aria-invalid"), "true");
            await form.getByLabel("Title").fill("Atlas pen");
            await form.getByLabel("Price (LKR)", { exact: true }).fill("45");
            await form.getByLabel("Stock").fill("30");
            await form.getByLabel("Weight (kg)").fill("0.01");
            await form.getByLabel("Category").selectOption({ label: "Pens" });
            await form.getByLabel("Image").setInputFiles({ name: "pen.png", ...PNG });
            await form.getByAltText("Preview of pen.png").waitFor();
            await form.screenshot({ path: `${ARTIFACTS}add-stationery-${width}.png` });
            await page.getByRole("region", { name: "Add New Book" }).screenshot({
              path: `${ARTIFACTS}add-book-${width}.png`,
            });
            await form.getByRole("button", { name: "Add Stationery Item" }).click();
            await statusText(page, "Stationery item added successfully");
            const pens = await categoryNamed(shop, "stationery", "Pens");
            const sent = shop.requests.find((r) =>
              r.method === "POST" && r.path === "/api/stationery"
            );
            assert.deepEqual(
              [sent?.form?.title, sent?.form?.price, sent?.form?.stock, sent?.form?.categoryId],
              ["Atlas pen", "45", "30", String(pens?.id)],
            );
            assert.deepEqual(sent?.form?.image, "file:pen.png:image/png");
            assert.equal(await form.getByLabel("Title").inputValue(), "");
            const listed = await shop.catalogue.listStationery(
              { q: "Atlas pen", inStock: true, outOfStock: true },
              { page: 1, pageSize: 10 },
            );
            const added = listed.items.find((item) => item.title === "Atlas pen");
            assert.deepEqual(
              [added?.priceCents, added?.stock, added?.categoryId],
              [4_500, 30, pens?.id],
            );
          }, width);
        },
      );
    }

    await t.step("the books table updates a price and deletes after confirmation", async () => {
      await withShop(rig, seedCatalogue, async (page, shop, url) => {
        await logIn(page, url);
        const gamperaliya = shop.ids.preorderBook;
        await page.getByLabel("Price of Gamperaliya", { exact: true }).fill("1100");
        await page.getByRole("button", { name: "Update price of Gamperaliya" }).click();
        await statusText(page, "Book price updated successfully");
        assert.equal((await shop.catalogue.findBook(gamperaliya))?.priceCents, 110_000);
        await page.getByLabel("Price of Book 3", { exact: true }).fill("-5");
        await page.getByRole("button", { name: "Update price of Book 3" }).click();
        await alertText(page, "Failed to update book price");
        assert.equal(
          (await shop.catalogue.findBook(await bookId(shop, "Book 3")))?.priceCents,
          95_000,
        );
        await page.getByRole("button", { name: "Delete Gamperaliya" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete book" });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        assert.ok(await shop.catalogue.findBook(gamperaliya));
        await page.getByRole("button", { name: "Delete Gamperaliya" }).click();
        await dialog.getByRole("button", { name: "Delete" }).click();
        await statusText(page, "Book deleted successfully");
        assert.equal(await shop.catalogue.findBook(gamperaliya), undefined);
        await page.getByLabel("Price of Atlas pen, blue", { exact: true }).fill("55");
        await page.getByRole("button", { name: "Update price of Atlas pen, blue" }).click();
        await statusText(page, "Stationery price updated successfully");
        assert.equal((await shop.catalogue.findStationery(shop.ids.pen))?.priceCents, 5_500);
      });
    });

    await t.step(
      "deleting a book that orders refer to says it was archived and can be restored (375px)",
      async () => {
        const seed = async (shop: AdminShop) => {
          await seedCatalogue(shop);
          await placeOrder(shop, { books: [{ id: shop.ids.book, quantity: 1 }] });
        };
        await withShop(rig, seed, async (page, shop, url) => {
          await logIn(page, url);
          await page.getByRole("button", { name: "Delete Madol Doova" }).click();
          const dialog = page.getByRole("dialog", { name: "Delete book" });
          await dialog.getByText("A book that orders refer to is archived instead", {
            exact: false,
          })
            .waitFor();
          assert.equal(await dialog.getByText("cannot be undone", { exact: false }).count(), 0);
          await dialog.getByRole("button", { name: "Delete" }).click();
          await statusText(
            page,
            '"Madol Doova" was archived, not erased: orders refer to it. It is hidden from the shop; restore it from Archived books on the Catalogue page.',
          );
          assert.equal(await page.getByText("Book deleted successfully").count(), 0);
          const archived = await shop.catalogue.listArchivedBooks({ page: 1, pageSize: 10 });
          assert.deepEqual(archived.items.map((b) => b.id), [shop.ids.book]);
          await page.screenshot({ path: `${ARTIFACTS}delete-archived-375.png`, fullPage: true });
        }, 375);
      },
    );

    await t.step("a column header sorts the whole catalogue on the server", async () => {
      const seed = async (shop: AdminShop) => {
        await seedCatalogue(shop);
        // The cheapest book is on the last page in id order; every other book costs LKR 950.
        await shop.catalogue.updateBook(await bookId(shop, "Book 23"), {
          title: "Yuganthaya",
          priceCents: 12_000,
        });
        await shop.catalogue.updateBook(shop.ids.preorderBook, { priceCents: 95_000 });
      };
      await withShop(rig, seed, async (page, shop, url) => {
        await logIn(page, url);
        const books = page.getByRole("region", { name: "Books" });
        await books.getByRole("button", { name: "Next" }).click();
        await books.getByText("Page 2 of 2").waitFor();
        const price = books.getByRole("columnheader", { name: "Price" });
        assert.equal(await price.getAttribute("aria-sort"), null);
        const firstTitle = (title: string) =>
          books.locator('tbody tr:first-child td[data-column="title"]', { hasText: title })
            .waitFor();
        await price.getByRole("button").click();
        await books.getByText("Page 1 of 2").waitFor();
        await firstTitle("Yuganthaya");
        assert.equal(await price.getAttribute("aria-sort"), "ascending");
        assert.match(await price.innerText(), /▲/);
        const listed = shop.requests.filter((r) => r.method === "GET" && r.path === "/api/books");
        assert.deepEqual(listed.at(-1)?.query, {
          page: "1",
          sort: "price",
          order: "asc",
          pageSize: "20",
        });
        await price.getByRole("button").click();
        // Equal prices go by id, in the same direction.
        await firstTitle("Book 22");
        assert.equal(await price.getAttribute("aria-sort"), "descending");
        assert.match(await price.innerText(), /▼/);
        const stationery = page.getByRole("region", { name: "Stationery" });
        const sorted = page.waitForResponse((r) =>
          new URL(r.url()).pathname === "/api/stationery" &&
          new URL(r.url()).searchParams.get("sort") === "category"
        );
        await stationery.getByRole("columnheader", { name: "Category" }).getByRole("button")
          .click();
        assert.equal((await sorted).status(), 200);
        await stationery.locator("th[aria-sort=ascending]", { hasText: "Category" }).waitFor();
        const preorder = books.getByRole("columnheader", { name: "Preorder" });
        assert.equal(await preorder.getByRole("button").count(), 0);
      });
    });
  });
});
