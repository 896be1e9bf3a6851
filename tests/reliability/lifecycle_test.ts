/**
 * The shop as a process on the embedded database: it listens where HOST says, and a
 * SIGTERM in the middle of a stream of orders answers every request that was sent before
 * it (placed, refused for stock, or 503 "restarting" with Connection: close), never a
 * closed connection.
 */
import { eventually } from "../support/eventually.ts";
import assert from "node:assert/strict";
import { spawnShop, waitUntilReady } from "./support/shop_process.ts";
import { ADMIN, type Answer, firstDestination, orderBody, placeOrder } from "./support/shop_api.ts";
import { recordFigures } from "./support/evidence.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** An address of this machine that is not loopback, when it has one. */
function otherAddress(): string | undefined {
  return Deno.networkInterfaces().find((i) => i.family === "IPv4" && !i.address.startsWith("127."))
    ?.address;
}

async function reachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

Deno.test({
  name: "HOST=127.0.0.1 listens on loopback only; SIGTERM answers every request sent before it",
  ...sanitize,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "pothgula-lifecycle-" });
    const shop = spawnShop({
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      HOST: "127.0.0.1",
      ORDER_RATE_LIMIT: "100000/60",
      ORDER_RATE_LIMIT_CONTACT: "100000/60",
      // One address places the whole load: what its unpaid orders hold must not refuse it.
      HOLD_MAX_UNITS: "9999999",
      HOLD_MAX_LKR: "9999999999",
      HOLD_MAX_UNITS_ADDRESS: "9999999",
      HOLD_MAX_LKR_ADDRESS: "9999999999",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: "lifecycle-tests-secret-of-at-least-32-characters",
    });
    try {
      await waitUntilReady(shop, 180_000);
      const port = new URL(shop.url).port;
      const other = otherAddress();
      if (other) {
        assert.equal(await reachable(`http://${other}:${port}/healthz`), false, other);
      }
      assert.equal(await reachable(`${shop.url}/healthz`), true);

      const listing = await (await fetch(`${shop.url}/api/books?pageSize=1&outOfStock=0`)).json();
      const book = listing.data[0];
      const destination = await firstDestination(shop.url);
      const sent: { at: number; answer: Answer }[] = [];
      let n = 0;
      let stopAt = Infinity;
      // 15 shoppers order back to back; each stops at a 503 or a closed connection.
      const shopper = async () => {
        for (;;) {
          const at = performance.now();
          const body = orderBody({ ...book, images: [] }, destination, `term-${n++}@x.lk`);
          const answer = await placeOrder(shop.url, { ...body, paymentMethod: "COD" });
          sent.push({ at, answer });
          if (answer.status === 0 || answer.status === 503) return;
        }
      };
      const shoppers = Promise.all(Array.from({ length: 15 }, shopper));
      // The shoppers are under way: orders are being placed.
      await eventually(() => sent.filter((s) => s.answer.status === 201).length >= 20, {
        timeoutMs: 30_000,
        what: "20 orders placed",
      });
      stopAt = performance.now();
      shop.signal("SIGTERM");
      const exit = await shop.exited;
      const stopMs = performance.now() - stopAt;
      await shoppers;

      assert.equal(exit.code, 0, shop.output().slice(-2000));
      const before = sent.filter((s) => s.at < stopAt);
      const unanswered = before.filter((s) => s.answer.status === 0);
      assert.deepEqual(unanswered.map((s) => s.answer.error), [], "a request met a closed socket");
      const statuses = new Set(before.map((s) => s.answer.status));
      for (const status of statuses) assert.ok([201, 409, 503].includes(status), `${status}`);
      const turnedAway = sent.filter((s) => s.answer.status === 503);
      for (const s of turnedAway) assert.equal(s.answer.retryAfter, "5");
      assert.match(shop.output(), /"message":"Requests drained","unfinished":0/);
      assert.match(shop.output(), /Closed/);
      await recordFigures("sigterm_embedded", {
        requestsBeforeStop: before.length,
        unansweredBeforeStop: unanswered.length,
        turnedAway503: turnedAway.length,
        millisecondsToExit: Math.round(stopMs),
      });
    } finally {
      await shop.stop(2_000);
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
