/**
 * A product form through the shop's image path (adapters/images): every image read whole,
 * stored with its resized copies, served; an upload that only looks like an image refused.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { MemoryImageStorage } from "../../adapters/memory/images.ts";
import { ProcessedImageStorage } from "../../adapters/images/processed_storage.ts";
import { SharpImageProcessor } from "../../adapters/images/sharp_processor.ts";
import { imageSources } from "../../domain/catalogue/image_variants.ts";
import { testApp } from "../testing/fixture.ts";

function bookForm(files: File[]): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    title: "Viragaya",
    author: "Martin Wickramasinghe",
    price: "1250.50",
    stock: "4",
    categoryId: "1",
    isbn13: "978-955-00-0004-3",
    language: "Sinhala",
    binding: "Hardcover",
    publisher: "Sarasa",
    publishingDate: "1956-03-01",
    productEdition: "3rd",
    weight: "0.45",
    description: "",
    preorder: "0",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append("images", file);
  return form;
}

async function photo(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width: 1500, height: 2000, channels: 3, background: "#a33" } })
      .jpeg().withExif({ IFD0: { Make: "PhoneMaker" } }).toBuffer(),
  );
}

async function shop() {
  const inner = new MemoryImageStorage();
  const t = await testApp({ images: new ProcessedImageStorage(inner, new SharpImageProcessor()) });
  return { t, inner };
}

Deno.test("an uploaded photo is served with every copy its srcset lists, without its EXIF", async () => {
  const { t } = await shop();
  const created = await t.asAdmin("/api/books", {
    method: "POST",
    body: bookForm([new File([await photo()], "cover.jpg", { type: "image/jpeg" })]),
  });
  assert.equal(created.status, 201);
  const [url] = (await created.json()).data.images as string[];
  const sources = imageSources(url);
  for (const entry of [...sources.webp!.split(", "), ...sources.srcset!.split(", ")]) {
    const [path, width] = entry.split(" ");
    const copy = await t.app.request(path);
    assert.equal(copy.status, 200, path);
    assert.equal(copy.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
    const meta = await sharp(new Uint8Array(await copy.arrayBuffer())).metadata();
    assert.equal(`${meta.width}w`, width);
    assert.equal(meta.exif, undefined);
  }
  const original = await t.app.request(url);
  const full = await sharp(new Uint8Array(await original.arrayBuffer())).metadata();
  assert.deepEqual([full.width, full.height, full.exif], [1500, 2000, undefined]);
});

Deno.test("an upload whose bytes only start like an image is refused 415, and nothing is kept", async () => {
  const { t, inner } = await shop();
  const forged = new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    ...new TextEncoder().encode("<script>alert(1)</script>"),
  ]);
  const response = await t.asAdmin("/api/books", {
    method: "POST",
    body: bookForm([
      new File([await photo()], "good.jpg", { type: "image/jpeg" }),
      new File([forged], "cover.jpg", { type: "image/jpeg" }),
    ]),
  });
  assert.equal(response.status, 415);
  const error = (await response.json()).error;
  assert.equal(error.code, "UNSUPPORTED_MEDIA_TYPE");
  assert.deepEqual(error.details.map((d: { field: string }) => d.field), ["images"]);
  assert.equal(inner.images.size, 0, "the good image went with the forged one");
  const listed = await (await t.app.request("/api/books?q=Viragaya")).json();
  assert.equal(listed.total, 0);
});
