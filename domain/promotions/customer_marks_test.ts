import assert from "node:assert/strict";
import fc from "fast-check";
import { canonicalEmail, canonicalPhone, codeCustomerKeys, personText } from "./customer_marks.ts";

const NIMALI = {
  email: "nimali.perera@gmail.com",
  phone: "077 123 4567",
  name: "Nimali Perera",
  address: "45/2 Temple Road",
  postalCode: "10370",
  userId: null,
};

Deno.test("canonicalEmail() makes one address of its case, +tags and Gmail's dots", () => {
  for (
    const spelling of [
      "nimali.perera@gmail.com",
      "NimaliPerera@Gmail.com",
      "n.i.m.a.l.i.p.e.r.e.r.a+1@gmail.com",
      "nimaliperera+shop@googlemail.com",
      " nimali.perera+x+y@GMAIL.COM ",
    ]
  ) {
    assert.equal(canonicalEmail(spelling), "nimaliperera@gmail.com", spelling);
  }
  // Elsewhere the dots count: another mailbox.
  assert.equal(canonicalEmail("k.silva+2@example.lk"), "k.silva@example.lk");
  assert.notEqual(canonicalEmail("k.silva@example.lk"), canonicalEmail("ksilva@example.lk"));
});

Deno.test("canonicalPhone() makes one number of every spelling of a Sri Lankan number", () => {
  for (
    const spelling of [
      "0771234567",
      "077 123 4567",
      "+94 77 123 4567",
      "+94 (0)77 123-4567",
      "0094771234567",
      "94771234567",
      "771234567",
    ]
  ) {
    assert.equal(canonicalPhone(spelling), "771234567", spelling);
  }
  assert.notEqual(canonicalPhone("0771234568"), canonicalPhone("0771234567"));
});

Deno.test("personText() reads a name and address the same whatever their case, spacing and punctuation", () => {
  const a = personText(NIMALI);
  assert.equal(
    personText({ ...NIMALI, name: " NIMALI  perera", address: "45 / 2, Temple Road." }),
    a,
  );
  assert.notEqual(personText({ ...NIMALI, address: "46/2 Temple Road" }), a);
  assert.equal(
    personText({ name: "නිමාලි පෙරේරා", address: "45/2 පන්සල පාර", postalCode: "10370" }),
    personText({ name: "නිමාලි  පෙරේරා ", address: "45 2 පන්සල පාර", postalCode: "10370" }),
  );
});

Deno.test("codeCustomerKeys() gives one person's spellings a shared mark: e-mail, phone, or name with address", async () => {
  const keys = new Set(await codeCustomerKeys(NIMALI));
  const shares = async (other: typeof NIMALI) =>
    (await codeCustomerKeys(other)).some((key) => keys.has(key));
  // The attack of issue 44: Gmail variants, made-up phones, the same name and address.
  assert.ok(await shares({ ...NIMALI, email: "nimaliperera+1@gmail.com", phone: "0711111111" }));
  assert.ok(await shares({ ...NIMALI, email: "n.imali.perera@gmail.com", phone: "0722222222" }));
  assert.ok(
    await shares({
      ...NIMALI,
      email: "other@example.lk",
      phone: "0733333333",
      name: "NIMALI PERERA",
    }),
  );
  assert.ok(
    await shares({ ...NIMALI, email: "x@example.lk", address: "Elsewhere", phone: "+94771234567" }),
  );
  assert.ok(
    !await shares({
      email: "kamal@example.lk",
      phone: "0779999999",
      name: "Kamal Silva",
      address: "12 Galle Road",
      postalCode: "10370",
      userId: null,
    }),
    "another person shares nothing",
  );
  const signedIn = await codeCustomerKeys({ ...NIMALI, userId: 7 });
  assert.ok(signedIn.includes("account:7"));
  assert.ok(signedIn.every((key) => !key.startsWith("address:")), "never the client's address");
});

Deno.test("canonicalEmail() never grows an address and keeps its domain's own spelling otherwise", () => {
  fc.assert(fc.property(fc.emailAddress(), (email) => {
    const canonical = canonicalEmail(email);
    assert.ok(canonical.length <= email.trim().length);
    assert.equal(canonicalEmail(canonical), canonical, "one step is enough");
  }));
});
