/**
 * The contract of the Outbox port, run against the database outbox on PGlite and a
 * PostgreSQL server and against the memory outbox the mail dispatcher's tests drive: due
 * entries oldest first, leases, retirement and retries alike, for mails and for the texts
 * beside them.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresOutbox } from "./postgres/outbox.ts";
import { enqueueMails, enqueueNotice } from "./postgres/outbox_rows.ts";
import { outboxItems, SMS_KINDS, type SmsKind } from "../domain/notifications/sms_kinds.ts";
import type { SqlClient } from "./postgres/sql_client.ts";
import { MemoryOutbox } from "../domain/notifications/testing/outbox_fakes.ts";
import { SAMPLE_SHOP } from "../domain/notifications/testing/samples.ts";
import {
  codeGuessingMail,
  emailVerificationMail,
  passwordResetMail,
  readStoredAccountMail,
  registrationTakenMail,
  staffInvitationMail,
  voucherMail,
  welcomeMail,
} from "../domain/notifications/account_mail.ts";
import type { Outbox } from "../domain/ports.ts";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const LEASE_MS = 60_000;

function later(ms: number): Date {
  return new Date(NOW.getTime() + ms);
}

/** An outbox with a way to fill it and to read the error an entry last failed with. */
interface World {
  outbox: Outbox;
  /** Enqueues `count` checkout mails, due now; answers their orders' ids. */
  enqueue(count: number): Promise<number[]>;
  lastError(id: number): Promise<string | null>;
  /** What an entry still holds of an account mail's facts. */
  payload(id: number): Promise<unknown>;
  /** Queues the shop's notices of slips for `count` orders, due at `dueAt`; their entries' ids. */
  notices(count: number, dueAt: Date): Promise<number[]>;
  /**
   * For one new order, queues the mail of each kind with its text beside it, as an order
   * repository with SMS on writes them; answers the order's id.
   */
  withTexts(kinds: readonly SmsKind[]): Promise<number>;
}

/**
 * Places `count` orders; each enqueues its checkout mail in its own transaction (only that
 * one: the shop's notice of the order would double every count here).
 */
async function placeOrders(
  sql: SqlClient,
  count: number,
  opts: { mails: ("order_placed")[] } = { mails: ["order_placed"] },
): Promise<number[]> {
  const [existing] = await sql.query<{ id: number }>(
    "SELECT id FROM book_categories WHERE name = 'Novels'",
  );
  const novels = existing?.id ?? await insertCategory(sql, "book_categories", "Novels");
  const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock: 100 }));
  assert.equal(created.kind, "ok");
  const book = (created as { value: Parameters<typeof aLine>[0] }).value;
  const orders = new PostgresOrderRepository(sql);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const plan = aPlacement([aLine(book, "book", 1)]);
    const outcome = await orders.place({ ...plan, mails: opts.mails });
    assert.equal(outcome.kind, "placed");
    if (outcome.kind === "placed") ids.push(outcome.order.id);
  }
  return ids;
}

function memoryWorld(): World {
  const outbox = new MemoryOutbox(() => NOW);
  let nextOrder = 100;
  return {
    outbox,
    enqueue: (count) =>
      Promise.resolve(
        Array.from({ length: count }, () => outbox.add("order_placed", nextOrder++, NOW).orderId!),
      ),
    lastError: (id) => Promise.resolve(outbox.rows.find((r) => r.id === id)?.lastError ?? null),
    payload: (id) => Promise.resolve(outbox.rows.find((r) => r.id === id)?.payload ?? null),
    withTexts: (kinds) => {
      const orderId = nextOrder++;
      for (const item of outboxItems(kinds, { sms: true })) {
        if (item.channel === "mail") outbox.add(item.kind, orderId, NOW);
        else outbox.addText(item.kind as SmsKind, orderId, NOW);
      }
      return Promise.resolve(orderId);
    },
    notices: (count, dueAt) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        outbox.addNotice("shop_proof_uploaded", nextOrder++, dueAt);
        ids.push(outbox.rows[outbox.rows.length - 1].id);
      }
      return Promise.resolve(ids);
    },
  };
}

