import assert from "node:assert/strict";
import { pageBlocks, pageBytes, pageTextProblems } from "./owner_page.ts";

Deno.test("pageBlocks() reads headings, paragraphs, lists, links and the shop's rules", () => {
  const text = [
    "## Delivery",
    "We deliver island-wide.",
    "Paid by {{payment_methods}}.",
    "",
    "- Colombo: [track it](/track)",
    "* Elsewhere: {{delivery_times}}",
    "Write to [us](mailto:hello@pothgula.lk).",
  ].join("\r\n");
  assert.deepEqual(pageBlocks(text), [
    { kind: "heading", parts: [{ kind: "text", text: "Delivery" }] },
    {
      kind: "paragraph",
      parts: [
        { kind: "text", text: "We deliver island-wide. Paid by " },
        { kind: "policy", policy: "payment_methods" },
        { kind: "text", text: "." },
      ],
    },
    {
      kind: "list",
      items: [
        [{ kind: "text", text: "Colombo: " }, { kind: "link", text: "track it", href: "/track" }],
        [{ kind: "text", text: "Elsewhere: " }, { kind: "policy", policy: "delivery_times" }],
      ],
    },
    {
      kind: "paragraph",
      parts: [
        { kind: "text", text: "Write to " },
        { kind: "link", text: "us", href: "mailto:hello@pothgula.lk" },
        { kind: "text", text: "." },
      ],
    },
  ]);
});

Deno.test("pageTextProblems() refuses a script, an iframe, other HTML, an unsafe link and an unknown rule, each with its reason", () => {
  assert.deepEqual(pageTextProblems("## FAQ\n- [Ask](https://wa.me/94771234567)\n{{holds}}"), []);
  assert.match(pageTextProblems("Hi <script>alert(1)</script>")[0], /script is not allowed/);
  assert.match(pageTextProblems("<iframe src=x>")[0], /iframe is not allowed/);
  assert.match(pageTextProblems("<b>bold</b>")[0], /HTML \(<b>\) is not allowed/);
  for (
    const href of ["javascript:alert(1)", "data:text/html,x", "http://x.example", "//x.example"]
  ) {
    assert.match(pageTextProblems(`[x](${href})`)[0], /is not allowed/, href);
  }
  assert.match(pageTextProblems("{{password}}")[0], /no rule of the shop/);
});

Deno.test("pageBlocks() never makes a link of an unsafe address, and counts a page's size in bytes", () => {
  assert.deepEqual(pageBlocks("[x](javascript:alert(1))"), [
    { kind: "paragraph", parts: [{ kind: "text", text: "x" }, { kind: "text", text: ")" }] },
  ]);
  assert.equal(pageBytes("අ"), 3);
});
