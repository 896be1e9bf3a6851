import assert from "node:assert/strict";
import { digest } from "./orders.ts";
import { sha256Mark } from "../../domain/sha256.ts";
import { holdKeys } from "../../domain/orders/holds.ts";
import { codeCustomerKeys } from "../../domain/promotions/customer_marks.ts";

const TEXTS = [
  "",
  "nimali@example.lk",
  "771234567",
  "නිමාලි පෙරේරා|45/2 ගාලු පාර|10370",
  "நிமாலி|கண்டி வீதி|20000",
  "a".repeat(1000),
];

Deno.test("the checkout's synchronous digest makes the same marks as the domain's WebCrypto one", async () => {
  for (const text of TEXTS) assert.deepEqual(digest(text), await sha256Mark(text));
});

Deno.test("a hold's keys and a code use's marks are the same made either way, so counts made before still count", async () => {
  const client = { address: "203.0.113.7", email: " Nimali@Example.lk ", phone: "+94 77 123 4567" };
  assert.deepEqual(await holdKeys(client, digest), await holdKeys(client));
  const customer = {
    email: "nimali.perera+books@gmail.com",
    phone: "077-1234567",
    name: "නිමාලි පෙරේරා",
    address: "45/2, ගාලු පාර",
    postalCode: "10370",
    userId: 7,
  };
  assert.deepEqual(await codeCustomerKeys(customer, digest), await codeCustomerKeys(customer));
});
