import assert from "node:assert/strict";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import { PostgresAccountRepository } from "../adapters/postgres/accounts.ts";
import { cheapHasher } from "../http/auth/testing/fakes.ts";
import { ensureAdmin } from "../domain/accounts/ensure_admin.ts";
import { type AdminTaskDeps, runAdminTask } from "./admin_task.ts";
import { holdLock } from "../adapters/embedded/process_lock.ts";

function task(accounts: PostgresAccountRepository, stdin = "") {
  const lines: string[] = [];
  const deps: AdminTaskDeps = {
    accounts,
    hasher: cheapHasher(),
    readPassword: () => Promise.resolve(stdin),
    out: (line) => lines.push(line),
    randomPassword: () => "Generated-Password-20",
  };
  return { lines, run: (...args: string[]) => runAdminTask(deps, args) };
}

async function passwordWorks(accounts: PostgresAccountRepository, email: string, password: string) {
  const admin = await accounts.findAdminByEmail(email);
  return admin !== undefined && await cheapHasher().verify(password, admin.passwordHash);
}

testOnBothEngines("deno task admin adds, lists, resets and removes admins", async (sql) => {
  const accounts = new PostgresAccountRepository(sql);
  await accounts.upsertAdmin("owner@pothgula.lk", await cheapHasher().hash("owner password"));

  const add = task(accounts, "piped password\n");
  assert.equal(await add.run("add", "Clerk@Pothgula.lk", "--password-stdin"), 0);
  assert.deepEqual(add.lines, ["Added the owner clerk@pothgula.lk"]);
  assert.ok(await passwordWorks(accounts, "clerk@pothgula.lk", "piped password"));

  const again = task(accounts);
  assert.equal(await again.run("add", "clerk@pothgula.lk"), 1);
  assert.match(again.lines[0], /already an admin: use reset-password/);

  // Staff come from the admin area's invitations: the list names each admin's role and
  // whether they have set a password yet.
  await accounts.inviteAdmin("packer@pothgula.lk", "staff");
  const list = task(accounts);
  assert.equal(await list.run("list"), 0);
  assert.match(list.lines[0], /^EMAIL\s+ROLE\s+STATE\s+MANAGED BY\s+ADDED$/);
  assert.match(
    list.lines[1],
    /^owner@pothgula\.lk\s+owner\s+active\s+ADMIN_EMAIL\s+\d{4}-\d\d-\d\dT/,
  );
  assert.match(list.lines[2], /^clerk@pothgula\.lk\s+owner\s+active\s+deno task admin\s+/);
  assert.match(list.lines[3], /^packer@pothgula\.lk\s+staff\s+invited\s+admin area\s+/);
  assert.equal(list.lines.length, 4);
  const staffGone = task(accounts);
  assert.equal(await staffGone.run("remove", "packer@pothgula.lk"), 0);

  const reset = task(accounts);
  assert.equal(await reset.run("reset-password", "clerk@pothgula.lk"), 0);
  assert.equal(reset.lines[1], "Password (shown only this once): Generated-Password-20");
  assert.ok(await passwordWorks(accounts, "clerk@pothgula.lk", "Generated-Password-20"));
  assert.ok(!await passwordWorks(accounts, "clerk@pothgula.lk", "piped password"));

  const remove = task(accounts);
  assert.equal(await remove.run("remove", "owner@pothgula.lk"), 0);
  assert.equal(await accounts.findAdminByEmail("owner@pothgula.lk"), undefined);
  const last = task(accounts);
  assert.equal(await last.run("remove", "clerk@pothgula.lk"), 1);
  assert.match(last.lines[0], /last owner and stays: add another owner first/);
  assert.equal(await accounts.countAdmins(), 1);
});

testOnBothEngines("deno task admin refuses bad input with a reason", async (sql) => {
  const accounts = new PostgresAccountRepository(sql);
  const cases: [string[], number, RegExp][] = [
    [[], 2, /^Usage: deno task admin/],
    [["drop", "a@b.lk"], 2, /^Usage/],
    [["add", "not-an-email"], 2, /"not-an-email" is not an e-mail address/],
    // Refused at login too: an admin added with it could never log in.
    [["add", "a..b@pothgula.lk"], 2, /"a\.\.b@pothgula\.lk" is not an e-mail address/],
    [["add", "a@b.lk", "--force"], 2, /^Usage/],
    [["reset-password", "nobody@b.lk"], 1, /No admin has the e-mail nobody@b\.lk/],
    [["remove", "nobody@b.lk"], 1, /No admin has the e-mail nobody@b\.lk/],
  ];
  for (const [args, code, message] of cases) {
    const t = task(accounts);
    assert.equal(await t.run(...args), code, args.join(" "));
    assert.match(t.lines[0], message, args.join(" "));
  }
  const short = task(accounts, "short\n");
  assert.equal(await short.run("add", "a@b.lk", "--password-stdin"), 1);
  assert.match(short.lines[0], /at least 8 characters/);
  assert.equal(await accounts.countAdmins(), 0);
});

