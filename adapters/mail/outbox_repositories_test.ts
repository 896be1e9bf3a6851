import assert from "node:assert/strict";
import { createRepositories } from "../postgres/mod.ts";
import type { SqlClient } from "../postgres/sql_client.ts";
import { testOnBothEngines } from "../postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "../postgres/testing/builders.ts";
import { startOutboxDispatcher } from "./outbox_dispatcher.ts";
import { eventually, roundCounter } from "../../tests/support/eventually.ts";
import { NodemailerMailer } from "./nodemailer_mailer.ts";
import { startSmtpPeer } from "./testing/smtp_peer.ts";
import { SAMPLE_BANK, SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";
import { passwordResetMail } from "../../domain/notifications/account_mail.ts";
import { MessageFormatMailRenderer } from "./render/mod.ts";

async function placeOrders(sql: SqlClient, count: number): Promise<number[]> {
  const repos = createRepositories(sql);
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const created = await repos.catalogueAdmin.createBook(aBook(novels, { stock: 50 }));
  if (created.kind !== "ok") throw new Error(`Could not create the book: ${created.kind}`);
  const book = created.value;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const plan = aPlacement([aLine(book, "book", 1)], {
      customer: {
        name: `Shopper ${i}`,
        address: "12 Galle Road",
        email: `shopper${i}@example.lk`,
        phone: "0771234567",
        postalCode: "10732",
      },
    });
    // The checkout mail alone: the shop's notice of each order would double the counts.
    const outcome = await repos.orders.place({ ...plan, mails: ["order_placed"] });
    if (outcome.kind !== "placed") throw new Error(`Could not place the order: ${outcome.kind}`);
    ids.push(outcome.order.id);
  }
  return ids;
}

testOnBothEngines(
  "outbox rows of placed orders and a reset link reach their people once, across an SMTP outage and a restart",
  async (sql) => {
    const repos = createRepositories(sql);
    const orderIds = await placeOrders(sql, 3);
    await repos.outbox.enqueue(
      passwordResetMail("reader@example.lk", "tok_outage", "ta", SAMPLE_SHOP),
    );
    const peer = await startSmtpPeer();
    await peer.stop();
    const mailer = new NodemailerMailer({
      smtpUrl: peer.url,
      from: "orders@p.lk",
      timeoutMs: 1_000,
    });
    const deps = {
      outbox: repos.outbox,
      orders: repos.orders,
      renderer: new MessageFormatMailRenderer(SAMPLE_SHOP),
      mailer,
      clock: { now: () => new Date() },
      random: Math.random,
      shop: SAMPLE_SHOP,
      bank: SAMPLE_BANK,
    };
    const dispatch = { baseDelayMs: 100, maxDelayMs: 200 };
    const unsent = async () =>
      (await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL",
      ))[0].n;
    const failedEverywhere = async () =>
      (await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE attempts >= 1 AND last_error IS NOT NULL",
      ))[0].n === orderIds.length + 1;
    try {
      // The server is down: every mail fails and is kept with its error.
      const first = startOutboxDispatcher(deps, { intervalMs: 20, dispatch });
      await eventually(failedEverywhere, { what: "every mail failed once" });
      await first.stop();
      assert.equal(await unsent(), orderIds.length + 1);

      // The shop restarts (a new dispatcher on the same database) and the server is back.
      await peer.start();
      const rounds = roundCounter();
      const second = startOutboxDispatcher(deps, {
        intervalMs: 20,
        dispatch,
        onRound: rounds.onRound,
      });
      await eventually(async () => (await unsent()) === 0, { what: "every mail sent" });
      // Three more rounds: a mail kept for another attempt, or sent twice, would show.
      await rounds.passed(3);
      await second.stop();
    } finally {
      mailer.close();
      await peer.stop();
    }
    assert.deepEqual(
      peer.messages.map((m) => m.subject).sort(),
      [
        ...orderIds.map((id) => `Pothgula: order #${id} received`),
        "Pothgula: புதிய கடவுச்சொல்லை அமையுங்கள்",
      ].sort(),
    );
    assert.deepEqual(
      peer.messages.map((m) => m.envelopeTo[0]).sort(),
      ["reader@example.lk", "shopper0@example.lk", "shopper1@example.lk", "shopper2@example.lk"],
    );
    const reset = peer.messages.find((m) => m.envelopeTo[0] === "reader@example.lk");
    assert.match(reset?.text ?? "", /\/ta\/reset-password\?token=tok_outage/);
  },
);
