/**
 * `deno task admin <command>`: lists, adds, removes admins and resets their passwords in
 * the database the shop's environment names (DATABASE_URL, or the embedded one under
 * DATA_DIR, which the shop must not have open). See scripts/admin_task.ts.
 */
import { loadConfig } from "../config.ts";
import { createRepositories, migrate, openDatabase } from "../adapters/postgres/mod.ts";
import { ScryptPasswordHasher } from "../adapters/security/scrypt_hasher.ts";
import { holdLock, LockHeldError } from "../adapters/embedded/process_lock.ts";
import { runAdminTask, USAGE } from "./admin_task.ts";

async function readStdin(): Promise<string> {
  return await new Response(Deno.stdin.readable).text();
}

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args.includes("--help")) {
    console.log(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  // Only the database settings matter here; ADMIN_* and the rest are the shop's.
  const env = Deno.env.toObject();
  const result = loadConfig({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
  if (!result.ok) {
    for (const problem of result.problems) console.error(`Configuration: ${problem}`);
    return 1;
  }
  const { databaseUrl, dataDir } = result.config;
  // Held while the task runs, so that a shop starting meanwhile refuses the same files.
  let release = async () => {};
  if (!databaseUrl) {
    try {
      release = await holdLock(dataDir);
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw error;
      const holder = error.holder === undefined ? "" : ` (process ${error.holder})`;
      console.error(
        `The shop${holder} has the embedded database in ${dataDir} open: ` +
          "stop it first, then run this again",
      );
      return 1;
    }
  }
  const sql = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(sql);
    return await runAdminTask({
      accounts: createRepositories(sql).accounts,
      hasher: new ScryptPasswordHasher(),
      readPassword: readStdin,
      out: (line) => console.log(line),
    }, args);
  } finally {
    await sql.close();
    await release();
  }
}

Deno.exit(await main(Deno.args));
