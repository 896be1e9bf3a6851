/**
 * The contract of the EmailVerificationStore port, against the memory store and the
 * database's on PGlite and a PostgreSQL server: confirming an address spends its link once,
 * within its time, and joins the guest orders under that address (trimmed, any case) to
 * the account, never another account's orders and never before.
 */
import assert from "node:assert/strict";
import { aLine, anOrder } from "./postgres/testing/builders.ts";
import { contract, placed, type World } from "./postgres/testing/order_world.ts";
import { planPlacement } from "../domain/orders/plans.ts";
import { PostgresAccountRepository } from "./postgres/accounts.ts";
import { PostgresEmailVerifications } from "./postgres/email_verifications.ts";
import { MemoryAccounts } from "../domain/accounts/testing/memory_accounts.ts";
import { MemoryEmailVerifications } from "../domain/accounts/testing/memory_email_verifications.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import type { AccountRepository, CustomerOrders, EmailVerificationStore } from "../domain/ports.ts";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const DAY = 24 * 60 * 60_000;

interface Setting {
  world: World;
  accounts: AccountRepository;
  links: EmailVerificationStore;
  /** The account of sunil@example.lk. */
  sunil: number;
  /** Another account, of nimali@example.lk. */
  nimali: number;
}

function verificationContract(name: string, fn: (t: Setting) => Promise<void>): void {
  contract(name, async (make) => {
    const world = await make({ book: 50, pen: 50 });
    let accounts: AccountRepository;
    let links: EmailVerificationStore;
    if (world.sql) {
      accounts = new PostgresAccountRepository(world.sql);
      links = new PostgresEmailVerifications(world.sql);
    } else {
      const memory = new MemoryAccounts();
      accounts = memory;
      links = new MemoryEmailVerifications(memory, world.orders as MemoryOrderRepository);
    }
    const ids: number[] = [];
    for (const email of ["sunil@example.lk", "nimali@example.lk"]) {
      const made = await accounts.createCustomer({ username: email, email, passwordHash: "x" });
      if (made.kind !== "created") throw new Error("The test customers could not be made");
      ids.push(made.account.id);
    }
    await fn({ world, accounts, links, sunil: ids[0], nimali: ids[1] });
  });
}

/** A guest order placed under `email` (as typed at checkout); its id. */
async function guestOrder(world: World, email: string, userId: number | null = null) {
  const request = anOrder([aLine(world.book, "book", 1)], {
    customer: { ...anOrder([]).customer, email },
    userId,
  });
  return placed(await world.orders.place(planPlacement(request))).id;
}

const link = (
  tokenHash: string,
  accountId: number,
  email: string,
  expiresAt = NOW.getTime() + DAY,
) => ({
  tokenHash,
  accountId,
  email,
  language: "si" as const,
  expiresAt: new Date(expiresAt),
});

verificationContract(
  "confirm() joins the address's guest orders, whatever their case and spaces, once",
  async (t) => {
    const first = await guestOrder(t.world, "Sunil@Example.LK");
    const second = await guestOrder(t.world, " sunil@example.lk ");
    const someoneElse = await guestOrder(t.world, "nimali@example.lk");
    const alreadyNimalis = await guestOrder(t.world, "sunil@example.lk", t.nimali);
    assert.deepEqual(
      await (t.world.orders as unknown as CustomerOrders).listByUser(t.sunil),
      [],
      "nothing before confirming",
    );
    assert.equal(await t.links.verifiedAt(t.sunil), undefined);

    await t.links.create(link("h1", t.sunil, "sunil@example.lk"), NOW);
    const confirmed = await t.links.confirm("h1", NOW);
    assert.deepEqual(confirmed, {
      accountId: t.sunil,
      email: "sunil@example.lk",
      language: "si",
      joinedOrderIds: [first, second],
      firstTime: true,
    });
    assert.deepEqual(
      (await (t.world.orders as unknown as CustomerOrders).listByUser(t.sunil)).map((o) => o.id)
        .sort((a, b) => a - b),
      [first, second],
    );
    assert.equal((await t.world.orders.findById(someoneElse))?.userId, null);
    assert.equal((await t.world.orders.findById(alreadyNimalis))?.userId, t.nimali);
    assert.deepEqual(await t.links.verifiedAt(t.sunil), NOW);
    assert.equal(await t.links.verifiedAt(t.nimali), undefined);
    assert.equal(await t.links.confirm("h1", NOW), undefined, "a used link confirms nothing");
  },
);

verificationContract(
  "confirm() refuses an unknown or expired link, changing nothing",
  async (t) => {
    const order = await guestOrder(t.world, "sunil@example.lk");
    await t.links.create(link("old", t.sunil, "sunil@example.lk", NOW.getTime() + 1000), NOW);
    assert.equal(await t.links.confirm("forged", NOW), undefined);
    assert.equal(await t.links.confirm("old", new Date(NOW.getTime() + 1000)), undefined);
    assert.equal((await t.world.orders.findById(order))?.userId, null);
    assert.equal(await t.links.verifiedAt(t.sunil), undefined);
  },
);

verificationContract(
  "confirm() refuses a link for an address the account does not have",
  async (t) => {
    const order = await guestOrder(t.world, "someone@example.lk");
    await t.links.create(link("h1", t.sunil, "someone@example.lk"), NOW);
    assert.equal(await t.links.confirm("h1", NOW), undefined);
    assert.equal((await t.world.orders.findById(order))?.userId, null);
    assert.equal(await t.links.verifiedAt(t.sunil), undefined);
  },
);

verificationContract("confirming ends the account's other links", async (t) => {
  await t.links.create(link("h1", t.sunil, "sunil@example.lk"), NOW);
  await t.links.create(link("h2", t.sunil, "sunil@example.lk"), NOW);
  await t.links.create(link("n1", t.nimali, "nimali@example.lk"), NOW);
  assert.ok(await t.links.confirm("h2", NOW));
  assert.equal(await t.links.confirm("h1", NOW), undefined);
  assert.equal((await t.links.confirm("n1", NOW))?.accountId, t.nimali, "another's stays");
});

verificationContract(
  "a later confirmation of a confirmed address is not the first and joins newer guest orders",
  async (t) => {
    await t.links.create(link("h1", t.sunil, "sunil@example.lk"), NOW);
    assert.equal((await t.links.confirm("h1", NOW))?.firstTime, true);
    const later = await guestOrder(t.world, "SUNIL@example.lk");
    await t.links.create(link("h2", t.sunil, "sunil@example.lk"), NOW);
    const again = await t.links.confirm("h2", new Date(NOW.getTime() + 1000));
    assert.deepEqual([again?.firstTime, again?.joinedOrderIds], [false, [later]]);
    assert.deepEqual(await t.links.verifiedAt(t.sunil), NOW, "first confirmed then");
  },
);
