/**
 * The whole app over the real repositories in a process of its own, for the memory tests:
 * the RSS they hold to a ceiling is the shop's alone, not that of a test runner holding
 * every other test's garbage. Run as `deno run -A upload_shop.ts`; it places one Bank
 * Deposit order, writes one line of JSON (`{ port, orderId, key }`) and then answers
 * each line read from stdin with one line of JSON:
 *
 * - `mark`: collects garbage, then starts a new watch of the RSS: `{ rss }` now;
 * - `peak`: the highest RSS seen since the mark, sampled every 20 ms: `{ rss, peak }`.
 *
 * It exits when stdin closes.
 */
import { destination, realApp } from "./real_app.ts";
import { orderBody } from "../../../http/testing/fixture.ts";

const r = await realApp({ stock: 100 });
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, r.app.fetch);
const placed = await r.app.request("/api/orders", {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({
    ...orderBody(r.book.id, await destination(r)),
    paymentMethod: "Bank Deposit",
    items: [{ id: r.book.id, quantity: 1, type: "book" }],
    total: 1000,
  }),
});
if (placed.status !== 201) throw new Error(`order not placed: ${await placed.text()}`);
const { orderId, orderUrl } = await placed.json();
const key = new URL(orderUrl).searchParams.get("key");

const encoder = new TextEncoder();
const say = (value: unknown) => Deno.stdout.writeSync(encoder.encode(`${JSON.stringify(value)}\n`));
const rss = () => Deno.memoryUsage().rss;
let peak = rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 20);

say({ port: server.addr.port, orderId, key });
/** stdin's lines, as they arrive. */
async function* lines(): AsyncGenerator<string> {
  let pending = "";
  for await (const text of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
    pending += text;
    let end;
    while ((end = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, end).trim();
      pending = pending.slice(end + 1);
    }
  }
}

const collect = (globalThis as { gc?: () => void }).gc;
for await (const line of lines()) {
  if (line === "mark") {
    collect?.();
    peak = rss();
    say({ rss: peak });
  } else if (line === "peak") {
    peak = Math.max(peak, rss());
    say({ rss: rss(), peak });
  }
}
// stdin closed: the test is done with the shop. Connections the hostile clients dropped
// need not be waited for.
clearInterval(sampler);
Deno.exit(0);
