import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Pager } from "./DataTable.tsx";

/** The pager's words and whether Next can be pressed, as the owner sees them. */
function pager(props: { page: number; total: number; totalCapped?: boolean }) {
  const html = renderToString(
    createElement(Pager, { pageSize: 10, onPage: () => {}, label: "Books pages", ...props }),
  );
  const words = (html.match(/<span>([\s\S]*?)<\/span>/)?.[1] ?? "")
    .replace(/<!--[\s\S]*?-->/g, "").replace(/\s+/g, " ");
  const buttons = [...html.matchAll(/<button[^>]*>/g)].map((b) => b[0]);
  return { words, nextDisabled: /disabled/.test(buttons[1] ?? "") };
}

Deno.test("the admin's pager says an exact total as it is and stops at the last page", () => {
  assert.deepEqual(pager({ page: 3, total: 25 }), {
    words: "Page 3 of 3 (25 in all)",
    nextDisabled: true,
  });
});

Deno.test("a search's capped total reads 1,000+ and keeps Next past the bound's last page", () => {
  assert.deepEqual(pager({ page: 100, total: 1000, totalCapped: true }), {
    words: "Page 100 of 100+ (1,000+ in all)",
    nextDisabled: false,
  });
  assert.deepEqual(pager({ page: 2, total: 1000, totalCapped: true }).nextDisabled, false);
});
