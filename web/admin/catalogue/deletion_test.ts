import assert from "node:assert/strict";
import { deletedMessage, deleteQuestion } from "./deletion.ts";

Deno.test("deleteQuestion() says a product with orders is archived and restorable, not lost", () => {
  const question = deleteQuestion("books", "Madol Doova");
  assert.match(question, /^Delete "Madol Doova"\? A book that orders refer to is archived/);
  assert.match(question, /restorable from Archived books/);
  assert.doesNotMatch(question, /cannot be undone/);
});

Deno.test("deletedMessage() says an archived product was archived, and an erased one deleted", () => {
  const archived = deletedMessage("books", { title: "Madol Doova", archived: true });
  assert.equal(
    archived,
    '"Madol Doova" was archived, not erased: orders refer to it. It is hidden from the shop; ' +
      "restore it from Archived books on the Catalogue page.",
  );
  assert.doesNotMatch(archived, /deleted/);
  assert.equal(
    deletedMessage("stationery", { title: "Atlas pen", archived: false }),
    "Stationery item deleted successfully",
  );
});
