/**
 * What checking a token's session costs each request: `TokenService.verify()` (HS256
 * signature, claims, then the session's primary-key read) against the same check with
 * the sessions in memory, which is the signature alone. Run on the embedded engine and
 * a PostgreSQL server on loopback:
 *
 *   deno run -A bench/session_check.ts [iterations]
 *
 * Prints the mean and the 50th/99th percentile per verification; docs/benchmarks.md
 * keeps the figures.
 */
import { TokenService } from "../http/auth/tokens.ts";
import { MemorySessions } from "../domain/accounts/testing/memory_sessions.ts";
import { PostgresSessionStore } from "../adapters/postgres/sessions.ts";
import { type Engine, freshDatabase } from "../adapters/postgres/testing/databases.ts";
import type { SessionStore } from "../domain/ports.ts";

const iterations = Number(Deno.args[0] ?? 5_000);
const clock = { now: () => new Date() };
const secret = new Uint8Array(32).fill(3);

async function measure(label: string, sessions: SessionStore): Promise<void> {
  const tokens = new TokenService({ secret, clock, sessions });
  // Many live sessions, as in a busy shop: the check reads one row by its key.
  for (let i = 0; i < 200; i++) {
    await tokens.issue({ id: i + 1, email: "a@b.lk", role: "customer" });
  }
  const { token } = await tokens.issue({ id: 9_999, email: "a@b.lk", role: "admin" });
  for (let i = 0; i < 200; i++) await tokens.verify(token); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const result = await tokens.verify(token);
    times.push(performance.now() - start);
    if (result.kind !== "valid") throw new Error("The token did not verify");
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(
    `${label.padEnd(28)} mean ${(mean * 1000).toFixed(0)} µs, p50 ${
      (at(0.5) * 1000).toFixed(0)
    } µs, p99 ${(at(0.99) * 1000).toFixed(0)} µs (${iterations} verifications)`,
  );
}

await measure("signature only (memory)", new MemorySessions());
for (const engine of ["pglite", "postgres"] as Engine[]) {
  const db = await freshDatabase(engine);
  try {
    await measure(`with the session (${engine})`, new PostgresSessionStore(db.sql));
  } finally {
    await db.close();
  }
}
Deno.exit(0);