function sqlWorld(sql: SqlClient): World {
  return {
    outbox: new PostgresOutbox(sql),
    enqueue: (count) => placeOrders(sql, count),
    withTexts: async (kinds) => {
      const [orderId] = await placeOrders(sql, 1, { mails: [] });
      await enqueueMails(sql, orderId, kinds, { sms: true });
      return orderId;
    },
    notices: async (count, dueAt) => {
      const ids: number[] = [];
      for (const orderId of await placeOrders(sql, count, { mails: [] })) {
        // A second slip in the window adds no second notice.
        for (let slip = 0; slip < 2; slip++) {
          await enqueueNotice(sql, orderId, {
            kind: "shop_proof_uploaded",
            dueAt: dueAt.toISOString(),
          });
        }
        const rows = await sql.query<{ id: number }>(
          "SELECT id FROM mail_outbox WHERE order_id = $1 AND kind = 'shop_proof_uploaded'",
          [orderId],
        );
        assert.equal(rows.length, 1);
        ids.push(Number(rows[0].id));
      }
      return ids;
    },
    lastError: async (id) => {
      const [row] = await sql.query<{ last_error: string | null }>(
        "SELECT last_error FROM mail_outbox WHERE id = $1",
        [id],
      );
      return row.last_error;
    },
    payload: async (id) => {
      const [row] = await sql.query<{ payload: unknown }>(
        "SELECT payload FROM mail_outbox WHERE id = $1",
        [id],
      );
      return row.payload;
    },
  };
}

/** Registers the test once per adapter: `[memory]`, `[pglite]` and `[postgres]`. */
function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(memoryWorld()));
  testOnBothEngines(name, (sql) => fn(sqlWorld(sql)));
}

contract("claimDue() hands out due entries oldest first, up to the limit", async (world) => {
  const [first, second, third] = await world.enqueue(3);
  const { outbox } = world;
  const claimed = await outbox.claimDue(NOW, 2, LEASE_MS);
  assert.deepEqual(claimed.map((e) => [e.kind, "orderId" in e && e.orderId, e.attempts]), [
    ["order_placed", first, 0],
    ["order_placed", second, 0],
  ]);
  const rest = await outbox.claimDue(NOW, 10, LEASE_MS);
  assert.deepEqual(rest.map((e) => "orderId" in e && e.orderId), [third]);
});

contract(
  "claimDue() does not hand out a leased entry until its lease ends",
  async (world) => {
    await world.enqueue(1);
    const { outbox } = world;
    const [entry] = await outbox.claimDue(NOW, 10, LEASE_MS);
    assert.deepEqual(await outbox.claimDue(later(LEASE_MS - 1), 10, LEASE_MS), []);
    const again = await outbox.claimDue(later(LEASE_MS), 10, LEASE_MS);
    assert.deepEqual(again.map((e) => e.id), [entry.id]);
  },
);

contract("markSent() retires an entry for good", async (world) => {
  await world.enqueue(1);
  const { outbox } = world;
  const [entry] = await outbox.claimDue(NOW, 10, LEASE_MS);
  await outbox.markSent(entry.id, NOW);
  assert.deepEqual(await outbox.claimDue(later(10 * LEASE_MS), 10, LEASE_MS), []);
});

contract(
  "markFailed() counts the attempt and keeps the entry until its next attempt",
  async (world) => {
    await world.enqueue(1);
    const { outbox } = world;
    const [entry] = await outbox.claimDue(NOW, 10, LEASE_MS);
    await outbox.markFailed(entry.id, "SMTP 451 try again", later(5_000));
    assert.deepEqual(await outbox.claimDue(later(4_999), 10, LEASE_MS), []);
    const [retry] = await outbox.claimDue(later(5_000), 10, LEASE_MS);
    assert.deepEqual([retry.id, retry.attempts], [entry.id, 1]);
    assert.equal(await world.lastError(entry.id), "SMTP 451 try again");
  },
);

