import assert from "node:assert/strict";
import { BOOK_PATHS, fillPath, ORDER_PATHS } from "./paths.ts";
import { UPLOAD_PATHS } from "./admin_paths.ts";

Deno.test("fillPath() writes each parameter into its place, encoded", () => {
  assert.equal(fillPath(BOOK_PATHS.one.path, { id: 12 }), "/api/books/12");
  assert.equal(
    fillPath(ORDER_PATHS.proof.path, { id: 3, proofId: 7 }),
    "/api/orders/3/payment-proofs/7",
  );
  assert.equal(fillPath(UPLOAD_PATHS.image.path, { key: "a b.png" }), "/uploads/a%20b.png");
  assert.throws(() => fillPath(BOOK_PATHS.one.path, {}), /needs id/);
});
