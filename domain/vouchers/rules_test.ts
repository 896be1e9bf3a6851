import assert from "node:assert/strict";
import fc from "fast-check";
import {
  balanceOf,
  expiryInstant,
  lastFour,
  MAX_VOUCHER_CENTS,
  newVoucherCode,
  VOUCHER_CODE_BYTES,
  voucherCode,
  voucherPays,
  voucherProblems,
  voucherStanding,
} from "./rules.ts";

const NOW = "2026-03-01T10:00:00.000Z";

Deno.test("a voucher code is the shop's prefix and 16 unmistakable symbols, read back from any spacing or case", () => {
  fc.assert(fc.property(
    fc.uint8Array({ minLength: VOUCHER_CODE_BYTES, maxLength: VOUCHER_CODE_BYTES }),
    (bytes) => {
      const code = newVoucherCode(bytes);
      if (code === undefined) return;
      assert.match(code, /^PGV(-[2-9A-HJKMNP-Z]{4}){4}$/);
      assert.equal(voucherCode(code.toLowerCase().replaceAll("-", " ")), code);
      assert.equal(lastFour(code), code.slice(-4));
    },
  ));
  assert.equal(voucherCode("GIFT-1234-5678"), undefined, "another shop's");
  assert.equal(voucherCode("PGV-7KQ4-M9XA-2TPR"), undefined, "too short");
  assert.equal(voucherCode("PGV-7KQ4-M9XA-2TPR-8HN0"), undefined, "a 0 is never in a code");
});

Deno.test("a voucher's balance is its ledger: issued, less spent, plus given back", () => {
  assert.equal(
    balanceOf([
      { move: "issued", cents: 500_000 },
      { move: "spent", cents: 120_000 },
      { move: "spent", cents: 80_000 },
      { move: "returned", cents: 80_000 },
    ]),
    380_000,
  );
});

Deno.test("a voucher stops at the end of its last day in Sri Lanka, and is used up at nothing left", () => {
  assert.equal(expiryInstant("2026-03-01"), "2026-03-01T18:30:00.000Z");
  assert.equal(expiryInstant("2026-02-30"), undefined);
  const voucher = { expiresAt: expiryInstant("2026-03-01")! };
  assert.equal(voucherStanding(voucher, 100, NOW), "ok");
  assert.equal(voucherStanding(voucher, 100, "2026-03-01T18:30:00.000Z"), "expired");
  assert.equal(voucherStanding(voucher, 0, NOW), "used_up");
});

Deno.test("a voucher pays what is still to pay up to its balance, never more, never below zero", () => {
  assert.equal(voucherPays(500_000, 435_000), 435_000);
  assert.equal(voucherPays(100_000, 435_000), 100_000);
  fc.assert(fc.property(fc.integer({ min: -10, max: 1e9 }), fc.nat(1e9), (balance, due) => {
    const pays = voucherPays(balance, due);
    assert.ok(pays >= 0 && pays <= due && pays <= Math.max(balance, 0));
  }));
});

Deno.test("voucherProblems() names the amount and the last day: above 0, at most LKR 1,000,000, today or later, within five years", () => {
  const good = { amountCents: 500_000, expiresOn: "2026-12-31", recipient: null, message: null };
  assert.deepEqual(voucherProblems(good, NOW), []);
  assert.deepEqual(voucherProblems({ ...good, expiresOn: "2026-03-01" }, NOW), [], "today");
  const fields = (draft: typeof good) => voucherProblems(draft, NOW).map((p) => p.field);
  assert.deepEqual(fields({ ...good, amountCents: 0 }), ["amount"]);
  assert.deepEqual(fields({ ...good, amountCents: -100 }), ["amount"]);
  assert.deepEqual(fields({ ...good, amountCents: MAX_VOUCHER_CENTS + 1 }), ["amount"]);
  assert.deepEqual(fields({ ...good, amountCents: MAX_VOUCHER_CENTS }), []);
  assert.deepEqual(fields({ ...good, expiresOn: "2026-02-28" }), ["expiresOn"]);
  assert.deepEqual(fields({ ...good, expiresOn: "2036-01-01" }), ["expiresOn"]);
  assert.deepEqual(fields({ ...good, expiresOn: "2026-13-01" }), ["expiresOn"]);
});
