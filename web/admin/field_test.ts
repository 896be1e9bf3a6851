import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Field } from "./Field.tsx";

/** The text of the first label in `html`, as a screen reader names its field. */
function labelText(html: string): string {
  const label = html.match(/<label[^>]*>([\s\S]*?)<\/label>/)?.[1] ?? "";
  return label.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, "");
}

Deno.test('a field\'s hint reads apart from its label: "Description (optional)"', () => {
  const html = renderToString(createElement(Field, {
    id: "description",
    label: "Description",
    hint: "optional",
    children: (aria) => createElement("textarea", aria),
  }));
  assert.equal(labelText(html), "Description (optional)");
  const plain = renderToString(createElement(Field, {
    id: "title",
    label: "Title",
    children: (aria) => createElement("input", aria),
  }));
  assert.equal(labelText(plain), "Title");
});
