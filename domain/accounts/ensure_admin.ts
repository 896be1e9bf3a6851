/**
 * Makes sure the shop can be administered after start (the rule; the composition root
 * reads the environment and draws the random password):
 *
 * - ADMIN_EMAIL and ADMIN_PASSWORD set: that admin exists and is an owner (a staff member
 *   it names becomes one), and an admin an earlier
 *   ADMIN_EMAIL named (or the generated first admin) is removed; admins added with
 *   `deno task admin add` stay. ADMIN_PASSWORD is the password of an admin it creates, or
 *   of one that has none; an admin that has a password keeps it (one changed in the admin
 *   area, by a reset link or by `deno task admin` survives every start), unless the start
 *   says `reset` (ADMIN_PASSWORD_RESET=1): then ADMIN_PASSWORD is set again and the
 *   admin's sessions end.
 * - neither set, no admin in the database: admin@pothgula.lk is created with a random
 *   20-character password, logged once in a single line.
 * - neither set, admins present: nothing changes.
 * - only one of the two set: a configuration error naming the missing variable.
 */
import type { AccountRepository, PasswordHasher } from "../ports.ts";
import { normalizeEmail } from "./email.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@pothgula.lk";
const MIN_PASSWORD_LENGTH = 8;

export interface EnsureAdminDeps {
  accounts: AccountRepository;
  hasher: PasswordHasher;
  log: (line: string) => void;
  /** A new random password, for the first admin of a new shop. */
  randomPassword: () => string;
  /** Ends every session of an admin whose password the environment reset; none when absent. */
  endSessions?: (adminId: number) => Promise<void>;
}

/**
 * @example
 * await ensureAdmin(
 *   { accounts, hasher, log: console.log, randomPassword: generatePassword },
 *   { email: Deno.env.get("ADMIN_EMAIL"), password: Deno.env.get("ADMIN_PASSWORD") },
 * );
 */
export async function ensureAdmin(
  deps: EnsureAdminDeps,
  env: { email?: string; password?: string; reset?: boolean },
): Promise<void> {
  const email = env.email?.trim() || undefined;
  const password = env.password || undefined;
  if (email && !password) throw new Error("ADMIN_PASSWORD must be set when ADMIN_EMAIL is set");
  if (password && !email) throw new Error("ADMIN_EMAIL must be set when ADMIN_PASSWORD is set");

  if (email && password) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new Error(`ADMIN_EMAIL "${email}" is not an e-mail address`);
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    }
    const named = normalizeEmail(email);
    const existing = await deps.accounts.findAdminByEmail(named);
    if (existing && existing.passwordHash !== "" && !env.reset) {
      // The password is the owner's now: the environment only says who manages the admin,
      // and that it is an owner.
      await deps.accounts.setAdminSource(named, "environment");
      if (existing.role !== "owner") await deps.accounts.setAdminRole(existing.id, "owner");
    } else {
      const admin = await deps.accounts.upsertAdmin(
        named,
        await deps.hasher.hash(password),
        "environment",
      );
      if (existing && env.reset) {
        await deps.endSessions?.(admin.id);
        deps.log(
          `Set the password of the admin ${named} from ADMIN_PASSWORD (ADMIN_PASSWORD_RESET): ` +
            "unset ADMIN_PASSWORD_RESET, or every start sets it again",
        );
      }
    }
    // A changed ADMIN_EMAIL replaces the admin it named before; task-added admins stay.
    for (const gone of await deps.accounts.removeEnvironmentAdminsExcept(named)) {
      deps.log(`Removed the admin ${gone}: ADMIN_EMAIL now names ${named}`);
    }
    return;
  }

  if (await deps.accounts.countAdmins() > 0) return;
  const generated = deps.randomPassword();
  await deps.accounts.upsertAdmin(DEFAULT_ADMIN_EMAIL, await deps.hasher.hash(generated));
  deps.log(
    `Created the admin account ${DEFAULT_ADMIN_EMAIL} with password ${generated} ` +
      `(shown only this once: set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}
