/**
 * The contract of the SlipRenderer port, what every renderer promises: a PDF that names
 * the order, one slip per order however many are rendered at once, and the order left as
 * it was. Run against the pdfmake renderer the shop uses and the stand-in the HTTP tests
 * use. The look and content of the real slip are tested in pdf/pdfmake_slip_renderer_test.ts.
 */
import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";
import type { SlipRenderer } from "../domain/ports.ts";
import { PdfmakeSlipRenderer } from "./pdf/pdfmake_slip_renderer.ts";
import { MemorySlipRenderer } from "./memory/images.ts";
import { SAMPLE_SHOP, sampleOrder } from "../domain/notifications/testing/samples.ts";

/** A renderer and how to read the text of what it rendered. */
interface Subject {
  renderer: SlipRenderer;
  textOf(pdf: Uint8Array): Promise<string>;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Registers the test once per renderer: `[pdfmake]`, `[memory]`. */
function contract(name: string, fn: (subject: Subject) => Promise<void>): void {
  Deno.test(`${name} [pdfmake]`, () =>
    fn({ renderer: new PdfmakeSlipRenderer(SAMPLE_SHOP), textOf: pdfText }));
  Deno.test(`${name} [memory]`, () =>
    fn({
      renderer: new MemorySlipRenderer(),
      textOf: (bytes) => Promise.resolve(new TextDecoder().decode(bytes)),
    }));
}

function isPdf(bytes: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(bytes);
  return text.startsWith("%PDF-") && /%%EOF\s*$/.test(text);
}

contract("a slip renderer makes a whole PDF that names the order", async ({ renderer, textOf }) => {
  const bytes = await renderer.render(sampleOrder({ id: 1042 }));
  assert.ok(bytes instanceof Uint8Array && isPdf(bytes));
  assert.match(await textOf(bytes), /\b1042\b/);
});

contract("a slip renderer renders several orders at once, each its own", async (subject) => {
  const ids = [7, 1042, 31337];
  const slips = await Promise.all(ids.map((id) => subject.renderer.render(sampleOrder({ id }))));
  for (const [i, slip] of slips.entries()) {
    assert.ok(isPdf(slip));
    const text = await subject.textOf(slip);
    assert.match(text, new RegExp(`\\b${ids[i]}\\b`));
    for (const other of ids.filter((id) => id !== ids[i])) {
      assert.doesNotMatch(text, new RegExp(`\\b${other}\\b`));
    }
  }
});

contract("a slip renderer leaves the order it is given as it was", async ({ renderer }) => {
  const order = sampleOrder({ status: "completed" });
  const before = structuredClone(order);
  await renderer.render(order);
  assert.deepEqual(order, before);
});