contract(
  "an account mail waits with its facts, comes back in its turn and forgets them once sent",
  async (world) => {
    const [order] = await world.enqueue(1);
    const { outbox } = world;
    const reset = passwordResetMail("nimali@example.lk", "tok_1", "si", SAMPLE_SHOP);
    const taken = registrationTakenMail("sunil@example.lk", "ta", SAMPLE_SHOP);
    const invitation = staffInvitationMail({
      email: "packer@pothgula.lk",
      token: "tok_2",
      role: "staff",
      days: 7,
      shop: SAMPLE_SHOP,
    });
    await outbox.enqueue(reset);
    await outbox.enqueue(taken);
    await outbox.enqueue(invitation);
    const claimed = await outbox.claimDue(later(1), 10, LEASE_MS);
    assert.deepEqual(claimed.map((e) => e.kind), [
      "order_placed",
      "password_reset",
      "registration_taken",
      "staff_invitation",
    ]);
    const invited = claimed[3];
    assert.ok("payload" in invited);
    assert.deepEqual(readStoredAccountMail(invited.kind, invited.payload), invitation);
    assert.ok("orderId" in claimed[0] && claimed[0].orderId === order);
    const [, first, second] = claimed;
    assert.ok("payload" in first && "payload" in second);
    assert.deepEqual(readStoredAccountMail(first.kind, first.payload), reset);
    assert.deepEqual(readStoredAccountMail(second.kind, second.payload), taken);
    // The owner's notice of codes being guessed waits the same way.
    const guessing = codeGuessingMail({
      to: "owner@pothgula.lk",
      at: NOW.toISOString(),
      limit: 100,
      windowMs: 900_000,
      shop: SAMPLE_SHOP,
    });
    await outbox.enqueue(guessing);
    const [notice] = (await outbox.claimDue(later(2), 10, LEASE_MS)).filter((e) =>
      e.kind === "code_guessing"
    );
    assert.ok(notice && "payload" in notice);
    assert.deepEqual(readStoredAccountMail(notice.kind, notice.payload), guessing);
    // A gift voucher's mail names no order; its code stays in the payload only until sent.
    const gift = voucherMail({
      recipient: { name: "Nimali", email: "nimali@example.lk", language: "si" },
      code: "PGV-7KQ4-M9XA-2TPR-8HNC",
      amountCents: 250_000,
      expiresOn: "2026-12-31",
      message: null,
    }, SAMPLE_SHOP);
    await outbox.enqueue(gift);
    const [voucher] = (await outbox.claimDue(later(3), 10, LEASE_MS)).filter((e) =>
      e.kind === "voucher_issued"
    );
    assert.ok(voucher && "payload" in voucher);
    assert.deepEqual(readStoredAccountMail(voucher.kind, voucher.payload), gift);
    await outbox.markSent(voucher.id, later(4));
    assert.equal(await world.payload(voucher.id), null, "the code is gone once mailed");
    // A new account's confirmation link and its welcome name no order either.
    const confirmation = emailVerificationMail(
      { email: "sunil@example.lk", token: "tok", language: "ta", hours: 24 },
      SAMPLE_SHOP,
    );
    const welcome = welcomeMail(
      { email: "sunil@example.lk", name: "Sunil", language: "ta", joinedOrders: 2 },
      SAMPLE_SHOP,
    );
    await outbox.enqueue(confirmation);
    await outbox.enqueue(welcome);
    const accountMails = (await outbox.claimDue(later(5), 10, LEASE_MS)).filter((e) =>
      e.kind === "email_verification" || e.kind === "welcome"
    );
    assert.deepEqual(
      accountMails.map((e) => "payload" in e ? readStoredAccountMail(e.kind, e.payload) : e),
      [confirmation, welcome],
    );
    await outbox.markFailed(first.id, "SMTP 421", later(5_000));
    assert.ok(await world.payload(first.id), "kept for the next attempt");
    await outbox.markSent(first.id, later(6_000));
    assert.equal(await world.payload(first.id), null);
  },
);

contract(
  "each entry keeps one Message-ID of its own, the same at every claim",
  async (world) => {
    await world.enqueue(2);
    const { outbox } = world;
    const [first, second] = await outbox.claimDue(NOW, 10, LEASE_MS);
    assert.match(first.messageId, /^[\w-]{8,}$/);
    assert.notEqual(first.messageId, second.messageId);
    await outbox.markFailed(first.id, "SMTP 451", later(1));
    const [again] = await outbox.claimDue(later(LEASE_MS), 10, LEASE_MS);
    assert.equal(again.id, first.id);
    assert.equal(again.messageId, first.messageId);
  },
);

