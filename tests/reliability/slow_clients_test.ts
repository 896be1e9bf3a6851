/**
 * Slow clients on real sockets: a body that pauses longer than the idle time, or takes
 * longer than the whole allowance, is answered 408 with Connection: close, and its
 * request no longer holds the shop's work; the shop keeps answering others meanwhile.
 * (Deno.serve offers no header read timeout and no way to close the socket of a request
 * answered early: those, and the cap on connections per address, come from the reverse
 * proxy; see docs/deployment.md.)
 */
import { eventually } from "../support/eventually.ts";
import assert from "node:assert/strict";
import { realApp } from "./support/real_app.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const encoder = new TextEncoder();

async function serve(timeouts: { idleMs: number; totalMs: number; multipartTotalMs: number }) {
  const r = await realApp({ overrides: { bodyTimeouts: timeouts } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, r.app.fetch);
  return {
    port: server.addr.port,
    async close() {
      // A connection whose body never finished keeps Deno's graceful shutdown waiting.
      const ac = server.shutdown();
      await Promise.race([ac, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      await r.close();
    },
  };
}

/** How far a slow client had got when its answer came. */
interface Trickled {
  text: string;
  ms: number;
  /** Pieces of the body it had sent after the head when the answer was in. */
  written: number;
}

/**
 * A slow client: sends the head of a POST, then `pieces` of its body, one every `everyMs`
 * (the pauses are the client's slowness under test, not a wait of the test's), and reads
 * the answer. `progress` counts the clients under way and answered.
 */
async function trickle(
  port: number,
  pieces: number,
  everyMs: number,
  progress = { sending: 0, answered: 0 },
): Promise<Trickled> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const started = performance.now();
  await conn.write(encoder.encode(
    "POST /api/orders HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n" +
      "Content-Length: 1000\r\n\r\n{",
  ));
  progress.sending++;
  let written = 0;
  const writing = (async () => {
    for (let i = 0; i < pieces; i++) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      await conn.write(encoder.encode(" ")).then(() => written++, () => {});
    }
  })();
  // Reads until a whole answer is in (its head and a body of its Content-Length).
  const buffer = new Uint8Array(4096);
  let text = "";
  const complete = () => {
    const at = text.indexOf("\r\n\r\n");
    if (at < 0) return false;
    const head = text.slice(0, at), rest = text.slice(at + 4);
    const length = /content-length: (\d+)/i.exec(head)?.[1];
    return length === undefined ? rest.endsWith("0\r\n\r\n") : rest.length >= Number(length);
  };
  const giveUpAt = performance.now() + 10_000;
  while (!complete() && performance.now() < giveUpAt) {
    const left = giveUpAt - performance.now();
    const n = await Promise.race([
      conn.read(buffer).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
    ]);
    if (n === null) break;
    text += new TextDecoder().decode(buffer.subarray(0, n));
  }
  const ms = performance.now() - started;
  const writtenAtAnswer = written;
  progress.answered++;
  conn.close();
  await writing;
  return { text, ms, written: writtenAtAnswer };
}

Deno.test({
  name: "a body that pauses past the idle time is answered 408 with Connection: close",
  ...sanitize,
  async fn() {
    const shop = await serve({ idleMs: 500, totalMs: 5_000, multipartTotalMs: 5_000 });
    try {
      const answer = await trickle(shop.port, 1, 1_500);
      assert.match(answer.text, /^HTTP\/1\.1 408/);
      assert.match(answer.text, /connection: close/i);
      assert.match(answer.text, /"code":"REQUEST_TIMEOUT"/);
      // Answered in the pause, at the idle time: before the client sent its next piece.
      assert.equal(answer.written, 0, `answered after ${Math.round(answer.ms)} ms`);
    } finally {
      await shop.close();
    }
  },
});

Deno.test({
  name:
    "a body that keeps trickling is cut off at the whole allowance; others are served meanwhile",
  ...sanitize,
  async fn() {
    const shop = await serve({ idleMs: 500, totalMs: 1_500, multipartTotalMs: 1_500 });
    try {
      const progress = { sending: 0, answered: 0 };
      const slow = Array.from({ length: 20 }, () => trickle(shop.port, 40, 200, progress));
      // All 20 are sending their bodies.
      await eventually(() => progress.sending === 20, { what: "20 slow clients sending" });
      const started = performance.now();
      const other = await fetch(`http://127.0.0.1:${shop.port}/api/books`);
      const otherMs = performance.now() - started;
      const slowAnsweredBefore = progress.answered;
      assert.equal(other.status, 200);
      await other.body?.cancel();
      const answers = await Promise.all(slow);
      for (const answer of answers) {
        assert.match(answer.text, /^HTTP\/1\.1 408/);
        // Cut off at the allowance (1.5 s, about 7 pieces), long before the 40th piece.
        assert.ok(answer.written < 20, `answered after ${answer.written} of 40 pieces`);
      }
      // Served while the slow ones were still open, not after them.
      assert.equal(slowAnsweredBefore, 0, "the normal request waited for the slow ones");
      console.log(
        `figures slow_bodies: ${
          JSON.stringify({
            slowClients: answers.length,
            cutOffAfterMs: Math.round(Math.max(...answers.map((a) => a.ms))),
            otherRequestMs: Math.round(otherMs),
          })
        }`,
      );
    } finally {
      await shop.close();
    }
  },
});
