/**
 * Hostile bodies on real sockets: no body is read before its route, its guard and (for a
 * deposit slip) the order's key are checked, and none is read past its route's cap. Forty
 * 50 MB uploads at once, to an order with a wrong key and to a real order, with and
 * without a Content-Length, keep the process's memory within a stated ceiling
 * (docs/reliability.md), and each is answered at once, not after its last byte.
 */
import assert from "node:assert/strict";
import { realApp } from "./support/real_app.ts";
import { recordFigures } from "./support/evidence.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const encoder = new TextEncoder();

/** The ceiling this test holds the process to: RSS growth while the 40 bodies arrive. */
const RSS_CEILING_MB = 200;
const HOSTILE_BYTES = 50 * 1024 * 1024;

interface Answer {
  status: number;
  ms: number;
  /** Bytes of the body the client managed to hand to the socket before the answer came. */
  written: number;
}

/**
 * Sends `bytes` of a multipart body behind a JPEG header (declared by Content-Length, or
 * chunked without one) and reads the answer while writing; stops writing once the answer
 * is in, as a client does when the server gives up on its body.
 */
async function hostileUpload(
  port: number,
  path: string,
  opts: { bytes: number; chunked: boolean; contentType?: string },
): Promise<Answer> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const started = performance.now();
  const length = opts.chunked
    ? "Transfer-Encoding: chunked\r\n"
    : `Content-Length: ${opts.bytes}\r\n`;
  await conn.write(encoder.encode(
    `POST ${path} HTTP/1.1\r\nHost: shop\r\n` +
      `Content-Type: ${opts.contentType ?? "multipart/form-data; boundary=XyZ"}\r\n` +
      `${length}Connection: close\r\n\r\n`,
  ));
  let answered = false;
  let written = 0;
  const writing = (async () => {
    const head = encoder.encode(
      '--XyZ\r\nContent-Disposition: form-data; name="proof"; filename="slip.jpg"\r\n' +
        "Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0",
    );
    const first = new Uint8Array(64 * 1024);
    first.set(head);
    const piece = new Uint8Array(64 * 1024);
    // A socket may take part of a buffer: the rest is written after it.
    const writeAll = async (data: Uint8Array) => {
      for (let at = 0; at < data.length && !answered;) at += await conn.write(data.subarray(at));
    };
    try {
      while (!answered && written < opts.bytes) {
        const data = (written === 0 ? first : piece)
          .subarray(0, Math.min(piece.length, opts.bytes - written));
        if (opts.chunked) await writeAll(encoder.encode(`${data.length.toString(16)}\r\n`));
        await writeAll(data);
        if (opts.chunked) await writeAll(encoder.encode("\r\n"));
        written += data.length;
      }
      if (opts.chunked && !answered) await writeAll(encoder.encode("0\r\n\r\n"));
    } catch {
      // The shop closed the connection: it will not read the rest.
    }
  })();
  const buffer = new Uint8Array(4096);
  let text = "";
  const giveUpAt = performance.now() + 60_000;
  while (!/\r\n\r\n/.test(text) && performance.now() < giveUpAt) {
    const n = await conn.read(buffer).catch(() => null);
    if (n === null) break;
    text += new TextDecoder().decode(buffer.subarray(0, n));
  }
  answered = true;
  const ms = performance.now() - started;
  try {
    conn.close();
  } catch {
    // Already closed by the shop.
  }
  await writing;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, ms, written };
}

/**
 * The shop in a process of its own (support/upload_shop.ts), talked to by lines of JSON:
 * the memory held to the ceiling is the shop's alone.
 */
