/**
 * The owner's Staff page under /api/staff: the shop's admins with their role and state, an
 * invitation by e-mail, a change of role, a reset of someone's access and a removal. Only
 * roles that may do the "staff" task reach these handlers (the admin guard, http/app.ts);
 * the last owner is kept by the account repository, in one transaction.
 *
 * An invitation is a password link (the reset's mechanism, PasswordResetStore) worded as an
 * invitation and valid for 7 days rather than one hour: a reset link answers a request its
 * owner made a moment ago, an invitation reaches someone who is not waiting for it (a new
 * packer reads it at home, after the weekend). It still works once, sets a first password
 * on an account that has none (nothing opens it meanwhile), and the owner can send a new
 * one or remove the account at any time.
 */
import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { AdminEnv } from "../auth/require_admin.ts";
import type { AdminAccount, AdminSummary } from "../../domain/ports.ts";
import { staffInvitationMail } from "../../domain/notifications/account_mail.ts";
import { STAFF_ROUTES } from "../../contract/routes/mod.ts";
import type { WireStaffMember } from "../../contract/staff.ts";
import { ApiError, notFound } from "../middleware/errors.ts";
import { newPasswordLink } from "../auth/reset_routes.ts";
import { serve } from "./route_spec.ts";

const BASE = "/api/staff";

/** How long an invitation's link works: 7 days (see above for why). */
export const INVITATION_DAYS = 7;
export const INVITATION_LINK_MS = INVITATION_DAYS * 24 * 60 * 60_000;

export const LAST_OWNER =
  "The shop's last owner cannot be removed nor made staff: make another admin an owner first";

function member(admin: AdminSummary, you: number): WireStaffMember {
  return {
    id: admin.id,
    email: admin.email,
    role: admin.role,
    state: admin.state,
    added_at: admin.createdAt.toISOString(),
    you: admin.id === you,
  };
}

function conflict(message: string): ApiError {
  return new ApiError(409, "CONFLICT", message);
}

/**
 * The routes of /api/staff: mount with `app.route("/api/staff", staffRoutes(deps))`.
 *
 * @example
 * app.route("/api/staff", staffRoutes(deps));
 */
export function staffRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = (c: Context) => (c as unknown as Context<AdminEnv>).get("admin");

  async function listed(id: number, you: number): Promise<WireStaffMember> {
    const found = (await deps.accounts.listAdmins()).find((a) => a.id === id);
    if (!found) throw notFound("Admin", id);
    return member(found, you);
  }

  /** Mails a new link that sets the admin's password, worded as an invitation. */
  async function invite(admin: AdminAccount): Promise<void> {
    if (!deps.accountMail) throw new Error("No mail outbox: the invitation cannot be sent");
    const token = await newPasswordLink(
      deps.passwordResets,
      { role: "admin", id: admin.id },
      deps.clock.now(),
      INVITATION_LINK_MS,
    );
    await deps.accountMail.enqueue(staffInvitationMail({
      email: admin.email,
      token,
      role: admin.role,
      days: INVITATION_DAYS,
      shop: deps.shop,
    }));
  }

  /** Ends everything that opens the account: its sessions and its links. */
  async function shutOut(id: number): Promise<void> {
    await deps.tokens.endAll("admin", id);
    await deps.passwordResets.endAll("admin", id);
  }

  serve(app, BASE, STAFF_ROUTES.list, async (c) => {
    const you = signedIn(c).id;
    return c.json({ data: (await deps.accounts.listAdmins()).map((a) => member(a, you)) }, 200);
  });

  serve(app, BASE, STAFF_ROUTES.invite, async (c) => {
    const { email, role } = c.req.valid("json");
    // Sign-in looks for an admin first: a customer's address would lose its shop account.
    if (await deps.accounts.findCustomerByEmail(email)) {
      throw conflict(
        `${email} has a customer account: invite the staff member with another address`,
      );
    }
    const outcome = await deps.accounts.inviteAdmin(email, role);
    if (outcome.kind === "taken") throw conflict(`${email} is already one of the shop's admins`);
    await invite(outcome.admin);
    return c.json({ data: await listed(outcome.admin.id, signedIn(c).id) }, 201);
  });

  serve(app, BASE, STAFF_ROUTES.role, async (c) => {
    const { id } = c.req.valid("param");
    const { role } = c.req.valid("json");
    const outcome = await deps.accounts.setAdminRole(id, role);
    if (outcome === "not_found") throw notFound("Admin", id);
    if (outcome === "last_owner") throw conflict(LAST_OWNER);
    // A live token names the role it was issued with: the admin signs in again with the new one.
    if (outcome === "changed") await deps.tokens.endAll("admin", id);
    return c.json({ data: await listed(id, signedIn(c).id) }, 200);
  });

  serve(app, BASE, STAFF_ROUTES.reset, async (c) => {
    const { id } = c.req.valid("param");
    const you = signedIn(c).id;
    if (id === you) {
      throw conflict("You cannot reset your own access: change your password under Password");
    }
    const admin = await deps.accounts.findAdminById(id);
    if (!admin) throw notFound("Admin", id);
    // The old password stops working, every session and earlier link ends; a new link goes.
    await deps.accounts.clearAdminPassword(id);
    await shutOut(id);
    await invite(admin);
    return c.json({ data: await listed(id, you) }, 200);
  });

  serve(app, BASE, STAFF_ROUTES.remove, async (c) => {
    const { id } = c.req.valid("param");
    const outcome = await deps.accounts.removeAdminById(id);
    if (outcome === "not_found") throw notFound("Admin", id);
    if (outcome === "last_owner") throw conflict(LAST_OWNER);
    await shutOut(id);
    return c.body(null, 204);
  });

  return app;
}
