/**
 * The shop's admins on the wire (/api/staff): the owner's invitation, a change of role, and
 * an admin as the Staff page lists them. The roles are the domain's
 * (domain/accounts/admin_roles.ts).
 */
import { z } from "zod";
import { ADMIN_ROLES } from "../domain/accounts/admin_roles.ts";
import { emailField } from "./account_requests.ts";

const role = z.enum(ADMIN_ROLES, { error: `must be one of ${ADMIN_ROLES.join(", ")}` });

/** POST /api/staff: who to invite, as staff unless said otherwise. */
export const staffInvitationBody = z.strictObject({
  email: emailField,
  role: role.default("staff").describe("staff when absent"),
});

/** PUT /api/staff/{id}/role */
export const staffRoleBody = z.strictObject({ role });

/** One admin as the Staff page shows them. */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  state: z.enum(["invited", "active"]).describe(
    "invited until a password is set with the invitation's link",
  ),
  added_at: z.string().describe("ISO 8601"),
  you: z.boolean().describe("whether this is the admin asking"),
});

export type WireStaffMember = z.output<typeof StaffMemberSchema>;