async function shopOfItsOwn() {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", "support/upload_shop.ts"],
    cwd: new URL(".", import.meta.url).pathname,
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  const nextLine = async (): Promise<Record<string, unknown>> => {
    while (!pending.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the shop's process ended");
      pending += value;
    }
    const end = pending.indexOf("\n");
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    return JSON.parse(line);
  };
  const ask = async (command: string) => {
    await writer.write(encoder.encode(`${command}\n`));
    return await nextLine() as { rss: number; peak?: number };
  };
  const opened = await nextLine() as { port: number; orderId: number; key: string };
  return {
    ...opened,
    /** Collects garbage and starts a new watch of the shop's RSS; its RSS now. */
    mark: async () => (await ask("mark")).rss,
    /** The highest RSS of the shop since the mark. */
    peak: async () => (await ask("peak")).peak!,
    async close() {
      await writer.close().catch(() => {});
      await reader.cancel().catch(() => {});
      await child.status;
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

Deno.test({
  name:
    `40 hostile 50 MB slips at once, to a wrong key and to a real order, keep RSS growth under ${RSS_CEILING_MB} MB and are answered at once`,
  ...sanitize,
  async fn() {
    const shop = await shopOfItsOwn();
    const { port, orderId, key } = shop;
    try {
      // Warm the paths once, so that the code they load is not counted as the bodies' cost.
      await hostileUpload(port, `/api/orders/${orderId}/payment-proof?key=WRONG`, {
        bytes: 1024,
        chunked: false,
      });

      const before = await shop.mark();
      const targets = [
        ...Array.from({ length: 20 }, () => `/api/orders/${orderId}/payment-proof?key=WRONG`),
        ...Array.from({ length: 20 }, () => `/api/orders/${orderId}/payment-proof?key=${key}`),
      ];
      const answers = await Promise.all(
        targets.map((path, i) =>
          hostileUpload(port, path, { bytes: HOSTILE_BYTES, chunked: i % 2 === 1 })
        ),
      );
      const peak = await shop.peak();
      const growth = mb(peak - before);
      const wrongKey = answers.slice(0, 20);
      const realOrder = answers.slice(20);
      const slowest = Math.round(Math.max(...answers.map((a) => a.ms)));
      const figures = {
        rssBeforeMb: mb(before),
        rssPeakMb: mb(peak),
        growthMb: growth,
        ceilingMb: RSS_CEILING_MB,
        wrongKey: tallyOf(wrongKey),
        realOrder: tallyOf(realOrder),
        slowestMs: slowest,
        answerMs: answers.map((a) => Math.round(a.ms)),
        mostWrittenMb: mb(Math.max(...answers.map((a) => a.written))),
      };
      await recordFigures("upload_memory", figures);
      // A wrong key is 404, or 413 when the declared length alone is too large: either way
      // the same for every key, and no byte of the body is read.
      assert.ok(
        wrongKey.every((a) => a.status === 404 || a.status === 413),
        JSON.stringify(figures),
      );
      assert.ok(
        realOrder.every((a) => a.status === 413 || a.status === 429),
        JSON.stringify(figures),
      );
      assert.ok(growth < RSS_CEILING_MB, `RSS grew ${growth} MB: ${JSON.stringify(figures)}`);
      assert.ok(slowest < 10_000, JSON.stringify(figures));
      // Nothing of them was kept: the order has no slip.
      const view = await fetch(`http://127.0.0.1:${port}/api/orders/${orderId}/view?key=${key}`);
      assert.deepEqual((await view.json()).data.payment_status, "unpaid");
    } finally {
      await shop.close();
    }
  },
});

Deno.test({
  name:
    "a 50 MB body to an unknown path, a route that takes none or a JSON route is not read past its cap",
  ...sanitize,
  async fn() {
    const r = await realApp();
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, r.app.fetch);
    const port = server.addr.port;
    try {
      const cases: [string, string | undefined, number][] = [
        ["/api/no-such-thing", undefined, 404],
        ["/api/auth/logout", undefined, 401],
        ["/api/books/1/restore", undefined, 401],
        ["/api/orders", "application/json", 413],
        ["/api/orders/lookup", "application/json", 413],
      ];
      for (const [path, contentType, status] of cases) {
        for (const chunked of [false, true]) {
          const answer = await hostileUpload(port, path, {
            bytes: HOSTILE_BYTES,
            chunked,
            contentType,
          });
          const what = `${path} ${chunked ? "chunked" : "with Content-Length"}`;
          assert.equal(answer.status, status, what);
          // The shop stopped reading long before the end: far less than the body was sent.
          assert.ok(answer.written < HOSTILE_BYTES / 2, `${what}: ${mb(answer.written)} MB sent`);
        }
      }
    } finally {
      await server.shutdown().catch(() => {});
      await r.close();
    }
  },
});

function tallyOf(answers: readonly Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}
