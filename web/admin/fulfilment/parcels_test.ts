import assert from "node:assert/strict";
import {
  codToCollect,
  copiesLeft,
  heldByCouriers,
  nextMoves,
  parcelsChoiceText,
  preorderWaitNote,
  STATUS_WORDS,
} from "./parcels.ts";
import { SHIPMENT_STATUSES } from "../../../domain/fulfilment/shipments.ts";

const items = [
  { id: 1, quantity: 2, preorder: false },
  { id: 2, quantity: 1, preorder: true },
];

Deno.test("copiesLeft() counts the copies not yet in a parcel, a returned parcel's coming back", () => {
  const packed = { lines: [{ order_line_id: 1, quantity: 2 }], status: "packed", cod_amount: 0 };
  assert.deepEqual([...copiesLeft(items, [packed as never])], [[1, 0], [2, 1]]);
  const back = { ...packed, status: "returned" };
  assert.deepEqual([...copiesLeft(items, [back as never])], [[1, 2], [2, 1]]);
});

Deno.test("codToCollect() asks the last parcel for what the order still owes, and others for nothing", () => {
  const first = { lines: [], status: "handed_over" as const, cod_amount: 1000.5 };
  assert.equal(codToCollect(435_150, [first], true), 435_150 - 100_050);
  assert.equal(codToCollect(435_150, [first], false), 0);
  assert.equal(codToCollect(435_150, [{ ...first, status: "returned" }], true), 435_150);
  assert.equal(codToCollect(0, [], true), 0);
});

Deno.test("every parcel status has its words, and the moves follow the domain's table", () => {
  for (const status of SHIPMENT_STATUSES) assert.ok(STATUS_WORDS[status].length > 0);
  assert.deepEqual(nextMoves("packed"), ["handed_over"]);
  assert.deepEqual(nextMoves("delivered"), []);
});

Deno.test("heldByCouriers() adds what each courier holds in cents: the COD page's total and the home's figure", () => {
  assert.equal(heldByCouriers({ by_courier: [] }), 0);
  assert.equal(heldByCouriers({ by_courier: [{ held: 0.1 }, { held: 0.2 }] }), 0.3);
  assert.equal(heldByCouriers({ by_courier: [{ held: 1250.5 }, { held: 800 }] }), 2050.5);
});

Deno.test("preorderWaitNote() tells a together order waits whole, and a split one sends its books in stock now", () => {
  assert.match(
    preorderWaitNote({ wait: "waits_for_preorder" }, 0)!,
    /waits for its pre-ordered book/,
  );
  assert.match(
    preorderWaitNote({ wait: "send_in_stock_now" }, 150)!,
    /second parcel LKR 150\.00 paid.*books in stock now/,
  );
  assert.equal(preorderWaitNote({ wait: "none" }, 0), null);
});

Deno.test("parcelsChoiceText() names a mixed order's choice, and nothing for an order that is not mixed", () => {
  const mixed = [{ preorder: true }, { preorder: false }];
  assert.equal(
    parcelsChoiceText({ parcels: "split", second_parcel_fee: 150, items: mixed }),
    "Send what is here now and the rest when it arrives (second parcel LKR 150.00)",
  );
  assert.equal(
    parcelsChoiceText({ parcels: "together", second_parcel_fee: 0, items: mixed }),
    "Send everything together (when the pre-order arrives)",
  );
  assert.equal(parcelsChoiceText({ parcels: "together", items: [{ preorder: false }] }), null);
});
