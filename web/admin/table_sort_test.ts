import assert from "node:assert/strict";
import { isServerSortable, sortQuery } from "./table_sort.ts";

Deno.test("sortQuery() asks the server for the sorted column and its direction", () => {
  assert.deepEqual(sortQuery([{ id: "price", desc: false }]), { sort: "price", order: "asc" });
  assert.deepEqual(sortQuery([{ id: "title", desc: true }]), { sort: "title", order: "desc" });
});

Deno.test("sortQuery() names the category column by the server's key", () => {
  assert.deepEqual(sortQuery([{ id: "category_name", desc: true }]), {
    sort: "category",
    order: "desc",
  });
});

Deno.test("sortQuery() asks for the default order when nothing or an unsortable column is sorted", () => {
  assert.deepEqual(sortQuery([]), {});
  assert.deepEqual(sortQuery([{ id: "preorder", desc: false }]), {});
  assert.deepEqual(sortQuery([{ id: "constructor", desc: false }]), {});
});

Deno.test("isServerSortable() admits the table's data columns and not the others", () => {
  for (const id of ["isbn13", "title", "author", "price", "stock", "category_name"]) {
    assert.ok(isServerSortable(id), id);
  }
  for (const id of ["preorder", "actions", "category_id"]) assert.ok(!isServerSortable(id), id);
});
