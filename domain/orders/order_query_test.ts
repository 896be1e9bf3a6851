import assert from "node:assert/strict";
import {
  colomboDate,
  colomboDays,
  colomboToday,
  nationalDigits,
  searchTerm,
} from "./order_query.ts";

Deno.test("colomboDays() spans whole days in Sri Lanka, both ends included", () => {
  assert.deepEqual(colomboDays("2026-03-01", "2026-03-02"), {
    from: "2026-02-28T18:30:00.000Z",
    to: "2026-03-02T18:30:00.000Z",
  });
  assert.deepEqual(colomboDays(undefined, "2026-12-31"), {
    from: undefined,
    to: "2026-12-31T18:30:00.000Z",
  });
});

Deno.test("colomboDate() and colomboToday() turn the day at 18:30 UTC", () => {
  assert.equal(colomboDate(new Date("2026-03-01T18:29:59.999Z")), "2026-03-01");
  assert.equal(colomboDate(new Date("2026-03-01T18:30:00.000Z")), "2026-03-02");
  assert.deepEqual(colomboToday(new Date("2026-03-01T20:00:00.000Z")), {
    from: "2026-03-01T18:30:00.000Z",
    to: "2026-03-02T18:30:00.000Z",
  });
});

Deno.test("searchTerm() reads digits as an order number and part of a phone number, anything else as text", () => {
  assert.deepEqual(searchTerm(" Nimali "), { text: "nimali", id: null, phoneDigits: null });
  assert.deepEqual(searchTerm("#1042"), { text: "#1042", id: 1042, phoneDigits: "1042" });
  assert.deepEqual(searchTerm("+94 77 123 4567"), {
    text: "+94 77 123 4567",
    id: 94771234567,
    phoneDigits: "771234567",
  });
  assert.deepEqual(searchTerm("--"), { text: "--", id: null, phoneDigits: null });
  assert.equal(searchTerm("1234567890123456").id, null);
});

Deno.test("nationalDigits() writes +94 and 0 numbers alike", () => {
  assert.equal(nationalDigits("+94 77 123 4567"), "771234567");
  assert.equal(nationalDigits("077-123-4567"), "771234567");
});
