import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { AuthorField, currentOption } from "./AuthorField.tsx";
// The server's words: the field speaks English with no language above it.
import "../i18n/catalogues.ts";

Deno.test("the server renders the author filter as a text box that works without scripts", () => {
  const html = renderToString(createElement(AuthorField, { value: "Kumaratunga Munidasa" }));
  assert.match(html, /<label for="filter-author">Author<\/label>/);
  assert.match(html, /<input id="filter-author" type="text"[^>]*name="author"/);
  assert.match(html, /value="Kumaratunga Munidasa"/);
  assert.ok(!html.includes("<option"));
});

Deno.test("currentOption() keeps the chosen author in the select until the list holds it", () => {
  assert.deepEqual(currentOption(undefined, undefined), []);
  assert.deepEqual(currentOption(undefined, "A. Author"), ["A. Author"]);
  assert.deepEqual(currentOption(["A. Author", "B. Writer"], "A. Author"), []);
  assert.deepEqual(currentOption(["B. Writer"], "Typed Name"), ["Typed Name"]);
});
