/**
 * The audit trail's SQL (migration 0034) on PGlite and a server: an entry and its change
 * commit or roll back together; entries cannot be changed or deleted; each table's trigger
 * keeps what domain/audit/audit.ts declares for it, and diffs as the domain's auditedChange()
 * does (the memory trail's rule).
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { attributedClient } from "./attributed_client.ts";
import { PostgresAuditTrail } from "./audit_trail.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { ActorScope } from "../audit/actor_scope.ts";
import { aBook } from "./testing/builders.ts";
import {
  AUDIT_SUBJECTS,
  type AuditActor,
  auditedChange,
  type AuditSubjectType,
} from "../../domain/audit/audit.ts";
import type { SqlClient } from "./sql_client.ts";

const OWNER: AuditActor = { kind: "admin", id: 3, email: "owner@pothgula.lk", role: null };

async function world(plain: SqlClient) {
  const scope = new ActorScope();
  const sql = attributedClient(plain, scope);
  const admin = new PostgresCatalogueAdmin(sql);
  const category = await admin.createCategory("Novels");
  assert.equal(category.kind, "ok");
  const book = await admin.createBook(aBook((category as { value: { id: number } }).value.id));
  assert.equal(book.kind, "ok");
  return {
    scope,
    sql,
    trail: new PostgresAuditTrail(sql, scope),
    bookId: (book as { value: { id: number } }).value.id,
  };
}

class Fault extends Error {}

testOnBothEngines(
  "an entry and its change commit together, and roll back together",
  async (plain) => {
    const { scope, sql, trail, bookId } = await world(plain);
    const count = async () => (await trail.entries({ page: 1, pageSize: 1 })).total;
    const before = await count();
    await assert.rejects(
      scope.run(OWNER, () =>
        sql.transaction(async (tx) => {
          await tx.query("UPDATE books SET price_cents = 99 WHERE id = $1", [bookId]);
          // The entry is there inside the transaction...
          const [inside] = await tx.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM audit_entries",
          );
          assert.equal(inside.n, before + 1);
          throw new Fault("a fault after the write");
        })),
      Fault,
    );
    // ...and gone with the change when it rolls back.
    assert.equal(await count(), before);
    const [price] = await plain.query<{ price_cents: number }>(
      "SELECT price_cents FROM books WHERE id = $1",
      [bookId],
    );
    assert.equal(price.price_cents, 125_050);
    await scope.run(
      OWNER,
      () => sql.query("UPDATE books SET price_cents = 99 WHERE id = $1", [bookId]),
    );
    const [entry] = (await trail.entries({ page: 1, pageSize: 1 })).entries;
    assert.deepEqual([entry.actor, entry.after], [OWNER, { price_cents: 99 }]);
  },
);

testOnBothEngines("an entry cannot be changed or deleted", async (plain) => {
  const { trail } = await world(plain);
  const [entry] = (await trail.entries({ page: 1, pageSize: 1 })).entries;
  await assert.rejects(
    plain.query("UPDATE audit_entries SET actor_email = 'someone@else.lk' WHERE id = $1", [
      entry.id,
    ]),
    /audit entries are kept as written/,
  );
  await assert.rejects(
    plain.query("DELETE FROM audit_entries WHERE id = $1", [entry.id]),
    /audit entries are kept as written/,
  );
  const [again] = (await trail.entries({ page: 1, pageSize: 1 })).entries;
  assert.deepEqual(again, entry);
});

testOnBothEngines(
  "each table's trigger keeps what the domain declares, and diffs as the domain does",
  async (sql) => {
    // tgargs holds each argument followed by a NUL byte (written \000 by encode).
    const triggers = (
      await sql.query<{ raw: string }>(
        "SELECT encode(tgargs, 'escape') AS raw FROM pg_trigger WHERE tgname LIKE '%\\_audited'",
      )
    ).map((r) => r.raw.split("\\000").filter((part) => part !== ""));
    assert.equal(triggers.length, Object.keys(AUDIT_SUBJECTS).length);
    const declared = Object.fromEntries(
      triggers.map(([subject, policy]) => [subject, JSON.parse(policy)]),
    );
    assert.deepEqual(declared, JSON.parse(JSON.stringify(AUDIT_SUBJECTS)));

    const cases: [
      AuditSubjectType,
      Record<string, unknown> | null,
      Record<string, unknown> | null,
      boolean,
    ][] = [
      ["book", { price_cents: 100, stock: 2, title: "A" }, {
        price_cents: 120,
        stock: 3,
        title: "A",
      }, false],
      ["book", { price_cents: 100, stock: 2 }, { price_cents: 100, stock: 3 }, true],
      ["book", null, { title: "B", stock: 0, description: null, search_title: "b", id: 4 }, false],
      ["stationery", { title: "Pen", images: ["a"] }, null, false],
      ["order", { status: "pending", name: "Nimal", payment_status: "unpaid" }, {
        status: "rejected",
        name: "Kamal",
        payment_status: "unpaid",
      }, false],
      [
        "admin",
        { email: "a@b.lk", password_hash: "x" },
        { email: "a@b.lk", password_hash: "y" },
        false,
      ],
      ["code", { uses: 1, paused: false }, { uses: 2, paused: false }, false],
      ["campaign", { scope: { kind: "store", store: "book" } }, { scope: { kind: "shop" } }, false],
    ];
    for (const [subject, before, after, byOrder] of cases) {
      const [row] = await sql.query<{ change: unknown }>(
        "SELECT audit_change($1::text::jsonb, $2::text::jsonb, $3::text::jsonb, $4) AS change",
        [
          JSON.stringify(AUDIT_SUBJECTS[subject]),
          before && JSON.stringify(before),
          after && JSON.stringify(after),
          byOrder,
        ],
      );
      const expected = auditedChange(subject, before ?? undefined, after ?? undefined, { byOrder });
      assert.deepEqual(
        row.change ?? undefined,
        expected && JSON.parse(JSON.stringify(expected)),
        `${subject} ${JSON.stringify([before, after])}`,
      );
    }
  },
);