testOnBothEngines(
  "a changed ADMIN_EMAIL removes the admin it named before; task-added admins stay",
  async (sql) => {
    const accounts = new PostgresAccountRepository(sql);
    const logged: string[] = [];
    const deps = {
      accounts,
      hasher: cheapHasher(),
      log: (l: string) => logged.push(l),
      randomPassword: () => "never drawn: both variables are set",
    };
    await ensureAdmin(deps, { email: "old@pothgula.lk", password: "old password" });
    await task(accounts, "clerk password").run("add", "clerk@pothgula.lk", "--password-stdin");
    await ensureAdmin(deps, { email: "new@pothgula.lk", password: "new password" });

    assert.ok(!await passwordWorks(accounts, "old@pothgula.lk", "old password"));
    assert.equal(await accounts.findAdminByEmail("old@pothgula.lk"), undefined);
    assert.ok(await passwordWorks(accounts, "new@pothgula.lk", "new password"));
    assert.ok(await passwordWorks(accounts, "clerk@pothgula.lk", "clerk password"));
    assert.deepEqual(logged, [
      "Removed the admin old@pothgula.lk: ADMIN_EMAIL now names new@pothgula.lk",
    ]);
  },
);

testOnBothEngines(
  "a password changed in the admin area survives a restart; ADMIN_PASSWORD_RESET=1 sets it again",
  async (sql) => {
    const accounts = new PostgresAccountRepository(sql);
    const logged: string[] = [];
    const deps = {
      accounts,
      hasher: cheapHasher(),
      log: (l: string) => logged.push(l),
      randomPassword: () => "never drawn: both variables are set",
    };
    const env = { email: "owner@pothgula.lk", password: "environment password" };
    await ensureAdmin(deps, env);
    assert.ok(await passwordWorks(accounts, "owner@pothgula.lk", "environment password"));
    // POST /api/auth/password sets it so (http/auth/session_routes.ts).
    await accounts.setAdminPassword("owner@pothgula.lk", await cheapHasher().hash("changed"));
    await ensureAdmin(deps, env); // the next start, of this instance or another
    assert.ok(await passwordWorks(accounts, "owner@pothgula.lk", "changed"));
    assert.ok(!await passwordWorks(accounts, "owner@pothgula.lk", "environment password"));
    // `deno task admin reset-password` stays in force as well.
    await task(accounts).run("reset-password", "owner@pothgula.lk");
    await ensureAdmin(deps, env);
    assert.ok(await passwordWorks(accounts, "owner@pothgula.lk", "Generated-Password-20"));
    assert.deepEqual(logged, []);

    await ensureAdmin(deps, { ...env, reset: true });
    assert.ok(await passwordWorks(accounts, "owner@pothgula.lk", "environment password"));
    assert.equal(logged.length, 1);
  },
);

Deno.test({
  name: "deno task admin works on the embedded database and refuses while the shop holds it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "pothgula-admin-task-" });
    const run = async (args: string[], stdin = "") => {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "scripts/admin.ts", ...args],
        cwd: new URL("..", import.meta.url).pathname,
        env: { DATA_DIR: dataDir, NO_COLOR: "1" },
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(stdin));
      await writer.close();
      const out = await child.output();
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      return { code: out.code, text };
    };
    try {
      const added = await run(
        ["add", "clerk@pothgula.lk", "--password-stdin"],
        "a long password\n",
      );
      assert.equal(added.code, 0, added.text);
      assert.match(added.text, /Added the owner clerk@pothgula\.lk/);
      const listed = await run(["list"]);
      assert.match(listed.text, /clerk@pothgula\.lk\s+owner\s+active\s+deno task admin/);

      // A live process holds the directory's lock as a running shop would.
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "adapters/embedded/testing/hold_lock.ts", dataDir],
        cwd: new URL("..", import.meta.url).pathname,
        stdout: "piped",
      }).spawn();
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      for (let seen = ""; !seen.includes("held");) seen += (await reader.read()).value ?? "";
      try {
        const refused = await run(["list"]);
        assert.equal(refused.code, 1);
        assert.match(
          refused.text,
          new RegExp(`The shop \\(process ${child.pid}\\) has the embedded`),
        );
        // A second holder (a shop starting meanwhile) is refused as well.
        await assert.rejects(holdLock(dataDir), new RegExp(`open in process ${child.pid}`));
      } finally {
        child.kill();
        await child.status;
      }
      await reader.cancel();
      // The file of a process that has ended blocks nothing, nor does a live process the
      // file names without holding the lock (an id reused after a reboot).
      assert.equal((await run(["list"])).code, 0, "a stale mark does not block");
      const stranger = new Deno.Command("sleep", { args: ["30"] }).spawn();
      await Deno.writeTextFile(`${dataDir}/shop.pid`, `${stranger.pid}\n`);
      const reused = await run(["list"]);
      stranger.kill();
      await stranger.status;
      assert.equal(reused.code, 0, reused.text);
      const release = await holdLock(dataDir);
      await release();
      assert.equal((await run(["list"])).code, 0, "a released mark does not block");
    } finally {
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
