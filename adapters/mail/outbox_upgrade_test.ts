/**
 * A mail queued before the outbox learnt to hold account mails (migration 0016) still goes
 * out after the upgrade, written from its order in the order's language.
 */
import assert from "node:assert/strict";
import { migrate, readMigrations } from "../postgres/migrator.ts";
import { createRepositories } from "../postgres/mod.ts";
import { testUpgradeOnBothEngines } from "../postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "../postgres/testing/builders.ts";
import { dispatchDueMail } from "../../domain/orders/dispatch_outbox.ts";
import { RecordingMailer } from "../../domain/notifications/testing/outbox_fakes.ts";
import { SAMPLE_BANK, SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";
import { MessageFormatMailRenderer } from "./render/mod.ts";

const ALL = await readMigrations();
// 0016, and the later migrations that build on the subject check it added (the mail kinds
// of staff invitations and back-in-stock requests), applied last in their order.
const UPGRADE = ALL.filter((m) =>
  m.name.startsWith("0016_") ||
  (m.name > "0016_" && m.sql.includes("mail_outbox_subject_check"))
);
// Every other migration is applied first, so that today's code can write the book and the
// order, while the outbox keeps the shape it had before 0016.
const OTHERS = ALL.filter((m) => !UPGRADE.includes(m));

testUpgradeOnBothEngines(
  `an order mail queued before migration 0016 is sent after it, in the order's language`,
  async (sql) => {
    await migrate(sql, { migrations: OTHERS });
    const repos = createRepositories(sql);
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const created = await repos.catalogueAdmin.createBook(aBook(novels, { stock: 5 }));
    assert.equal(created.kind, "ok");
    const book = (created as { value: Parameters<typeof aLine>[0] }).value;
    const plan = aPlacement([aLine(book, "book", 1)], { locale: "si" });
    const placed = await repos.orders.place({ ...plan, mails: ["order_placed"] });
    assert.equal(placed.kind, "placed");

    assert.deepEqual((await migrate(sql)).applied, UPGRADE.map((m) => m.name));
    const mailer = new RecordingMailer();
    const result = await dispatchDueMail({
      outbox: repos.outbox,
      orders: repos.orders,
      renderer: new MessageFormatMailRenderer(SAMPLE_SHOP),
      mailer,
      clock: { now: () => new Date() },
      random: () => 0.5,
      shop: SAMPLE_SHOP,
      bank: SAMPLE_BANK,
    });
    assert.deepEqual(result, { sent: 1, failed: 0 });
    const id = placed.kind === "placed" ? placed.order.id : 0;
    assert.equal(mailer.sent[0].subject, `Pothgula: ඇණවුම #${id} අපට ලැබුණි`);
  },
);