contract(
  "an entry marked sending and left without an outcome comes back as a resend once its lease ends",
  async (world) => {
    await world.enqueue(2);
    const { outbox } = world;
    const [sending, failed] = await outbox.claimDue(NOW, 10, LEASE_MS);
    assert.deepEqual([sending.resend, failed.resend], [false, false]);
    await outbox.markSending(sending.id, NOW);
    await outbox.markSending(failed.id, NOW);
    await outbox.markFailed(failed.id, "SMTP 421", later(1));
    // The lease keeps every other claimant away while the attempt may be under way.
    const meanwhile = await outbox.claimDue(later(LEASE_MS - 1), 10, LEASE_MS);
    assert.deepEqual(meanwhile.map((e) => [e.id, e.attempts, e.resend]), [[failed.id, 1, false]]);
    await outbox.markSent(failed.id, later(LEASE_MS - 1));
    const [back] = await outbox.claimDue(later(LEASE_MS), 10, LEASE_MS);
    assert.deepEqual([back.id, back.resend, back.messageId], [sending.id, true, sending.messageId]);
    await outbox.markSent(back.id, later(LEASE_MS));
    assert.deepEqual(await outbox.claimDue(later(10 * LEASE_MS), 10, LEASE_MS), []);
  },
);

contract(
  "claimDigest() hands out every due notice of its kind together, and claimDue() leaves them to it",
  async (world) => {
    const [order] = await world.enqueue(1);
    const { outbox } = world;
    const notices = await world.notices(3, later(60_000));
    // Not due yet, and never the ordinary claim's.
    assert.deepEqual(await outbox.claimDigest(later(59_999), "shop_proof_uploaded", LEASE_MS), []);
    const ordinary = await outbox.claimDue(later(60_000), 10, LEASE_MS);
    assert.deepEqual(ordinary.map((e) => "orderId" in e && e.orderId), [order]);
    const digest = await outbox.claimDigest(later(60_000), "shop_proof_uploaded", LEASE_MS);
    assert.deepEqual(digest.map((e) => e.id).sort((a, b) => a - b), notices);
    assert.ok(digest.every((e) => e.kind === "shop_proof_uploaded"));
    // Leased like any claim.
    assert.deepEqual(await outbox.claimDigest(later(60_001), "shop_proof_uploaded", LEASE_MS), []);
  },
);

contract(
  "a text waits beside its mail and is claimed in its turn, named as a text of its order",
  async (world) => {
    const [first] = await world.enqueue(1);
    const order = await world.withTexts(["order_placed"]);
    const { outbox } = world;
    const claimed = await outbox.claimDue(NOW, 10, LEASE_MS);
    assert.deepEqual(
      claimed.map((e) => [e.channel, e.kind, "orderId" in e ? e.orderId : null, e.attempts]),
      [
        ["mail", "order_placed", first, 0],
        ["mail", "order_placed", order, 0],
        ["sms", "order_placed", order, 0],
      ],
    );
    // A text keeps its own id, never its mail's.
    assert.equal(new Set(claimed.map((e) => e.id)).size, 3);
  },
);

contract(
  "every SMS kind can wait as a text, and is leased, retried and retired like a mail",
  async (world) => {
    await world.withTexts(SMS_KINDS);
    const { outbox } = world;
    const claimed = await outbox.claimDue(NOW, 20, LEASE_MS);
    const texts = claimed.filter((e) => e.channel === "sms");
    assert.deepEqual(texts.map((e) => e.kind), [...SMS_KINDS]);
    assert.equal(claimed.filter((e) => e.channel === "mail").length, SMS_KINDS.length);
    // Leased: nobody else gets them meanwhile.
    assert.deepEqual(await outbox.claimDue(later(1), 20, LEASE_MS), []);
    const [failed, sent, ...rest] = texts;
    await outbox.markSending(failed.id, NOW);
    await outbox.markFailed(failed.id, "Notify.lk: 503", later(5_000));
    await outbox.markSent(sent.id, NOW);
    for (const e of [...rest, ...claimed.filter((e) => e.channel === "mail")]) {
      await outbox.markSent(e.id, NOW);
    }
    assert.deepEqual(await outbox.claimDue(later(4_999), 20, LEASE_MS), []);
    const again = await outbox.claimDue(later(5_000), 20, LEASE_MS);
    assert.deepEqual(again.map((e) => [e.id, e.channel, e.attempts, e.resend]), [
      [failed.id, "sms", 1, false],
    ]);
    assert.equal(await world.lastError(failed.id), "Notify.lk: 503");
    // A text is never part of the shop's digest.
    assert.deepEqual(await outbox.claimDigest(later(LEASE_MS * 10), "shop_proof_uploaded", 1), []);
  },
);
