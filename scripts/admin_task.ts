/**
 * `deno task admin`: the shop's administrators from the command line.
 *
 *   deno task admin list
 *   deno task admin add EMAIL [--password-stdin]
 *   deno task admin reset-password EMAIL [--password-stdin]
 *   deno task admin remove EMAIL
 *
 * A new password is read from standard input with --password-stdin, otherwise drawn at
 * random and shown once. The admins added here are owners (staff are invited by an owner
 * from the admin area, /admin/staff); the list shows each admin's role and whether they
 * have set a password yet. Admins added here stay when ADMIN_EMAIL changes; the one
 * ADMIN_EMAIL names is set again at every start. Tokens already issued stay valid until
 * they expire (2 hours).
 */
import type { AccountRepository, AdminSource, PasswordHasher } from "../domain/ports.ts";
import { ROLE_POLICIES } from "../domain/accounts/admin_roles.ts";
import { generatePassword } from "../adapters/security/passwords.ts";
import { emailField } from "../contract/account_requests.ts";

export interface AdminTaskDeps {
  accounts: AccountRepository;
  hasher: PasswordHasher;
  /** The password piped in, for --password-stdin. */
  readPassword: () => Promise<string>;
  out: (line: string) => void;
  randomPassword?: () => string;
}

export const USAGE = [
  "Usage: deno task admin <command>",
  "  list                                   every admin with their role, oldest first",
  "  add EMAIL [--password-stdin]           a new owner (a random password unless piped)",
  "  reset-password EMAIL [--password-stdin] a new password for an admin",
  "  remove EMAIL                           remove an admin (the last owner stays)",
].join("\n");

const MIN_PASSWORD_LENGTH = 8;

/** Runs one command; the answer is the process's exit code (0 done, 1 refused, 2 usage). */
export async function runAdminTask(deps: AdminTaskDeps, args: readonly string[]): Promise<number> {
  const [command, target, ...flags] = args;
  const fromStdin = flags.includes("--password-stdin");
  const unknownFlags = flags.filter((f) => f !== "--password-stdin");
  if (command === "list" && target === undefined) return await list(deps);
  if (!["add", "reset-password", "remove"].includes(command ?? "") || unknownFlags.length > 0) {
    deps.out(USAGE);
    return 2;
  }
  // The same check as the login's, so that every admin added here can log in.
  const parsed = emailField.safeParse(target ?? "");
  if (!parsed.success) {
    deps.out(`"${target ?? ""}" is not an e-mail address`);
    return 2;
  }
  const email = parsed.data;
  if (command === "remove") return await remove(deps, email);
  const password = fromStdin
    ? (await deps.readPassword()).replace(/\r?\n$/, "")
    : (deps.randomPassword ?? generatePassword)();
  if (password.length < MIN_PASSWORD_LENGTH) {
    deps.out(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    return 1;
  }
  const existing = await deps.accounts.findAdminByEmail(email);
  if (command === "add") {
    if (existing) {
      deps.out(`${email} is already an admin: use reset-password to give a new password`);
      return 1;
    }
    await deps.accounts.upsertAdmin(email, await deps.hasher.hash(password), "task");
    deps.out(`Added the owner ${email}`);
  } else {
    if (!existing) {
      deps.out(`No admin has the e-mail ${email}`);
      return 1;
    }
    await deps.accounts.setAdminPassword(email, await deps.hasher.hash(password));
    deps.out(`Set a new password for ${email}; tokens issued before stay valid until they expire`);
  }
  if (!fromStdin) deps.out(`Password (shown only this once): ${password}`);
  return 0;
}

async function list(deps: AdminTaskDeps): Promise<number> {
  const admins = await deps.accounts.listAdmins();
  if (admins.length === 0) {
    deps.out("No admins yet: the shop creates one at its next start");
    return 0;
  }
  const width = Math.max(...admins.map((a) => a.email.length), 5);
  deps.out(
    `${"EMAIL".padEnd(width)}  ${"ROLE".padEnd(6)}  ${"STATE".padEnd(8)}  ` +
      `${"MANAGED BY".padEnd(20)}  ADDED`,
  );
  for (const admin of admins) {
    const role = ROLE_POLICIES[admin.role].label.toLowerCase();
    deps.out(
      `${admin.email.padEnd(width)}  ${role.padEnd(6)}  ${admin.state.padEnd(8)}  ` +
        `${MANAGED_BY[admin.source].padEnd(20)}  ${admin.createdAt.toISOString()}`,
    );
  }
  return 0;
}

/** Who manages an admin, as the list says it. */
const MANAGED_BY: Record<AdminSource, string> = {
  environment: "ADMIN_EMAIL",
  task: "deno task admin",
  invitation: "admin area",
};

async function remove(deps: AdminTaskDeps, email: string): Promise<number> {
  const outcome = await deps.accounts.removeAdmin(email);
  if (outcome === "not_found") {
    deps.out(`No admin has the e-mail ${email}`);
    return 1;
  }
  if (outcome === "last_owner") {
    deps.out(`${email} is the last owner and stays: add another owner first`);
    return 1;
  }
  deps.out(
    `Removed the admin ${email}; tokens issued before stay valid until they expire ` +
      "(at most 2 hours)",
  );
  return 0;
}
