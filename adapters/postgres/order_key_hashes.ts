/**
 * The key hashes of orders that have a salt but no hash yet: the orders placed before keys
 * existed, given a salt by migration 0017. The hash needs the shop's secret, which the
 * database never holds, so the shop fills it in at start, in batches, after migrating.
 * Safe with several processes at once: each writes the same hash, only where none is.
 */
import type { OrderKeys } from "../../domain/ports.ts";
import type { SqlClient } from "./sql_client.ts";

const BATCH = 500;

/** Fills every missing key hash; answers how many orders it gave one. */
export async function fillMissingKeyHashes(
  sql: SqlClient,
  keys: Pick<OrderKeys, "keyFor" | "hash">,
): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await sql.query<{ id: string | number; key_salt: string }>(
      `SELECT id, key_salt FROM orders
       WHERE key_hash IS NULL AND key_salt IS NOT NULL AND id > $1
       ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return filled;
    const ids = rows.map((row) => Number(row.id));
    const hashes = await Promise.all(
      rows.map(async (row) => keys.hash(await keys.keyFor(row.key_salt))),
    );
    const updated = await sql.query<{ id: string }>(
      `UPDATE orders SET key_hash = given.hash
       FROM unnest($1::bigint[], $2::text[]) AS given(id, hash)
       WHERE orders.id = given.id AND orders.key_hash IS NULL
       RETURNING orders.id`,
      [ids, hashes],
    );
    filled += updated.length;
    after = ids[ids.length - 1];
  }
}
