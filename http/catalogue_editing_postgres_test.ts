/**
 * Catalogue upkeep through the HTTP app over the real SQL repositories and the database
 * image storage, on PGlite and on a PostgreSQL server: editing every field, images,
 * categories, archived products, and CSV export and import.
 */
import assert from "node:assert/strict";
import { createRepositories } from "../adapters/postgres/mod.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import { PostgresImageStorage } from "../adapters/storage/postgres_image_storage.ts";
import { LocalDiskImageStorage } from "../adapters/storage/local_disk_storage.ts";
import type { ImageStorage } from "../domain/ports.ts";
import { MemoryReceiptRenderer, MemorySlipRenderer } from "../adapters/memory/images.ts";
import { BookCoverMaker } from "../adapters/demo/covers.ts";
import { cheapHasher, FakeClock, testSecret } from "./auth/testing/fakes.ts";
import { HmacOrderKeys } from "../adapters/security/order_keys.ts";
import { TokenService } from "./auth/tokens.ts";
import { createApp } from "./app.ts";
import { json, newBook, newStationery, PNG_BYTES, RecordingLogger } from "./testing/fixture.ts";

async function shopOver(sql: SqlClient, storage?: ImageStorage) {
  const repos = createRepositories(sql);
  const clock = new FakeClock();
  const tokens = new TokenService({ secret: testSecret(), clock, sessions: repos.sessions });
  const images = storage ?? new PostgresImageStorage(sql);
  const logger = new RecordingLogger();
  const app = createApp({
    ...repos,
    images,
    covers: new BookCoverMaker(),
    slips: new MemorySlipRenderer(),
    receipts: new MemoryReceiptRenderer(),
    tokens,
    orderKeys: new HmacOrderKeys(testSecret()),
    hasher: cheapHasher(),
    bank: {
      bankName: "Bank of Ceylon",
      bankBranch: "Mount Lavinia",
      accountName: "Pothgula",
      accountNumber: "1",
      whatsappNumber: "+94 77 000 0000",
    },
    shop: {
      name: "Pothgula",
      publicUrl: "http://localhost:8000",
      email: "hello@pothgula.lk",
      phones: ["1", "2"],
      address: "Mount Lavinia",
      whatsappNumber: "+94 77 000 0000",
    },
    clock,
    logger,
  });
  const ok = <T>(r: { kind: string }) => (r as unknown as { value: T }).value;
  const novels = ok<{ id: number }>(await repos.catalogueAdmin.createCategory("Novels")).id;
  const poetry = ok<{ id: number }>(await repos.catalogueAdmin.createCategory("Poetry")).id;
  const pens = ok<{ id: number }>(await repos.catalogueAdmin.createStationeryCategory("Pens")).id;
  const cover = await images.put(PNG_BYTES, "image/png");
  const book = ok<{ id: number }>(
    await repos.catalogueAdmin.createBook(
      newBook({ categoryId: novels, isbn13: "9789550000029", images: [cover] }),
    ),
  ).id;
  const other = ok<{ id: number }>(
    await repos.catalogueAdmin.createBook(
      newBook({ title: "Gamperaliya", categoryId: novels, isbn13: "9789550000036" }),
    ),
  ).id;
  const penImage = await images.put(PNG_BYTES, "image/png");
  const pen = ok<{ id: number }>(
    await repos.catalogueAdmin.createStationery(
      newStationery({ categoryId: pens, image: penImage }),
    ),
  ).id;
  // The admin's account is there: a session holds only while its account has its role.
  const account = await repos.accounts.upsertAdmin("admin@pothgula.lk", "unused");
  const admin = (await tokens.issueAdminToken(account)).token;
  const [area] = await repos.locations.areas();
  const place = (await repos.locations.findArea(area.id))!;
  return {
    app,
    repos,
    images,
    ids: { novels, poetry, pens, book, other, pen },
    urls: { cover, penImage },
    async call(path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${admin}`);
      const response = await app.request(path, { ...init, headers });
      if (response.status === 500) {
        console.error(JSON.stringify(logger.lines.filter((l) => l.level === "error")));
      }
      return response;
    },
    async stored(url: string) {
      return (await images.get(url.slice("/uploads/".length))) !== undefined;
    },
    orderBody(bookId: number, quantity: number) {
      return {
        total: 950 * quantity,
        name: "Nimal Perera",
        address: "12 Galle Road",
        email: "nimal@example.lk",
        phone: "0771234567",
        postalCode: "10370",
        province: place.province.id,
        district: place.district.id,
        area: area.id,
        paymentMethod: "Bank Deposit",
        items: [{ id: bookId, quantity, type: "book" }],
      };
    },
  };
}

async function answer(response: Response, status: number) {
  const text = await response.text();
  assert.equal(response.status, status, text);
  return text === "" ? undefined : JSON.parse(text);
}

function imageForm(field: string, count = 1, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    form.append(field, new File([PNG_BYTES], `p${i}.png`, { type: "image/png" }));
  }
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return form;
}

testOnBothEngines("PUT /api/books/{id} changes every listing field it names", async (sql) => {
  const shop = await shopOver(sql);
  const edited = await answer(
    await shop.call(
      `/api/books/${shop.ids.book}`,
      json("PUT", {
        title: "Madol Doova (new edition)",
        author: "M. Wickramasinghe",
        translator: "Lakshmi de Silva",
        isbn13: "978-955-00-0009-8",
        language: "English",
        binding: "Hardcover",
        publisher: "Penguin",
        publishingDate: "2020-02-29",
        productEdition: "2nd",
        pageCount: 188,
        weight: 0.5,
        description: "  ",
        categoryId: shop.ids.poetry,
        price: 1200.5,
      }),
    ),
    200,
  );
  assert.deepEqual(
    {
      ...edited.data,
      images: undefined,
    },
    {
      id: shop.ids.book,
      title: "Madol Doova (new edition)",
      author: "M. Wickramasinghe",
      translator: "Lakshmi de Silva",
      price: 1200.5,
      sale_price: null,
      sale_starts: null,
      sale_ends: null,
      stock: 5,
      category_id: shop.ids.poetry,
      category_name: "Poetry",
      isbn13: "9789550000098",
      language: "English",
      binding: "Hardcover",
      publisher: "Penguin",
      publishing_date: "2020-02-29",
      product_edition: "2nd",
      page_count: 188,
      weight: 0.5,
      description: null,
      images: undefined,
      preorder: 0,
      preorder_date: null,
      preordered_stock: 0,
    },
  );
  const read = await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 200);
  assert.equal(read.data.title, "Madol Doova (new edition)");
});

testOnBothEngines(
  "PUT /api/books/{id} refuses bad fields, a taken ISBN-13 and a missing book",
  async (sql) => {
    const shop = await shopOver(sql);
    const path = `/api/books/${shop.ids.book}`;
    const bad = await answer(
      await shop.call(
        path,
        json("PUT", { title: " ", weight: 0, language: "French", publishingDate: "2021-02-30" }),
      ),
      400,
    );
    assert.deepEqual(
      bad.error.details.map((d: { field: string }) => d.field).sort(),
      ["language", "publishingDate", "title", "weight"],
    );
    const taken = await answer(
      await shop.call(path, json("PUT", { isbn13: "9789550000036" })),
      409,
    );
    assert.deepEqual(taken.error.details, [
      { field: "isbn13", message: "Book with this ISBN-13 already exists" },
    ]);
    const category = await answer(await shop.call(path, json("PUT", { categoryId: 999 })), 400);
    assert.equal(category.error.details[0].field, "categoryId");
    await answer(await shop.call("/api/books/99999", json("PUT", { title: "X" })), 404);
    await answer(await shop.call(`/api/books/${shop.ids.other}`, { method: "DELETE" }), 204);
    await answer(await shop.call(`/api/books/${shop.ids.other}`, json("PUT", { title: "X" })), 404);
    const unchanged = await answer(await shop.app.request(path), 200);
    assert.equal(unchanged.data.title, "Madol Doova");
  },
);

testOnBothEngines("Two edits of different fields at once both stay", async (sql) => {
  const shop = await shopOver(sql);
  const path = `/api/books/${shop.ids.book}`;
  await Promise.all([
    shop.call(path, json("PUT", { title: "New title" })),
    shop.call(path, json("PUT", { author: "New author" })),
    shop.call(path, json("PUT", { addStock: 2 })),
  ]);
  const read = await answer(await shop.app.request(path), 200);
  assert.deepEqual([read.data.title, read.data.author, read.data.stock], [
    "New title",
    "New author",
    7,
  ]);
});

testOnBothEngines(
  "PUT /api/stationery/{id} changes the title, weight and category",
  async (sql) => {
    const shop = await shopOver(sql);
    const inks = (await shop.repos.catalogueAdmin.createStationeryCategory("Inks")) as {
      value: { id: number };
    };
    const path = `/api/stationery/${shop.ids.pen}`;
    const edited = await answer(
      await shop.call(
        path,
        json("PUT", { title: "Atlas pen, red", weight: 0.02, categoryId: inks.value.id }),
      ),
      200,
    );
    assert.deepEqual(
      [edited.data.title, edited.data.weight, edited.data.category_name, edited.data.price],
      ["Atlas pen, red", 0.02, "Inks", 50],
    );
    await answer(await shop.call(path, json("PUT", { title: "" })), 400);
    await answer(await shop.call(path, json("PUT", { categoryId: 999 })), 400);
    await answer(await shop.call("/api/stationery/99999", json("PUT", { title: "X" })), 404);
  },
);

testOnBothEngines(
  "Book images are added, replaced, reordered and removed from storage",
  async (sql) => {
    const shop = await shopOver(sql);
    const base = `/api/books/${shop.ids.book}/images`;
    const added = await answer(
      await shop.call(base, { method: "POST", body: imageForm("images", 2) }),
      200,
    );
    assert.equal(added.data.images.length, 3);
    assert.equal(added.data.images[0], shop.urls.cover);
    const [, second, third] = added.data.images;
    const replaced = await answer(
      await shop.call(`${base}/replace`, {
        method: "POST",
        body: imageForm("image", 1, { old: shop.urls.cover }),
      }),
      200,
    );
    const fresh = replaced.data.images[0];
    assert.deepEqual(replaced.data.images, [fresh, second, third]);
    assert.equal(await shop.stored(shop.urls.cover), false, "the replaced cover left storage");
    const arranged = await answer(
      await shop.call(base, json("PUT", { images: [third, fresh] })),
      200,
    );
    assert.deepEqual(arranged.data.images, [third, fresh]);
    assert.equal(await shop.stored(second), false, "the dropped image left storage");
    assert.equal(await shop.stored(third), true);
    const none = await answer(await shop.call(base, json("PUT", { images: [] })), 400);
    assert.equal(none.error.details[0].field, "images");
    const stranger = await answer(
      await shop.call(base, json("PUT", { images: ["/uploads/x.png"] })),
      400,
    );
    assert.equal(stranger.error.details[0].field, "images");
    const form = new FormData();
    form.append("images", new File(["<svg/>"], "x.png", { type: "image/png" }));
    await answer(await shop.call(base, { method: "POST", body: form }), 415);
    await answer(
      await shop.call("/api/books/99999/images", { method: "POST", body: imageForm("images") }),
      404,
    );
    const after = await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 200);
    assert.deepEqual(after.data.images, [third, fresh]);
  },
);

testOnBothEngines("An image another product still lists stays in storage", async (sql) => {
  const shop = await shopOver(sql);
  const shared = await shop.images.put(PNG_BYTES, "image/png");
  await shop.repos.catalogueAdmin.changeBookImages(shop.ids.book, {
    kind: "add",
    images: [shared],
  });
  await shop.repos.catalogueAdmin.changeBookImages(shop.ids.other, {
    kind: "add",
    images: [shared],
  });
  const book = await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 200);
  await answer(
    await shop.call(
      `/api/books/${shop.ids.book}/images`,
      json("PUT", { images: [book.data.images[0]] }),
    ),
    200,
  );
  assert.equal(await shop.stored(shared), true);
});

testOnBothEngines(
  "PUT /api/stationery/{id}/image replaces the image and drops the old one",
  async (sql) => {
    const shop = await shopOver(sql);
    const path = `/api/stationery/${shop.ids.pen}/image`;
    const replaced = await answer(
      await shop.call(path, { method: "PUT", body: imageForm("image") }),
      200,
    );
    assert.notEqual(replaced.data.image, shop.urls.penImage);
    assert.equal(await shop.stored(replaced.data.image), true);
    assert.equal(await shop.stored(shop.urls.penImage), false);
    const form = new FormData();
    form.append("image", new File(["not an image"], "x.png", { type: "image/png" }));
    await answer(await shop.call(path, { method: "PUT", body: form }), 415);
    await answer(await shop.call(path, { method: "PUT", body: new FormData() }), 400);
  },
);

testOnBothEngines(
  "Categories are renamed, and deleted only when no product uses them",
  async (sql) => {
    const shop = await shopOver(sql);
    for (
      const [kind, used, name] of [
        ["categories", shop.ids.novels, "Poetry"],
        ["stationery-categories", shop.ids.pens, "Pens"],
      ] as const
    ) {
      const renamed = await answer(
        await shop.call(`/api/${kind}/${used}`, json("PUT", { name: " Fiction " })),
        200,
      );
      assert.deepEqual(renamed.data, { id: used, name: "Fiction", name_si: null, name_ta: null });
      const inUse = await answer(
        await shop.call(`/api/${kind}/${used}`, { method: "DELETE" }),
        409,
      );
      assert.equal(inUse.error.code, "IN_USE");
      assert.match(inUse.error.message, /^\d+ products? uses? this category/);
      await answer(await shop.call(`/api/${kind}/99999`, json("PUT", { name: "X" })), 404);
      await answer(await shop.call(`/api/${kind}/99999`, { method: "DELETE" }), 404);
      await answer(await shop.call(`/api/${kind}/${used}`, json("PUT", { name: "" })), 400);
      void name;
    }
    const dup = await answer(
      await shop.call(`/api/categories/${shop.ids.novels}`, json("PUT", { name: "poetry" })),
      409,
    );
    assert.equal(dup.error.code, "DUPLICATE");
    const inUse = await answer(
      await shop.call(`/api/categories/${shop.ids.novels}`, { method: "DELETE" }),
      409,
    );
    assert.equal(inUse.error.message, "2 products use this category");
    await answer(await shop.call(`/api/categories/${shop.ids.poetry}`, { method: "DELETE" }), 204);
    const listed = await answer(await shop.app.request("/api/categories"), 200);
    assert.deepEqual(listed.data.map((c: { name: string }) => c.name), ["Fiction"]);
  },
);

testOnBothEngines(
  "Archived books are listed, keep returned stock, and can be restored",
  async (sql) => {
    const shop = await shopOver(sql);
    const placed = await answer(
      await shop.app.request("/api/orders", json("POST", shop.orderBody(shop.ids.book, 2))),
      201,
    );
    await answer(await shop.call(`/api/books/${shop.ids.book}`, { method: "DELETE" }), 204);
    await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 404);
    await answer(
      await shop.call(
        "/api/orders/status",
        json("PUT", { id: placed.orderId, status: "rejected" }),
      ),
      200,
    );
    const archived = await answer(await shop.call("/api/books/archived?q=madol"), 200);
    assert.deepEqual(archived.data.map((b: { id: number; stock: number }) => [b.id, b.stock]), [
      [shop.ids.book, 5],
    ]);
    assert.equal(archived.total, 1);
    // Searched as the storefront searches: a term of hyphens alone names no ISBN-13.
    const dashes = await answer(await shop.call("/api/books/archived?q=--"), 200);
    assert.equal(dashes.total, 0);
    assert.equal(await shop.stored(shop.urls.cover), true, "an archived book keeps its images");
    const restored = await answer(
      await shop.call(`/api/books/${shop.ids.book}/restore`, { method: "POST" }),
      200,
    );
    assert.equal(restored.data.stock, 5);
    await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 200);
    await answer(await shop.call(`/api/books/${shop.ids.book}/restore`, { method: "POST" }), 404);
    const empty = await answer(await shop.call("/api/books/archived"), 200);
    assert.equal(empty.total, 0);
  },
);

testOnBothEngines("A restored book whose ISBN-13 was listed again is 409", async (sql) => {
  const shop = await shopOver(sql);
  await answer(
    await shop.app.request("/api/orders", json("POST", shop.orderBody(shop.ids.book, 1))),
    201,
  );
  await answer(await shop.call(`/api/books/${shop.ids.book}`, { method: "DELETE" }), 204);
  await shop.repos.catalogueAdmin.createBook(
    newBook({ categoryId: shop.ids.novels, isbn13: "9789550000029" }),
  );
  await answer(await shop.call(`/api/books/${shop.ids.book}/restore`, { method: "POST" }), 409);
});

testOnBothEngines("Archived stationery is listed and restored", async (sql) => {
  const shop = await shopOver(sql);
  const body = shop.orderBody(shop.ids.pen, 1);
  body.items = [{ id: shop.ids.pen, quantity: 1, type: "stationery" }];
  body.total = 50;
  await answer(await shop.app.request("/api/orders", json("POST", body)), 201);
  await answer(await shop.call(`/api/stationery/${shop.ids.pen}`, { method: "DELETE" }), 204);
  const archived = await answer(await shop.call("/api/stationery/archived"), 200);
  assert.deepEqual(archived.data.map((s: { id: number }) => s.id), [shop.ids.pen]);
  await answer(await shop.call(`/api/stationery/${shop.ids.pen}/restore`, { method: "POST" }), 200);
  await answer(await shop.app.request(`/api/stationery/${shop.ids.pen}`), 200);
});

const csvInit = (body: BodyInit, type = "text/csv") => ({
  method: "POST",
  headers: { "Content-Type": type },
  body,
});

testOnBothEngines("Books export as CSV and import back unchanged", async (sql) => {
  const shop = await shopOver(sql);
  await shop.call(
    `/api/books/${shop.ids.book}`,
    json("PUT", {
      description: 'Line one\nline, "two"',
      salePrice: 800,
      saleStarts: "2026-09-20",
      saleEnds: "2026-09-25",
    }),
  );
  const exported = await shop.call("/api/books/export");
  assert.equal(exported.status, 200);
  assert.match(exported.headers.get("Content-Type") ?? "", /^text\/csv/);
  assert.match(
    exported.headers.get("Content-Disposition") ?? "",
    /attachment; filename="pothgula-books-/,
  );
  const bytes = new Uint8Array(await exported.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a byte-order mark for Excel");
  const text = new TextDecoder().decode(bytes);
  assert.match(text, /^# An empty cell keeps the value; \[clear\] clears it[^\r]*\r\n/);
  assert.ok(
    text.replace(/^[^\r]*\r\n/, "").startsWith(
      "id,title,author,translator,price,salePrice,saleStarts,saleEnds,stock,categoryId,isbn13,",
    ),
    text.slice(0, 80),
  );
  assert.equal(text.split("\r\n").filter((l) => l !== "").length, 4, "note, header, 2 books");
  assert.match(text, /"Line one\nline, ""two"""/);
  assert.match(text, /,800\.00,2026-09-20,2026-09-25,/, "the sale goes out and comes back");
  const again = await answer(await shop.call("/api/books/import", csvInit(text)), 200);
  assert.deepEqual(again.data, {
    created: 0,
    updated: 0,
    unchanged: 2,
    written: true,
    errors: [],
    changes: [],
  });
  const stationery = await shop.call("/api/stationery/export");
  assert.match(
    await stationery.text(),
    /^# An empty cell[^\r]*\r\nid,title,price,salePrice,saleStarts,saleEnds,stock,weight,categoryId,image\r\n\d+,"?Atlas pen, blue"?,50\.00,,,,20,0\.01,/,
  );
});

testOnBothEngines(
  "A CSV import creates and updates books; new ones get a generated cover",
  async (sql) => {
    const shop = await shopOver(sql);
    const csv = [
      "isbn13,title,author,price,stock,categoryId,language,binding,publisher,publishingDate,productEdition,weight",
      `978-955-00-0002-9,"Madol Doova",Martin Wickramasinghe,1000,9,${shop.ids.novels},Sinhala,Paperback,Sarasa,1947-01-01,1st,0.35`,
      `9789550000500,"Viragaya, a novel",Martin Wickramasinghe,1250.50,4,${shop.ids.poetry},Sinhala,Hardcover,Sarasa,1956-03-01,3rd,0.45`,
    ].join("\n").replace("978-955-00-0002-9", "9789550000029");
    const dry = await answer(await shop.call("/api/books/import?dryRun=1", csvInit(csv)), 200);
    assert.deepEqual(dry.data, {
      created: 1,
      updated: 1,
      unchanged: 0,
      written: false,
      errors: [],
      changes: [{
        row: 1,
        line: 2,
        id: shop.ids.book,
        fields: [
          { field: "price", before: "950.00", after: "1000.00" },
          { field: "stock", before: "5", after: "9" },
        ],
      }],
    });
    assert.equal(
      (await answer(await shop.app.request("/api/books"), 200)).total,
      2,
      "a dry run writes nothing",
    );
    const done = await answer(await shop.call("/api/books/import", csvInit(csv)), 200);
    assert.deepEqual({ ...done.data, changes: undefined }, {
      created: 1,
      updated: 1,
      unchanged: 0,
      written: true,
      errors: [],
      changes: undefined,
    });
    const list = await answer(await shop.app.request("/api/books?sort=isbn13"), 200);
    const [madol, , viragaya] = list.data;
    assert.deepEqual([madol.price, madol.stock, madol.images], [1000, 9, [shop.urls.cover]]);
    assert.deepEqual([viragaya.title, viragaya.price, viragaya.category_name], [
      "Viragaya, a novel",
      1250.5,
      "Poetry",
    ]);
    assert.equal(viragaya.images.length, 1);
    const cover = await shop.images.get(viragaya.images[0].slice("/uploads/".length));
    assert.equal(cover?.contentType, "image/png");
  },
);

testOnBothEngines(
  "A CSV import with one bad row writes nothing and names the row and field",
  async (sql) => {
    const shop = await shopOver(sql);
    const csv = "\ufeffisbn13,title,price,stock\r\n" +
      "9789550000029,Changed title,1000,1\r\n" +
      "9789550000036,Gamperaliya,lots,1\r\n" +
      "9789550000777,A new book without the rest,100,1\r\n" +
      "9789550000029,Again,1,1\r\n";
    const result = await answer(await shop.call("/api/books/import", csvInit(csv)), 200);
    assert.equal(result.data.written, false);
    assert.deepEqual(result.data.errors[0], {
      row: 2,
      line: 3,
      field: "price",
      message: "must be an amount of rupees with at most 2 decimals",
    });
    assert.ok(
      result.data.errors.some((e: { row: number; field: string }) =>
        e.row === 3 && e.field === "author"
      ),
    );
    assert.ok(
      result.data.errors.some((e: { row: number; field: string }) =>
        e.row === 4 && e.field === "isbn13"
      ),
    );
    const book = await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 200);
    assert.equal(book.data.title, "Madol Doova");
    assert.equal((await answer(await shop.app.request("/api/books"), 200)).total, 2);
  },
);

testOnBothEngines(
  "A CSV import refuses a pre-order date before today, as the forms do, and writes nothing",
  async (sql) => {
    const shop = await shopOver(sql);
    // The shop's clock stands at 2026-03-01 in these tests.
    const csv = "isbn13,preorder,preorderDate\n9789550000029,1,2026-02-28\n";
    const result = await answer(await shop.call("/api/books/import", csvInit(csv)), 200);
    assert.equal(result.data.written, false);
    assert.deepEqual(result.data.errors, [{
      row: 1,
      line: 2,
      field: "preorderDate",
      message: 'Preorder date "2026-02-28" is in the past (today is 2026-03-01)',
    }]);
    const today = "isbn13,preorder,preorderDate\n9789550000029,1,2026-03-01\n";
    const accepted = await answer(await shop.call("/api/books/import", csvInit(today)), 200);
    assert.deepEqual([accepted.data.errors, accepted.data.updated], [[], 1]);
  },
);

testOnBothEngines(
  "A file that is not CSV, has unknown columns or is too large is refused",
  async (sql) => {
    const shop = await shopOver(sql);
    const unknown = await answer(
      await shop.call("/api/books/import", csvInit("isbn13,colour\n1,red\n")),
      400,
    );
    assert.equal(unknown.error.code, "BAD_CSV");
    assert.match(unknown.error.message, /Unknown columns: "colour"/);
    const broken = await answer(
      await shop.call("/api/books/import", csvInit('isbn13,title\n1,"open\n')),
      400,
    );
    assert.match(broken.error.message, /not valid CSV/);
    const binary = await answer(
      await shop.call(
        "/api/books/import",
        csvInit(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])),
      ),
      400,
    );
    // Refused at the edge, before the CSV parser, like every body with control characters.
    assert.equal(binary.error.code, "VALIDATION_FAILED");
    assert.match(binary.error.details[0].message, /not plain text/);
    await answer(await shop.call("/api/books/import", csvInit("title\nX\n")), 400);
    await answer(
      await shop.call("/api/books/import", csvInit("isbn13\n1\n", "application/json")),
      415,
    );
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const tooBig = await answer(await shop.call("/api/books/import", csvInit(big)), 413);
    assert.equal(tooBig.error.message, "A CSV file may be at most 10 MB");
    const header = "isbn13,title\r\n";
    const justUnder = header + "9789550000029,Madol Doova\r\n".repeat(
      Math.floor((10 * 1024 * 1024 - header.length) / 27),
    );
    const under = await answer(
      await shop.call("/api/books/import?dryRun=1", csvInit(justUnder)),
      200,
    );
    assert.equal(under.data.errors[0].message, "repeats line 2", "a file near 10 MB is read");
    assert.equal((await answer(await shop.app.request("/api/books"), 200)).total, 2);
  },
);

testOnBothEngines(
  "Images left unused leave the local disk too; an erased book takes its images",
  async (sql) => {
    const dir = await Deno.makeTempDir({ prefix: "pothgula-gc-" });
    try {
      const shop = await shopOver(sql, new LocalDiskImageStorage(dir));
      const files = () => [...Deno.readDirSync(dir)].filter((e) => !e.name.startsWith(".")).length;
      assert.equal(files(), 2, "the cover and the pen's image");
      await answer(
        await shop.call(`/api/books/${shop.ids.book}/images/replace`, {
          method: "POST",
          body: imageForm("image", 1, { old: shop.urls.cover }),
        }),
        200,
      );
      assert.equal(await shop.stored(shop.urls.cover), false);
      assert.equal(files(), 2, "the new cover replaced the old one on disk");
      await answer(await shop.call(`/api/books/${shop.ids.book}`, { method: "DELETE" }), 204);
      assert.equal(files(), 1, "an erased book's images are removed");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

testOnBothEngines("Two image additions at once keep every image", async (sql) => {
  const shop = await shopOver(sql);
  const base = `/api/books/${shop.ids.book}/images`;
  await Promise.all([
    shop.call(base, { method: "POST", body: imageForm("images", 1) }),
    shop.call(base, { method: "POST", body: imageForm("images", 2) }),
  ]);
  const book = await answer(await shop.app.request(`/api/books/${shop.ids.book}`), 200);
  assert.equal(book.data.images.length, 4);
  for (const image of book.data.images) assert.equal(await shop.stored(image), true);
});

testOnBothEngines(
  "A stationery CSV updates by id, adds rows without one, and refuses a bad row whole",
  async (sql) => {
    const shop = await shopOver(sql);
    const exported = await (await shop.call("/api/stationery/export")).text();
    const again = await answer(await shop.call("/api/stationery/import", csvInit(exported)), 200);
    assert.deepEqual(again.data, {
      created: 0,
      updated: 0,
      unchanged: 1,
      written: true,
      errors: [],
      changes: [],
    });
    const bad = "id,title,price,stock,weight,categoryId\r\n" +
      `${shop.ids.pen},Atlas pen (blue),55,20,0.01,${shop.ids.pens}\r\n` +
      `,Eraser,ten,5,0.02,${shop.ids.pens}\r\n` +
      `99999,Ghost,1,1,0.01,${shop.ids.pens}\r\n`;
    const refused = await answer(await shop.call("/api/stationery/import", csvInit(bad)), 200);
    assert.equal(refused.data.written, false);
    assert.deepEqual(
      refused.data.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [[2, "price"], [3, "id"]],
    );
    const pen = await answer(await shop.app.request(`/api/stationery/${shop.ids.pen}`), 200);
    assert.equal(pen.data.title, "Atlas pen, blue", "nothing was written");
    const good = bad.replace("ten", "10").replace(/\r\n99999[^\r]*\r\n$/, "\r\n");
    const done = await answer(await shop.call("/api/stationery/import", csvInit(good)), 200);
    assert.deepEqual({ ...done.data, changes: undefined }, {
      created: 1,
      updated: 1,
      unchanged: 0,
      written: true,
      errors: [],
      changes: undefined,
    });
    const list = await answer(await shop.app.request("/api/stationery?sort=title"), 200);
    assert.deepEqual(list.data.map((s: { title: string; price: number }) => [s.title, s.price]), [
      ["Atlas pen (blue)", 55],
      ["Eraser", 10],
    ]);
    const eraser = list.data[1];
    assert.equal(
      (await shop.images.get(eraser.image.slice("/uploads/".length)))?.contentType,
      "image/png",
    );
    const unknown = await answer(
      await shop.call("/api/stationery/import", csvInit("isbn13\n1\n")),
      400,
    );
    assert.match(unknown.error.message, /Unknown columns: "isbn13"/);
  },
);
