/**
 * /api/staff: the owner's page of the shop's admins. An owner invites staff (or another
 * owner) by e-mail, changes a role, resets an admin's access and removes an admin; the
 * last owner is never removed nor made staff.
 */
import { z } from "zod";
import { STAFF_PATHS } from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { idParam } from "../requests.ts";
import { data } from "../records.ts";
import { staffInvitationBody, StaffMemberSchema, staffRoleBody } from "../staff.ts";

export const STAFF_ROUTES = {
  list: defineRoute({
    ...STAFF_PATHS.list,
    summary: "The shop's admins, oldest first: role, state (invited or active) and when added",
    admin: "staff",
    ok: { status: 200, schema: data(z.array(StaffMemberSchema)) },
    errors: ADMIN_ERRORS,
  }),
  invite: defineRoute({
    ...STAFF_PATHS.invite,
    summary:
      "Invite an admin by e-mail (staff unless said otherwise): they are mailed a link to set a password, which works once, for 7 days; 409 when the address is an admin's or a customer's already",
    admin: "staff",
    json: staffInvitationBody,
    ok: { status: 201, schema: data(StaffMemberSchema) },
    errors: [...ADMIN_ERRORS, 400, 409, 415],
  }),
  role: defineRoute({
    ...STAFF_PATHS.role,
    summary:
      "Change an admin's role; their sessions end, so they sign in again with it. 409 for the last owner",
    admin: "staff",
    params: idParam,
    json: staffRoleBody,
    ok: { status: 200, schema: data(StaffMemberSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  reset: defineRoute({
    ...STAFF_PATHS.reset,
    summary:
      "Reset an admin's access: their password stops working, their sessions end, and a new link to set one is mailed (valid 7 days). 409 for one's own access (change it under Password)",
    admin: "staff",
    params: idParam,
    ok: { status: 200, schema: data(StaffMemberSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409],
  }),
  remove: defineRoute({
    ...STAFF_PATHS.remove,
    summary: "Remove an admin: their sessions end at once. 409 for the last owner",
    admin: "staff",
    params: idParam,
    ok: { status: 204 },
    errors: [...ADMIN_ERRORS, 400, 404, 409],
  }),
};
